package service

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// versionDoc is an MCP Description document at version v with one tool
// whose argument q is required when req is set.
func versionDoc(v string, req bool) string {
	r := ""
	if req {
		r = `, required: [q]`
	}
	return "mcpdesc: 0.8.0\ninfo: {name: s, version: " + v + "}\nprotocolVersions: [2025-11-25]\ntransports: [{type: stdio, command: s}]\n" +
		"tools:\n  - name: t\n    description: d\n    inputSchema: {type: object, properties: {q: {type: string}}" + r + "}\n"
}

// TestVersionPolicy: under version-policy: semver, a breaking change with a
// major version bump is announced (accepted, a notice, still counted as
// breaking); without a bump it says to bump the major version; a major
// bump without a breaking change is noted; without the policy a bump
// changes nothing.
func TestVersionPolicy(t *testing.T) {
	toolrepo.EndToEnd(t)
	run := func(t *testing.T, cfg, before, after string, req bool) (int, report.Report) {
		repo := t.TempDir()
		actGit(t, repo, "init", "-q", "-b", "main")
		actCommit(t, repo, "base", map[string]string{"s.mcpdesc.yaml": versionDoc(before, false), ".mcpschema.yaml": cfg})
		actGit(t, repo, "tag", "base")
		if err := os.WriteFile(filepath.Join(repo, "s.mcpdesc.yaml"), []byte(versionDoc(after, req)), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errOut := runCheck(t, repo, "--base", "base", "--config-from", "base", "--format", "json", "s.mcpdesc.yaml")
		var rep report.Report
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("%v: %s%s", err, out, errOut)
		}
		return code, rep
	}
	breaking := func(rep report.Report) *report.Finding {
		for i, f := range rep.Findings {
			if f.Rule == "compat.input.required-added" {
				return &rep.Findings[i]
			}
		}
		t.Fatalf("no breaking change: %+v", rep.Findings)
		return nil
	}
	t.Run("announced", func(t *testing.T) {
		code, rep := run(t, "version-policy: semver\n", "1.4.0", "2.0.0", true)
		f := breaking(rep)
		for _, g := range rep.Findings {
			if g.Rule == "mcpschema.document.major-bump-unused" {
				t.Errorf("a bump that announces a break is flagged: %+v", g)
			}
		}
		if code != exitOK || f.Severity.String() != "notice" || f.Accepted != "announced by 1.4.0 → 2.0.0" ||
			!strings.Contains(f.Message, "(breaking, announced by 1.4.0 → 2.0.0)") || rep.Summary.Breaking != 1 || rep.Summary.Accepted != 1 {
			t.Errorf("exit %d, finding %+v, summary %+v", code, f, rep.Summary)
		}
	})
	t.Run("not announced", func(t *testing.T) {
		code, rep := run(t, "version-policy: semver\n", "1.4.0", "1.5.0", true)
		f := breaking(rep)
		if code != exitFindings || f.Severity.String() != "error" || !strings.Contains(f.Message, "bump the major version") {
			t.Errorf("exit %d, finding %+v", code, f)
		}
	})
	t.Run("bump without break", func(t *testing.T) {
		code, rep := run(t, "version-policy: semver\n", "1.4.0", "2.0.0", false)
		found := false
		for _, f := range rep.Findings {
			found = found || (f.Rule == "mcpschema.document.major-bump-unused" && f.Severity.String() == "notice" && f.Line == 2 &&
				strings.Contains(f.Message, `info.version went from "1.4.0" to "2.0.0", a major bump, yet no breaking change was found`))
		}
		if code != exitOK || !found {
			t.Errorf("exit %d, findings %+v", code, rep.Findings)
		}
	})
	t.Run("no policy", func(t *testing.T) {
		code, rep := run(t, "fail-on: error\n", "1.4.0", "2.0.0", true)
		f := breaking(rep)
		if code != exitFindings || f.Severity.String() != "error" || f.Accepted != "" || strings.Contains(f.Message, "major version") {
			t.Errorf("without the policy a bump changes nothing: exit %d, finding %+v", code, f)
		}
	})
	t.Run("head cannot opt in", func(t *testing.T) {
		// the working tree's config sets the policy; the base's (which applies) does not
		repo := t.TempDir()
		actGit(t, repo, "init", "-q", "-b", "main")
		actCommit(t, repo, "base", map[string]string{"s.mcpdesc.yaml": versionDoc("1.4.0", false), ".mcpschema.yaml": "fail-on: error\n"})
		actGit(t, repo, "tag", "base")
		os.WriteFile(filepath.Join(repo, "s.mcpdesc.yaml"), []byte(versionDoc("2.0.0", true)), 0o644)
		os.WriteFile(filepath.Join(repo, ".mcpschema.yaml"), []byte("version-policy: semver\n"), 0o644)
		if code, out, _ := runCheck(t, repo, "--base", "base", "--config-from", "base", "s.mcpdesc.yaml"); code != exitFindings {
			t.Errorf("exit %d: the pull request opted itself in:\n%s", code, out)
		}
	})
}

// TestChangelogProposesBump: changelog proposes the bump the changes call
// for, with or without version-policy.
func TestChangelogProposesBump(t *testing.T) {
	toolrepo.EndToEnd(t)
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	actCommit(t, repo, "base", map[string]string{"s.mcpdesc.yaml": versionDoc("1.4.0", false)})
	actGit(t, repo, "tag", "base")
	if err := os.WriteFile(filepath.Join(repo, "s.mcpdesc.yaml"), []byte(versionDoc("1.4.0", true)), 0o644); err != nil {
		t.Fatal(err)
	}
	cl := changelogOf(t, repo, "base", "s.mcpdesc.yaml")
	if b := cl.Bump; b == nil || b.Kind != "major" || b.From != "1.4.0" || b.To != "2.0.0" || b.File != "s.mcpdesc.yaml" || len(b.Files) > 1 {
		t.Errorf("changelog does not propose the major bump (1.4.0 → 2.0.0 in s.mcpdesc.yaml): %+v", cl.Bump)
	}
}
