package service

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/mcpschema/mcpschema/cmd/internal/pipeline"
	"github.com/mcpschema/mcpschema/diffcheck"
	"github.com/mcpschema/mcpschema/internal/load"
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/source"
	"github.com/mcpschema/mcpschema/internal/testsupport/testrepo"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
	"github.com/mcpschema/mcpschema/validate"
)

// baseRepo is a git repository in a temporary folder (testrepo.Repo).
type baseRepo struct {
	*testrepo.Repo
	dir string
}

func newBaseRepo(t *testing.T) *baseRepo {
	t.Helper()
	r := testrepo.New(t)
	return &baseRepo{Repo: r, dir: r.Dir}
}

func (r *baseRepo) git(args ...string) string  { r.T.Helper(); return r.Git(args...) }
func (r *baseRepo) write(name, content string) { r.T.Helper(); r.Write(name, content) }

func btTools(ts ...string) string { return `{"tools": [` + strings.Join(ts, ",\n") + "]}\n" }

func btTool(name, props string) string {
	return fmt.Sprintf(`{"name": %q, "description": "tool %s", "inputSchema": {"type": "object", "properties": {%s}}}`, name, name, props)
}

// TestRunBaseMatchesWholeTrees: check --base, which reads, validates and
// compares path by path, reports what validating every head file and
// comparing the whole base tree with the whole head tree reports: tools
// moved between files (out of a file that changed, next to a file that did
// not), a deleted file, a new file, a base file that does not parse, an
// alias, a rename, duplicates across files, unchanged files.
func TestRunBaseMatchesWholeTrees(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	r := newBaseRepo(t)
	r.write(".mcpschema.yaml", "files: ['tools/**/*.json']\naliases:\n  fresh: stale\n")
	r.write("tools/a.json", btTools(btTool("x", `"q": {"type": "string"}`), btTool("y", `"n": {"type": "integer"}`)))
	r.write("tools/b.json", btTools(btTool("z", `"q": {"type": "string"}`)))
	r.write("tools/c.json", btTools(btTool("w", `"q": {"type": "string"}`), btTool("dup", `"d": {"type": "string"}`)))
	r.write("tools/d.json", btTools(btTool("v", `"q": {"type": "string"}`)))
	r.write("tools/e.json", `{"tools": [`)
	r.write("tools/f.json", btTools(btTool("stale", `"s": {"type": "string"}`), btTool("old", `"o1": {"type": "string"}, "o2": {"type": "boolean"}`)))
	r.write("tools/sub/g.json", btTools(btTool("same", `"q": {"$ref": "#/$defs/nope"}`)))
	r.git("add", "-A")
	r.git("commit", "-q", "-m", "base")
	r.git("tag", "base")
	r.write("tools/a.json", btTools(btTool("x", `"q": {"type": "string"}, "r": {"type": "string"}`)))
	r.write("tools/b.json", btTools(btTool("z", `"q": {"type": "string"}`), btTool("y", `"n": {"type": "string"}`), btTool("dup", `"d": {"type": "integer"}`)))
	if err := os.Remove(filepath.Join(r.dir, "tools/d.json")); err != nil {
		t.Fatal(err)
	}
	r.write("tools/e.json", btTools(btTool("e", `"q": {"type": "string"}`)))
	r.write("tools/f.json", btTools(btTool("fresh", `"s": {"type": "integer"}`), btTool("new", `"o1": {"type": "string"}, "o2": {"type": "boolean"}`)))
	r.write("tools/h.json", btTools(btTool("u", `"q": {"type": "string"}`)))
	for _, commit := range []bool{false, true} {
		opts := RunOptions{Rules: testRules, Dir: r.dir, Base: "base", Gate: failNever, Now: time.Unix(0, 0)}
		if commit {
			r.git("add", "-A")
			r.git("commit", "-q", "-m", "head")
			opts.HeadRef = "HEAD"
		}
		got, err := Run(context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		want := wholeTrees(t, opts)
		if !reflect.DeepEqual(got.Report.Findings, want.Report.Findings) || !reflect.DeepEqual(got.Report.Files, want.Report.Files) {
			t.Errorf("head ref %v: path by path:\n%s\nwhole trees:\n%s", commit, listFindings(got), listFindings(want))
		}
		rules := map[string]int{}
		for _, f := range got.Report.Findings {
			rules[f.Rule]++
		}
		for _, r := range []string{"compat.tool.removed", "compat.tool.added", "compat.tool.renamed", "compat.file.base-unreadable", "compat.input.type-narrowed"} {
			if rules[r] == 0 {
				t.Errorf("head ref %v: no %s finding; the case does not test what it claims: %v", commit, r, rules)
			}
		}
	}
}

func listFindings(res *Result) string {
	var b strings.Builder
	for _, f := range res.Report.Findings {
		fmt.Fprintf(&b, "  %s %s#%s %s\n", f.Rule, f.File, f.Pointer, f.Message)
	}
	return b.String()
}

// markPreExisting marks the findings of head that base has (same tool, or
// file, rule and pointer inside it), in files checked in full: the whole
// base tree validated, what the pipeline does for only the paths that need it.
func markPreExisting(head, base *report.Report) {
	type key struct{ tool, file, rule, ptr string }
	keyOf := func(f report.Finding) key {
		if f.Tool != "" {
			return key{tool: f.Tool, rule: f.Rule, ptr: strings.TrimPrefix(f.Pointer, f.ToolPointer)}
		}
		return key{file: f.File, rule: f.Rule, ptr: f.Pointer}
	}
	had := map[key]bool{}
	for _, f := range base.Findings {
		had[keyOf(f)] = true
	}
	complete := map[string]bool{}
	for _, fs := range head.Files {
		complete[fs.Path] = fs.Complete
	}
	for i, f := range head.Findings {
		if had[keyOf(f)] && complete[f.File] && !f.Incomplete {
			head.Findings[i].PreExisting = true
		}
	}
}

// wholeTrees is check --base as it was: every head file loaded and
// validated, the whole base tree loaded, the two compared at once (with
// the patterns' notes and unmatched warnings, under the run's deadline).
func wholeTrees(t *testing.T, o RunOptions) *Result {
	t.Helper()
	ctx := context.Background()
	cfg, err := LoadRunConfig(o)
	if err != nil {
		t.Fatal(err)
	}
	patterns, fromConfig, err := RunPatterns(o, cfg)
	if err != nil {
		t.Fatal(err)
	}
	m, err := load.NewMatcher(patterns)
	if err != nil {
		t.Fatal(err)
	}
	opts := validate.Options{DefaultVersions: cfg.ProtocolVersions, Limits: cfg.Limits.WithDefaults()}
	opts.Deadline = time.Now().Add(opts.Limits.RunTimeout)
	var files []*source.File
	var notes []string
	if o.HeadRef != "" {
		if files, err = load.LoadRevision(ctx, o.Dir, o.HeadRef, patterns, opts.Limits.Limits); err != nil {
			t.Fatal(err)
		}
	} else {
		exp, err := load.Expand(o.Dir, m)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range exp.Files {
			files = append(files, load.ReadWorkFile(f, opts.Limits.Limits))
		}
		notes = exp.Notes
	}
	baseFiles, err := load.LoadRevision(ctx, o.Dir, o.Base, patterns, opts.Limits.Limits)
	if err != nil {
		t.Fatal(err)
	}
	unmatched, err := unmatchedPatterns(m, pathHits(m, files), pathHits(m, baseFiles), cfg, fromConfig, o.HeadRef, o.Base)
	if err != nil {
		t.Fatal(err)
	}
	rep := validateFiles(files, opts)
	markPreExisting(rep, validateFiles(baseFiles, opts))
	rep.Notes = append(rep.Notes, notes...)
	rep.Findings = append(rep.Findings, unmatched...)
	rep.Findings = append(rep.Findings, diffcheck.Compare(baseFiles, files, diffcheck.Options{Aliases: cfg.Aliases, Schema: pipeline.DiffLimits(opts)})...)
	rep.Findings = diffcheck.NotComparedWhereInvalid(rep.Findings, validate.RuleToolSchemaValid.ID)
	return keepIgnored(finish(rep, cfg, cfg.Gate.With(o.Gate), o.Now, nil), o.ShowIgnored)
}
