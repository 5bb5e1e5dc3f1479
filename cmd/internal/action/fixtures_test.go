package action

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/cmd/internal/service"
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

const goodTool = `{"name": "echo", "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"], "additionalProperties": false}}`

func filePaths(rep report.Report) string {
	var out []string
	for _, f := range rep.Files {
		out = append(out, f.Path)
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

func rulesOf(rep report.Report) string {
	var out []string
	for _, f := range rep.Findings {
		out = append(out, f.Severity.String()+" "+f.Rule+" "+f.File)
	}
	return strings.Join(out, "\n")
}

// treeWithDependencies is a repository with tool files, a package.json in
// node_modules and vendor, and tools to exclude.
var treeWithDependencies = map[string]string{
	"tools/a.json":                  goodTool,
	"tools/legacy/old.json":         badTool,
	"tools/a.test.json":             badTool,
	"node_modules/foo/package.json": `{"name": "foo", "version": "1.0.0"}`,
	"vendor/lib/tools.json":         badTool,
}

// clientTool is toolrepo's (the service's and the action's tests share it).
var clientTool = toolrepo.ClientTool

// The branch-behind-main fixtures: toolrepo's (the service's and the
// action's tests share them).
var (
	behindRepo   = toolrepo.BehindRepo
	shallowClone = toolrepo.ShallowClone
)

type behind = toolrepo.Behind

// onlyPullRequestChanges checks that the findings are the pull request's
// own change (search's "q" became required) and nothing main did.
func onlyPullRequestChanges(t *testing.T, rep *report.Report) {
	t.Helper()
	if len(rep.Findings) == 0 {
		t.Fatalf("no findings: want the pull request's required argument")
	}
	breaking := 0
	for _, f := range rep.Findings {
		if f.File != "tools/search.json" || f.Tool != "search" {
			t.Errorf("finding about what main did after the branch point: %s:%d: %s [%s]", f.File, f.Line, f.Message, f.Rule)
		}
		if f.IsBreaking() {
			breaking++
		}
	}
	if breaking == 0 {
		t.Errorf("the pull request's breaking change is not reported: %+v", rep.Findings)
	}
}

// mainChangesReported checks that a comparison with main's tip reports what
// main did: the defect of issue 9 that the merge base avoids.
func mainChangesReported(t *testing.T, rep *report.Report) {
	t.Helper()
	all := ""
	for _, f := range rep.Findings {
		all += fmt.Sprintf("%s: %s [%s]\n", f.File, f.Message, f.Rule)
	}
	for _, want := range []string{`tool "list_projects" was removed`, `tool "ping" was removed with its file`, `tools/items.json: property "id" became required`} {
		if !strings.Contains(all, want) {
			t.Errorf("compared with main's tip, the findings lack %q:\n%s", want, all)
		}
	}
}

// tipRepo builds, in a new repository, a base branch whose config changed
// after the pull request branched:
//
//	main:  A (tools, config oldCfg) ── B (config tipCfg)
//	                 └── pr: H (head tools) ── merged into main: M (checked out)
//
// The pull request branched from A, whose config a roll-out once relaxed;
// main's tip B no longer does. files are the head's tool files (written on
// top of baseFiles).
func tipRepo(t *testing.T, oldCfg, tipCfg string, baseFiles, headFiles map[string]string) (repo, a, b, h, m string) {
	t.Helper()
	repo = t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	files := map[string]string{service.DefaultConfigName: oldCfg}
	for k, v := range baseFiles {
		files[k] = v
	}
	a = actCommit(t, repo, "branch point", files)
	b = actCommit(t, repo, "tightened config", map[string]string{service.DefaultConfigName: tipCfg})
	actGit(t, repo, "checkout", "-q", "-b", "pr", a)
	h = actCommit(t, repo, "head", headFiles)
	actGit(t, repo, "checkout", "-q", "main")
	actGit(t, repo, "merge", "-q", "--no-ff", "-X", "theirs", "-m", "merge", "pr")
	m = actGit(t, repo, "rev-parse", "HEAD")
	return repo, a, b, h, m
}

// otherTools is a tool file that names none of trustBaseTools' tools.
const otherTools = `{"tools": [{"name": "other", "inputSchema": {"type": "object"}}]}` + "\n"

// threeTools is trustBaseTools plus a description, a change that breaks nothing.
var threeTools = strings.Replace(trustBaseTools, `{"name": "fetch",`, `{"name": "fetch", "description": "fetches a page",`, 1)

// hasRule reports whether the report has a finding of rule id.
func hasRule(rep *report.Report, id string) bool {
	for _, f := range rep.Findings {
		if f.Rule == id {
			return true
		}
	}
	return false
}

// assertBothCommits checks that the text note, the JSON and SARIF reports
// and the summary name the merge base (files) and the tip (config).
func assertBothCommits(t *testing.T, e *actEnv, rep *report.Report, mb, tip string) {
	t.Helper()
	note := ""
	for _, n := range rep.Notes {
		if strings.Contains(n, "config") && strings.Contains(n, service.ShortSHA(tip)) && strings.Contains(n, service.ShortSHA(mb)) {
			note = n
		}
	}
	if note == "" {
		t.Errorf("no note names the config commit %s and the compared commit %s: %q", service.ShortSHA(tip), service.ShortSHA(mb), rep.Notes)
	}
	if sum := e.file("summary.md"); !strings.Contains(sum, service.ShortSHA(tip)) || !strings.Contains(sum, service.ShortSHA(mb)) ||
		!strings.Contains(sum, "config from [`"+service.ShortSHA(tip)+"`]") {
		t.Errorf("the summary does not name both commits %s and %s:\n%s", service.ShortSHA(mb), service.ShortSHA(tip), sum)
	}
	sarif, err := os.ReadFile(filepath.Join(e.vars["GITHUB_WORKSPACE"], "out/mcpschema.sarif"))
	if err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Properties struct {
				Baseline report.Baseline `json:"baseline"`
			} `json:"properties"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(sarif, &log); err != nil || len(log.Runs) != 1 {
		t.Fatalf("sarif: %v", err)
	}
	if got := log.Runs[0].Properties.Baseline; got.Commit != mb || got.Config != tip {
		t.Errorf("sarif baseline %+v: want commit %s and config %s", got, mb, tip)
	}
}

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
	base = actCommit(t, repo, "base", map[string]string{"tools/tools.json": trustBaseTools, service.DefaultConfigName: c.baseCfg})
	files := map[string]string{"tools/tools.json": scopeHeadTools, service.DefaultConfigName: c.headCfg}
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

// badTool has one error (an invalid "type").
const badTool = `{"name": "bad", "inputSchema": {"type": "object", "properties": {"q": {"type": 5}}}}`
