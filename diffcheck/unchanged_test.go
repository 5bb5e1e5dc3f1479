package diffcheck

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/load"
	"github.com/mcpschema/mcpschema/internal/schema"
	"github.com/mcpschema/mcpschema/internal/source"
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
	t.Parallel()
	f := source.Parse("t.json", []byte(unchangedTools), source.Limits{})
	d := NewDiffer(Options{}, nil)
	d.Add(0, f, f)
	if got, _ := d.Finish(nil); len(got) != 0 {
		t.Errorf("unchanged file: %d findings", len(got))
	}
	if n := judgedPairs(f, f); n != 0 {
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
	if n := judgedPairs(f, h); n != 2 {
		t.Errorf("changed file: %d pairs judged, want 2 (a with its $ref, b changed)", n)
	}
}

// judgedPairs pairs the tools of base and head as Differ.Add does and
// counts the pairs judgePair, which Add calls on each, judges.
func judgedPairs(base, head *source.File) int {
	pairs, _, _ := pairTools(collectTools([]*source.File{base}), collectTools([]*source.File{head}), nil, nil)
	c := &comparer{eng: schema.NewEngine(schema.DefaultLimits)}
	n := 0
	for _, p := range pairs {
		if c.judgePair(p) {
			n++
		}
	}
	return n
}

// TestBlobID matches git hash-object, and a BlobReader reads what load.LoadRevision reads.
func TestBlobID(t *testing.T) {
	t.Parallel()
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
		if got := load.BlobID(data, want); got != want {
			t.Errorf("%s: load.BlobID %s, git %s", name, got, want)
		}
	}
	if got := load.BlobID([]byte("x"), strings.Repeat("0", 64)); len(got) != 64 {
		t.Errorf("sha256 repository: id %q", got)
	}
	rev, err := load.ListRevision(context.Background(), r.dir, "HEAD", []string{"*.json"})
	if err != nil {
		t.Fatal(err)
	}
	br, err := load.OpenBlobReader(context.Background(), r.dir)
	if err != nil {
		t.Fatal(err)
	}
	defer br.Close()
	blobs := rev.Blobs()
	if len(blobs) != 2 || blobs[0].Path != "empty.json" || blobs[1].Path != "tools.json" {
		t.Fatalf("blobs %+v", blobs)
	}
	for _, b := range []load.Blob{blobs[1], blobs[0], blobs[1]} {
		data, err := br.Read(b)
		if err != nil {
			t.Fatal(err)
		}
		if load.BlobID(data, b.ID) != b.ID {
			t.Errorf("%s: read %d bytes that do not hash to its id", b.Path, len(data))
		}
	}
}

// TestUnchangedSharedTools: a base parsed with source.ParseLike shares the
// head's unchanged tools; they are not judged unless they reference
// something, exactly as when the base is parsed on its own.
func TestUnchangedSharedTools(t *testing.T) {
	t.Parallel()
	changed := strings.Replace(unchangedTools, `"n": {"type": "integer"}`, `"n": {"type": "string"}`, 1)
	h := source.Parse("t.json", []byte(changed), source.Limits{})
	shared := source.ParseLike("t.json", []byte(unchangedTools), source.Limits{}, h, []byte(changed))
	if shared.Tools[2].Value["inputSchema"] == nil || !sameMap(shared.Tools[2].Value, h.Tools[2].Value) || !sameMap(shared.Tools[0].Value, h.Tools[0].Value) {
		t.Fatal("tools a and c are not shared with the head")
	}
	d := NewDiffer(Options{}, nil)
	d.Add(0, shared, h)
	got, _ := d.Finish(nil)
	if len(got) == 0 {
		t.Error("changed tool b: no finding")
	}
	if n := judgedPairs(shared, h); n != 2 {
		t.Errorf("changed file: %d pairs judged, want 2 (a with its $ref, b changed)", n)
	}
	for _, v := range []any{h.Root, shared.Root, map[string]any{"$REF": "x"}, []any{1.5}, map[string]any{"a": []any{nil, true, "x"}}} {
		b1, b2 := 3, 3
		if refFree(v, &b1) != sameRefFree(v, v, &b2) {
			t.Errorf("refFree(%v) differs from sameRefFree with a budget of 3", v)
		}
		b1, b2 = maxUnchangedValues, maxUnchangedValues
		// the budget left is the same when the walk completes (a $ref
		// ends it early, where depends on the map order)
		if r := refFree(v, &b1); r != sameRefFree(v, v, &b2) || r && b1 != b2 {
			t.Errorf("refFree(%v) differs from sameRefFree", v)
		}
	}
}

func sameMap(a, b map[string]any) bool {
	return reflect.ValueOf(a).UnsafePointer() == reflect.ValueOf(b).UnsafePointer()
}
