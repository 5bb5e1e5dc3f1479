package diffcheck

import (
	"context"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/validate/source"
)

const unchangedTools = `{"tools": [
 {"name": "a", "inputSchema": {"type": "object", "properties": {"q": {"$ref": "#/$defs/q"}}, "$defs": {"q": {"type": "string"}}}},
 {"name": "b", "inputSchema": {"type": "object", "properties": {"n": {"type": "integer"}}}},
 {"name": "c", "inputSchema": {"type": "object", "properties": {"s": {"type": "string"}}}}
]}`

// TestUnchangedNotJudged: a file passed as its own base (same bytes) has
// no pair judged; in a changed file only the tools that differ, or that
// reference something, are judged.
func TestUnchangedNotJudged(t *testing.T) {
	f := source.Parse("t.json", []byte(unchangedTools), source.Limits{})
	d := NewDiffer(Options{}, nil)
	d.Add(0, f, f)
	if got, _ := d.Finish(nil); len(got) != 0 {
		t.Errorf("unchanged file: %d findings", len(got))
	}
	if n := d.judged.Load(); n != 0 {
		t.Errorf("unchanged file: %d pairs judged, want 0", n)
	}
	changed := strings.Replace(unchangedTools, `"n": {"type": "integer"}`, `"n": {"type": "string"}`, 1)
	h := source.Parse("t.json", []byte(changed), source.Limits{})
	d = NewDiffer(Options{}, nil)
	d.Add(0, f, h)
	got, _ := d.Finish(nil)
	if len(got) == 0 {
		t.Error("changed tool b: no finding")
	}
	// a is judged (it has a $ref), b changed, c is equal and reference-free.
	if n := d.judged.Load(); n != 2 {
		t.Errorf("changed file: %d pairs judged, want 2 (a with its $ref, b changed)", n)
	}
}

// TestBlobID matches git hash-object, and a BlobReader reads what LoadRevision reads.
func TestBlobID(t *testing.T) {
	r := newRepo(t)
	r.write("tools.json", unchangedTools)
	r.write("empty.json", "")
	r.commit("base")
	for _, name := range []string{"tools.json", "empty.json"} {
		want := r.git("hash-object", "--no-filters", name)
		data := []byte(unchangedTools)
		if name == "empty.json" {
			data = nil
		}
		if got := BlobID(data, want); got != want {
			t.Errorf("%s: BlobID %s, git %s", name, got, want)
		}
	}
	if got := BlobID([]byte("x"), strings.Repeat("0", 64)); len(got) != 64 {
		t.Errorf("sha256 repository: id %q", got)
	}
	rev, err := ListRevision(context.Background(), r.dir, "HEAD", []string{"*.json"})
	if err != nil {
		t.Fatal(err)
	}
	br, err := OpenBlobReader(context.Background(), r.dir)
	if err != nil {
		t.Fatal(err)
	}
	defer br.Close()
	blobs := rev.Blobs()
	if len(blobs) != 2 || blobs[0].Path != "empty.json" || blobs[1].Path != "tools.json" {
		t.Fatalf("blobs %+v", blobs)
	}
	for _, b := range []Blob{blobs[1], blobs[0], blobs[1]} {
		data, err := br.Read(b)
		if err != nil {
			t.Fatal(err)
		}
		if BlobID(data, b.ID) != b.ID {
			t.Errorf("%s: read %d bytes that do not hash to its id", b.Path, len(data))
		}
	}
}
