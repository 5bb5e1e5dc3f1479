package service

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// TestRunBaseMatchesWholeTreesFiles: check --base path by path reports
// what the whole-tree pipeline reports (findings, files and notes) for
// what the loader decides: symbolic links in the trees (to a tool file,
// dangling, out of the repository), excludes ("!pattern" and the config's
// exclude:), a skipped node_modules, a special file in the working tree,
// a pattern that matches nothing (a warning) and one that matches only at
// the base (a deletion), an MCP Description document whose prompts change,
// and a base file that held no tools.
func TestRunBaseMatchesWholeTreesFiles(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	r := newBaseRepo(t)
	doc := func(prompts string) string {
		return `{"mcpdesc": "0.8.0", "info": {"name": "x", "version": "1.0.0"}, "protocolVersions": ["2025-11-25"], "prompts": [` + prompts +
			`], "tools": [` + btTool("d", `"q": {"type": "string"}`) + "]}\n"
	}
	r.write(".mcpschema.yaml", "files: ['tools/**/*.json', 'gone/*.json', 'none/*.json']\nexclude: ['tools/skip/**']\n")
	r.write("tools/a.json", btTools(btTool("x", `"q": {"type": "string"}`)))
	r.write("tools/doc.json", doc(`{"name": "greet"}, {"name": "brief", "arguments": [{"name": "city"}]}`))
	r.write("tools/cfg.json", `{"version": 1, "entries": ["a", "b"]}`+"\n")
	r.write("tools/skip/s.json", btTools(btTool("s", "")))
	r.write("tools/node_modules/m.json", btTools(btTool("m", "")))
	r.write("gone/g.json", btTools(btTool("g", "")))
	for link, target := range map[string]string{"tools/l.json": "a.json", "tools/dangling.json": "nowhere.json", "tools/out.json": "../../outside.json"} {
		if err := os.Symlink(target, filepath.Join(r.dir, link)); err != nil {
			t.Skipf("no symlinks: %v", err)
		}
	}
	r.git("add", "-A")
	r.git("commit", "-q", "-m", "base")
	r.git("tag", "base")
	r.write("tools/a.json", btTools(btTool("x", `"q": {"type": "integer"}`)))
	r.write("tools/doc.json", doc(`{"name": "brief", "arguments": [{"name": "city", "required": true}]}`))
	r.write("tools/cfg.json", btTools(btTool("c1", ""), btTool("c2", "")))
	r.write("tools/skip/s.json", btTools(btTool("s2", "")))
	if err := os.Remove(filepath.Join(r.dir, "gone/g.json")); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(r.dir, "tools/dangling.json")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("doc.json", filepath.Join(r.dir, "tools/dangling.json")); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(r.dir, "tools/pipe.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Logf("no FIFO: %v", err)
	}
	for _, commit := range []bool{false, true} {
		opts := RunOptions{Rules: testRules, Dir: r.dir, Base: "base", Gate: failNever, Now: time.Unix(0, 0)}
		if commit {
			_ = os.Remove(fifo)
			r.git("add", "-A")
			r.git("commit", "-q", "-m", "head")
			opts.HeadRef = "HEAD"
		}
		for _, patterns := range [][]string{nil, {"tools/**/*.json", "!tools/cfg.json", "none/*.json"}} {
			opts.Patterns = patterns
			got, err := Run(context.Background(), opts)
			if err != nil {
				t.Fatal(err)
			}
			want := wholeTrees(t, opts)
			if !reflect.DeepEqual(got.Report.Findings, want.Report.Findings) || !reflect.DeepEqual(got.Report.Files, want.Report.Files) ||
				!reflect.DeepEqual(got.Report.Notes, want.Report.Notes) {
				t.Errorf("head ref %v, patterns %q: path by path:\n%s%q\nwhole trees:\n%s%q", commit, patterns,
					listFindings(got), got.Report.Notes, listFindings(want), want.Report.Notes)
			}
			rules := map[string]int{}
			for _, f := range got.Report.Findings {
				rules[f.Rule]++
				if strings.Contains(f.File, "skip/") || strings.Contains(f.File, "node_modules") {
					t.Errorf("head ref %v: finding in an excluded or skipped file: %s %s", commit, f.Rule, f.File)
				}
				if f.Rule == RulePatternUnmatched.ID && !strings.Contains(f.Message, `"none/*.json"`) {
					t.Errorf("head ref %v: unexpected unmatched pattern (one matching only at the base is a deletion): %s", commit, f.Message)
				}
			}
			want1 := []string{"compat.input.type-narrowed", "mcpschema.file.unreadable", "compat.file.base-unreadable", "compat.prompt.removed",
				"compat.prompt.argument-required-added", "mcpschema.files.pattern-unmatched"}
			if patterns == nil {
				want1 = append(want1, "compat.file.base-not-comparable", "compat.tool.removed")
			}
			for _, rule := range want1 {
				if rules[rule] == 0 {
					t.Errorf("head ref %v, patterns %q: no %s finding; the case does not test what it claims: %v", commit, patterns, rule, rules)
				}
			}
		}
	}
}
