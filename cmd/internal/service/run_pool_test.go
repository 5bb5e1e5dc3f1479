package service

import (
	"context"
	"testing"
	"time"

	"github.com/mcpschema/mcpschema/internal/pool"
)

// TestRunBuildsOnePool (issue 11): check and check --base, from the working
// tree and from a head revision, run on one worker pool (cmd/internal/pipeline),
// also when the tree-wide pairing judges moved tools; app builds none.
func TestRunBuildsOnePool(t *testing.T) {
	r := newBaseRepo(t)
	r.write(".mcpschema.yaml", "files: ['tools/**/*.json']\n")
	r.write("tools/a.json", btTools(btTool("x", `"q": {"type": "string"}`), btTool("y", `"n": {"type": "integer"}`)))
	r.write("tools/b.json", btTools(btTool("z", `"q": {"type": "string"}`)))
	r.git("add", "-A")
	r.git("commit", "-q", "-m", "base")
	r.git("tag", "base")
	r.write("tools/a.json", btTools(btTool("x", `"q": {"type": "integer"}`)))
	r.write("tools/b.json", btTools(btTool("z", `"q": {"type": "string"}`), btTool("y", `"n": {"type": "string"}`)))
	r.git("add", "-A")
	r.git("commit", "-q", "-m", "head")
	runs := map[string]RunOptions{
		"check":               {Dir: r.dir, Gate: failNever, Now: time.Unix(0, 0)},
		"check --head":        {Dir: r.dir, HeadRef: "HEAD", Gate: failNever, Now: time.Unix(0, 0)},
		"check --base":        {Dir: r.dir, Base: "base", Gate: failNever, Now: time.Unix(0, 0)},
		"check --base --head": {Dir: r.dir, Base: "base", HeadRef: "HEAD", Gate: failNever, Now: time.Unix(0, 0)},
	}
	for name, o := range runs {
		before := pool.Constructed()
		res, err := Run(context.Background(), o)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if n := pool.Constructed() - before; n != 1 {
			t.Errorf("%s: %d worker pools built, want 1", name, n)
		}
		if o.Base != "" && res.Report.Summary.Breaking == 0 {
			t.Errorf("%s: no breaking change found; the case does not test what it claims", name)
		}
	}
}
