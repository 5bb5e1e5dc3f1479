package load

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/mcpschema/mcpschema/internal/source"
)

// TestTooLargeSameEverywhere: a file over the size bound is the same file
// whether it comes from the working tree or a revision (unread), down to
// its format for an upper-case extension (without an extension, only the
// working tree has bytes to tell the format from).
func TestTooLargeSameEverywhere(t *testing.T) {
	t.Parallel()
	lim := source.Limits{MaxBytes: 5}
	for _, name := range []string{"a.YAML", "b.yml", "c.json"} {
		abs := filepath.Join(t.TempDir(), name)
		if err := os.WriteFile(abs, []byte("0123456789"), 0o644); err != nil {
			t.Fatal(err)
		}
		work := ReadWorkFile(WorkFile{Abs: abs, Display: name}, lim)
		rev := ParseBlob(Blob{Path: name, Size: 10}, nil, lim)
		if work.Format != rev.Format || len(work.Problems) != 1 || len(rev.Problems) != 1 || work.Problems[0] != rev.Problems[0] {
			t.Errorf("%s: working tree %s %+v, revision %s %+v; want the same", name, work.Format, work.Problems, rev.Format, rev.Problems)
		}
	}
}
