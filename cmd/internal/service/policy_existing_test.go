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

// TestPreExistingFindings: with a base, a validation finding the base
// already has (same tool or file, rule and pointer; a tool moved to
// another file is the same tool; an unchanged file by construction) is
// marked pre-existing, listed in its own collapsed section, never
// annotated, and does not fail the run unless fail-on-existing is set.
// Without a base no finding is pre-existing.
func TestPreExistingFindings(t *testing.T) {
	toolrepo.EndToEnd(t)
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	bad := func(name, desc string) string {
		return `{"name": "` + name + `", "description": "` + desc + `", "inputSchema": {"type": "object", "properties": {"n": {"type": "integr"}}}}`
	}
	good := func(name string) string {
		return `{"name": "` + name + `", "description": "d", "inputSchema": {"type": "object", "properties": {"n": {"type": "string"}}}}`
	}
	actCommit(t, repo, "base", map[string]string{
		"a.json":     `{"tools": [` + bad("edited", "old") + `, ` + bad("moving", "m") + `]}`,
		"same.json":  `{"tools": [` + bad("still", "s") + `]}`,
		"other.json": `{"tools": [` + good("other") + `]}`,
	})
	actGit(t, repo, "tag", "base")
	actCommit(t, repo, "head", map[string]string{
		// a description edit, the tool moved out to other.json, and a new error
		"a.json":     `{"tools": [` + bad("edited", "new") + `]}`,
		"other.json": `{"tools": [` + good("other") + `, ` + bad("moving", "m") + `, ` + bad("fresh", "f") + `]}`,
	})

	code, out, errOut := runCheck(t, repo, "--base", "base", "--format", "json", "a.json", "same.json", "other.json")
	var rep report.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v: %s%s", err, out, errOut)
	}
	existing := map[string]bool{}
	for _, f := range rep.Findings {
		if f.Rule == "json-schema.tool-schema.valid" {
			existing[f.Tool] = f.PreExisting
		}
	}
	want := map[string]bool{"edited": true, "moving": true, "still": true, "fresh": false}
	for tool, w := range want {
		if got, ok := existing[tool]; !ok || got != w {
			t.Errorf("tool %q: pre-existing %v (found %v), want %v", tool, got, ok, w)
		}
	}
	if rep.Summary.PreExisting != 3 || rep.Summary.Errors != 1 || code != exitFindings {
		t.Errorf("summary %+v, exit %d: want 3 pre-existing, 1 error (fresh), exit %d", rep.Summary, code, exitFindings)
	}

	// without the new error the run passes, and nothing pre-existing is annotated
	actCommit(t, repo, "fix fresh", map[string]string{
		"other.json": `{"tools": [` + good("other") + `, ` + bad("moving", "m") + `, ` + good("fresh") + `]}`,
	})
	code, out, _ = runCheck(t, repo, "--base", "base", "--format", "github", "a.json", "same.json", "other.json")
	if code != exitOK || strings.Contains(out, "::error") {
		t.Errorf("exit %d, want %d, and no error annotation:\n%s", code, exitOK, out)
	}
	code, md, _ := runCheck(t, repo, "--base", "base", "--format", "markdown", "a.json", "same.json", "other.json")
	if code != exitOK || !strings.Contains(md, "<details><summary>Pre-existing findings (3)") {
		t.Errorf("exit %d; markdown lacks the collapsed pre-existing section:\n%s", code, md)
	}

	// fail-on-existing: true counts them
	if err := os.WriteFile(filepath.Join(repo, ".mcpschema.yaml"), []byte("fail-on-existing: true\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, _ = runCheck(t, repo, "--base", "base", "a.json", "same.json", "other.json"); code != exitFindings {
		t.Errorf("fail-on-existing: exit %d, want %d", code, exitFindings)
	}
	os.Remove(filepath.Join(repo, ".mcpschema.yaml"))
	// the text output marks them and the totals count them apart
	_, txt, _ := runCheck(t, repo, "--base", "base", "a.json", "same.json", "other.json")
	if !strings.Contains(txt, "error (pre-existing): ") || !strings.Contains(txt, "0 errors, 0 warnings, 1 notice in 3 files (5 tools); 3 pre-existing findings already at the base, not counted") {
		t.Errorf("text output:\n%s", txt)
	}
	// no base: everything as today
	code, out, _ = runCheck(t, repo, "--format", "json", "a.json", "same.json", "other.json")
	if code != exitFindings || strings.Contains(out, "preExisting") {
		t.Errorf("without a base: exit %d, want %d, nothing pre-existing:\n%s", code, exitFindings, out)
	}
}
