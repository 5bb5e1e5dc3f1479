package service

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/mcpschema/mcpschema/internal/schema"
)

// TestBaseRunBuildsOneEngine: a check --base run, from the working tree
// and from a head revision, builds one schema engine, shared by validation
// and the diff, even when the tree-wide pairing reloads files (a tool
// moved between files, a rename); plain check builds one too.
func TestBaseRunBuildsOneEngine(t *testing.T) {
	r := newBaseRepo(t)
	r.write(".mcpschema.yaml", "files: ['tools/**/*.json']\n")
	r.write("tools/a.json", btTools(btTool("x", `"q": {"type": "string"}`), btTool("y", `"n": {"type": "integer"}`)))
	r.write("tools/b.json", btTools(btTool("z", `"q": {"type": "string"}`)))
	r.write("tools/c.json", btTools(btTool("old", `"o1": {"type": "string"}, "o2": {"type": "boolean"}`)))
	r.git("add", "-A")
	r.git("commit", "-q", "-m", "base")
	r.git("tag", "base")
	r.write("tools/a.json", btTools(btTool("x", `"q": {"type": "integer"}`)))
	r.write("tools/b.json", btTools(btTool("z", `"q": {"type": "string"}`), btTool("y", `"n": {"type": "string"}`)))
	r.write("tools/c.json", btTools(btTool("new", `"o1": {"type": "string"}, "o2": {"type": "boolean"}`)))
	if err := os.WriteFile(filepath.Join(r.dir, "tools/d.json"), []byte(btTools(btTool("w", ""))), 0o644); err != nil {
		t.Fatal(err)
	}
	runs := map[string]RunOptions{
		"check":               {Dir: r.dir, Gate: failNever, Now: time.Unix(0, 0)},
		"check --base":        {Dir: r.dir, Base: "base", Gate: failNever, Now: time.Unix(0, 0)},
		"check --base --head": {Dir: r.dir, Base: "base", HeadRef: "HEAD", Gate: failNever, Now: time.Unix(0, 0)},
	}
	r.git("add", "-A")
	r.git("commit", "-q", "-m", "head")
	for name, o := range runs {
		before := schema.Engines()
		res, err := Run(context.Background(), o)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if n := schema.Engines() - before; n != 1 {
			t.Errorf("%s: %d schema engines built, want 1", name, n)
		}
		if o.Base == "" {
			continue
		}
		rules := map[string]int{}
		for _, f := range res.Report.Findings {
			rules[f.Rule]++
		}
		// y moved from a.json to b.json and old was renamed new: both paired
		// across the tree, which reloads files
		for _, want := range []string{"compat.input.type-narrowed", "compat.tool.renamed", "compat.tool.added"} {
			if rules[want] == 0 {
				t.Errorf("%s: no %s finding; the case does not test what it claims: %v", name, want, rules)
			}
		}
	}
}
