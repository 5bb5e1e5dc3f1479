package validate

import (
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/source"
)

// TestResourceExampleCacheFields: a 2026-07-28 read result without
// cacheScope is told to add it (not that it "is null"), and a present but
// wrong ttlMs or cacheScope is reported at the member itself.
func TestResourceExampleCacheFields(t *testing.T) {
	t.Parallel()
	doc := `{"mcpdesc": "0.8.0", "info": {"name": "s", "version": "1"}, "protocolVersions": ["2026-07-28"],
"resources": [{"uri": "x://a", "name": "a", "examples": {
  "absent": {"result": {"resultType": "complete", "contents": [{"uri": "x://a", "text": "t"}]}},
  "wrong": {"result": {"resultType": "complete", "ttlMs": -1, "cacheScope": "shared", "contents": [{"uri": "x://a", "text": "t"}]}}}}]}`
	f := source.Parse("d.json", []byte(doc), source.Limits{})
	type found struct{ ptr, msg string }
	var got []found
	for _, x := range Run([]*source.File{f}, Options{Workers: 1}).Findings {
		if x.Rule == RuleResourceExample.ID {
			got = append(got, found{x.Pointer, x.Message})
		}
	}
	for _, w := range []struct{ ptr, text, fix string }{
		{"/resources/0/examples/absent/result", `has no "cacheScope"`, `add "cacheScope"`},
		{"/resources/0/examples/absent/result", `has no "ttlMs"`, `add it`},
		{"/resources/0/examples/wrong/result/ttlMs", `ttlMs is -1`, `use a non-negative`},
		{"/resources/0/examples/wrong/result/cacheScope", `cacheScope is "shared"`, `use "public" or "private"`},
	} {
		ok := false
		for _, g := range got {
			ok = ok || g.ptr == w.ptr && strings.Contains(g.msg, w.text) && strings.Contains(g.msg, w.fix)
		}
		if !ok {
			t.Errorf("no finding at %s saying %s and %s; got %v", w.ptr, w.text, w.fix, got)
		}
	}
	for _, g := range got {
		if strings.Contains(g.msg, "null") {
			t.Errorf("message speaks of null for an absent member: %s", g.msg)
		}
	}
}
