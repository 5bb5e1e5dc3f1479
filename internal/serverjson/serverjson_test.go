package serverjson_test

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"

	"github.com/mcpschema/mcpschema/internal/schema"
	. "github.com/mcpschema/mcpschema/internal/serverjson"
)

// bundledHashes pins every bundled schema to the bytes
// static.modelcontextprotocol.io serves (schemas/README.md).
var bundledHashes = map[string]string{
	"2025-07-09": "9e349ba6b321bdf99432666f67e019b4b27e58ecc816fede4c08adc797e4f88a",
	"2025-09-16": "a5c19f122907b4e0684ca08f36b944c3d0972799bc6223d575d5677f94717b0b",
	"2025-09-29": "80fede68c01e868b7170b966f247bd32b9932c46f3fbef2e3b0d0a18996bf54f",
	"2025-10-11": "64135841ae0929143b22b70cbe0dda1483f7ee011adf9e19a3cee38392476808",
	"2025-10-17": "2cc1552fb3a00ad83d9ae4ee0445a21617098963b58e9bae7b94d680d841b4cc",
	"2025-12-11": "3fba09590c99f61735d234822279f4223fab9e300c0a81e81c91ab62a4114de0",
}

// TestBundledSchemas: every version is bundled byte for byte, its $id is
// the registry's URL of that version, and the schema engine checks it
// offline without a problem (draft-07, complete: nothing to fetch).
func TestBundledSchemas(t *testing.T) {
	t.Parallel()
	if len(Versions) != len(bundledHashes) {
		t.Fatalf("%d versions, %d pinned hashes", len(Versions), len(bundledHashes))
	}
	eng := schema.NewEngine(schema.Limits{})
	for i, v := range Versions {
		if i > 0 && Versions[i-1] >= v {
			t.Errorf("versions not oldest first at %s", v)
		}
		data, ok := Bytes(v)
		if !ok {
			t.Fatalf("%s: not bundled", v)
		}
		sum := sha256.Sum256(data)
		if got := hex.EncodeToString(sum[:]); got != bundledHashes[v] {
			t.Errorf("%s: sha256 %s, want %s", v, got, bundledHashes[v])
		}
		doc, _ := Schema(v)
		if id, _ := doc.(map[string]any)["$id"].(string); id != SchemaURL(v) {
			t.Errorf("%s: $id %q, want %q", v, id, SchemaURL(v))
		}
		cs := eng.Check(doc)
		if cs.Dialect != schema.DialectDraft7 || len(cs.Problems) != 0 || !cs.Complete {
			t.Errorf("%s: dialect %s, problems %v, complete %v", v, cs.Dialect, cs.Problems, cs.Complete)
		}
		if errs, ok := cs.Validate(map[string]any{}); !ok || len(errs) == 0 {
			t.Errorf("%s: an empty object validates (%v, %v)", v, errs, ok)
		}
		again, _ := Schema(v)
		if eng.Check(again) != cs {
			t.Errorf("%s: checked twice by one engine: compiled more than once per run", v)
		}
	}
	if _, ok := Schema("2024-01-01"); ok {
		t.Error("an unknown version has a schema")
	}
}

func TestParseRef(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]Ref{
		"https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json": {Version: "2025-12-11", Known: true, Canonical: true, Registry: true},
		"http://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json":  {Version: "2025-09-29", Known: true, Registry: true},
		"https://static.modelcontextprotocol.io/schemas/2099-01-01/server.schema.json": {Version: "2099-01-01", Registry: true},
		"https://static.modelcontextprotocol.io/schemas/draft/server.schema.json":      {Draft: true, Registry: true},
		"https://static.modelcontextprotocol.io/schemas/latest/server.schema.json":     {Registry: true},
		"https://modelcontextprotocol.io/schemas/draft/2025-07-09/server.json":         {Version: "2025-07-09", Legacy: true, Registry: true},
		"https://json-schema.org/draft/2020-12/schema":                                 {},
		"": {},
	} {
		if got := ParseRef(s); got != want {
			t.Errorf("ParseRef(%q) = %+v, want %+v", s, got, want)
		}
	}
}

func TestRecognize(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		root any
		want bool
	}{
		{map[string]any{"$schema": SchemaURL("2025-12-11")}, true},
		{map[string]any{"name": "io.github.a/b", "description": "d", "version": "1", "packages": []any{}}, true},
		{map[string]any{"name": "io.github.a/b", "description": "d", "version": "1"}, false},
		{map[string]any{"name": "app", "description": "d", "version": "1", "packages": []any{}}, false},
		{map[string]any{"port": 8080}, false},
		{[]any{}, false},
	} {
		if got := Recognize(tc.root); got != tc.want {
			t.Errorf("Recognize(%v) = %v, want %v", tc.root, got, tc.want)
		}
	}
}

func TestMember(t *testing.T) {
	t.Parallel()
	for camel, snake := range map[string]string{"registryType": "registry_type", "fileSha256": "file_sha256", "websiteUrl": "website_url", "name": "name"} {
		if got := Member("2025-07-09", camel); got != snake {
			t.Errorf("Member(2025-07-09, %s) = %s, want %s", camel, got, snake)
		}
		if got := Member("2025-12-11", camel); got != camel {
			t.Errorf("Member(2025-12-11, %s) = %s", camel, got)
		}
	}
}

// BenchmarkCompileBundled is the cost a run pays once per version its
// server.json files name: checking and compiling the schema in a new engine.
func BenchmarkCompileBundled(b *testing.B) {
	doc, _ := Schema(Current())
	instance := map[string]any{"name": "io.github.a/b", "description": "d", "version": "1"}
	for i := 0; i < b.N; i++ {
		eng := schema.NewEngine(schema.Limits{})
		if _, ok := eng.Check(doc).Validate(instance); !ok {
			b.Fatal("no verdict")
		}
	}
}
