package service

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// scopeHeadTools removes "delete" and adds "remove" (a different schema, so
// the diff does not guess a rename) besides trustHeadTools' two breaks.
const scopeHeadTools = `{
  "tools": [
    {"name": "search", "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}, "n": {"type": "integer"}, "mode": {"type": "string"}}, "required": ["mode"]}},
    {"name": "fetch", "inputSchema": {"type": "object", "properties": {"url": {"type": "string"}}}},
    {"name": "remove", "inputSchema": {"type": "object", "properties": {"key": {"type": "integer"}}}}
  ]
}
`

// scopeCase is a config change whose files, exclude, limits or aliases
// would change the findings: what the report must list.
type scopeCase struct {
	baseCfg, headCfg string
	// extra are files added by the head besides tools/tools.json.
	extra map[string]string
	// hidden and paired are "file rule" of the findings listed.
	hidden, paired []string
	// unknown are substrings of the change's Unknown lines, in order.
	unknown []string
	// text are lines of the text output.
	text []string
	// noDiff: the applied limits keep the file from being compared.
	noDiff bool
}

var scopeCases = map[string]scopeCase{
	"files": {
		baseCfg: "files: [\"tools/*.json\"]\n",
		headCfg: "files: [\"more/*.json\"]\n",
		extra:   map[string]string{"more/a.json": `{"tools": []}`, "more/b.json": `{"tools": []}`},
		hidden: []string{"tools/tools.json compat.input.required-added", "tools/tools.json compat.input.type-narrowed",
			"tools/tools.json compat.tool.added", "tools/tools.json compat.tool.removed"},
		unknown: []string{"2 more files would be read after merge; their findings are not known here"},
		text:    []string{"    would hide: tools/tools.json:", "    note: 2 more files would be read after merge; their findings are not known here"},
	},
	"exclude": {
		baseCfg: "files: [\"tools/*.json\", \"more/*.json\"]\n",
		headCfg: "files: [\"tools/*.json\", \"more/*.json\"]\nexclude: [\"tools/tools.json\"]\n",
		extra:   map[string]string{"more/a.json": `{"tools": []}`},
		hidden: []string{"tools/tools.json compat.input.required-added", "tools/tools.json compat.input.type-narrowed",
			"tools/tools.json compat.tool.added", "tools/tools.json compat.tool.removed"},
	},
	"limits": {
		baseCfg: "files: [\"tools/*.json\"]\nlimits:\n  max-file-tools: 2\n  max-file-depth: 50\n",
		headCfg: "files: [\"tools/*.json\"]\nlimits:\n  max-file-tools: 1000\n  max-file-depth: 40\n",
		// the file is over the bound at both revisions: not diffed
		noDiff: true,
		hidden: []string{"tools/tools.json compat.file.base-unreadable", "tools/tools.json mcpschema.file.bound-exceeded"},
		unknown: []string{"limits.max-file-depth is lowered from 50 to 40: the bound findings it would add after merge are not computed here",
			`"tools/tools.json" would be checked fully once limits.max-file-tools is raised from 2 to 1000: its other findings are not known here`},
		text: []string{"    would hide: tools/tools.json:", "[mcpschema.file.bound-exceeded]", "    note: limits.max-file-depth is lowered"},
	},
	"aliases": {
		baseCfg: "files: [\"tools/*.json\"]\n",
		headCfg: "files: [\"tools/*.json\"]\naliases:\n  remove: delete\n",
		paired:  []string{"tools/tools.json compat.tool.removed"},
		text:    []string{"    would reclassify (paired by the alias): tools/tools.json:", `"delete"`},
	},
}

// scopeRepo commits the base (trustBaseTools and baseCfg), the head
// (scopeHeadTools, the extra files and headCfg) and a merge commit.
func scopeRepo(t *testing.T, c scopeCase) (repo, base, head, merge string) {
	t.Helper()
	repo = t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	base = actCommit(t, repo, "base", map[string]string{"tools/tools.json": trustBaseTools, DefaultConfigName: c.baseCfg})
	files := map[string]string{"tools/tools.json": scopeHeadTools, DefaultConfigName: c.headCfg}
	for k, v := range c.extra {
		files[k] = v
	}
	head = actCommit(t, repo, "head", files)
	merge = actCommit(t, repo, "merge", nil)
	return repo, base, head, merge
}

func findingKeys(fs []report.Finding) []string {
	out := []string{}
	for _, f := range fs {
		out = append(out, f.File+" "+f.Rule)
	}
	sort.Strings(out)
	return out
}

// checkScope checks the configChange of a report against the case.
func checkScope(t *testing.T, c scopeCase, cc *report.ConfigChange) {
	t.Helper()
	if cc == nil {
		t.Fatal("no configChange in the report")
	}
	if got := findingKeys(cc.Hidden); strings.Join(got, "\n") != strings.Join(append([]string{}, c.hidden...), "\n") {
		t.Errorf("hidden:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(c.hidden, "\n"))
	}
	if got := findingKeys(cc.Paired); strings.Join(got, "\n") != strings.Join(c.paired, "\n") {
		t.Errorf("paired: %q, want %q", got, c.paired)
	}
	if len(cc.Reclassified) != 0 || len(cc.Shown) != 0 {
		t.Errorf("reclassified %+v, shown %+v: want none", cc.Reclassified, cc.Shown)
	}
	if len(cc.Unknown) != len(c.unknown) {
		t.Fatalf("unknown %q, want %q", cc.Unknown, c.unknown)
	}
	for i, want := range c.unknown {
		if !strings.Contains(cc.Unknown[i], want) {
			t.Errorf("unknown[%d] = %q, want %q", i, cc.Unknown[i], want)
		}
	}
}

// TestCheckConfigFromScope: for the settings that are
// not severities or ignores: check --config-from lists the findings the
// working tree's files, exclude, limits and aliases would hide or
// reclassify after merge, and says what it cannot know.
func TestCheckConfigFromScope(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("slow (one of the four slowest tests): runs without -short, as CI does")
	}
	for name, c := range scopeCases {
		t.Run(name, func(t *testing.T) {
			repo, base, _, _ := scopeRepo(t, c)
			code, out, errOut := runCheck(t, repo, "--base", base, "--config-from", base, "--format", "json")
			var rep report.Report
			if err := json.Unmarshal([]byte(out), &rep); err != nil || code != exitFindings {
				t.Fatalf("json: exit %d, %v\n%s%s", code, err, out, errOut)
			}
			if !c.noDiff && rep.Summary.Breaking < 3 {
				t.Errorf("%d breaking changes, want 3: the base config applies", rep.Summary.Breaking)
			}
			checkScope(t, c, rep.ConfigChange)
			_, out, _ = runCheck(t, repo, "--base", base, "--config-from", base)
			for _, want := range c.text {
				if !strings.Contains(out, want) {
					t.Errorf("text output lacks %q:\n%s", want, out)
				}
			}
		})
	}
}

// TestConfigFromScopeCLIPatterns checks that patterns given on the command
// line keep the changed files out of the comparison, while a changed
// exclude still applies to them.
func TestConfigFromScopeCLIPatterns(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	c := scopeCases["files"]
	repo, base, _, _ := scopeRepo(t, c)
	code, out, _ := runCheck(t, repo, "--base", base, "--config-from", base, "--format", "json", "tools/*.json")
	var rep report.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != exitFindings {
		t.Fatalf("json: exit %d, %v\n%s", code, err, out)
	}
	if cc := rep.ConfigChange; cc == nil || len(cc.Hidden) != 0 || len(cc.Unknown) != 0 {
		t.Errorf("files changed but the command line gives the patterns: %+v", rep.ConfigChange)
	}
	if err := os.WriteFile(filepath.Join(repo, DefaultConfigName), []byte("exclude: [\"tools/tools.json\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, out, _ = runCheck(t, repo, "--base", base, "--config-from", base, "--format", "json", "tools/*.json")
	rep = report.Report{}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || rep.ConfigChange == nil || len(rep.ConfigChange.Hidden) != 4 {
		t.Errorf("a changed exclude hides the file's findings: %v %+v", err, rep.ConfigChange)
	}
}
