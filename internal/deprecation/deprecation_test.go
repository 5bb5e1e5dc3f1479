package deprecation

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"
)

func obj(t *testing.T, s string) map[string]any {
	t.Helper()
	var v map[string]any
	d := json.NewDecoder(strings.NewReader(s))
	d.UseNumber()
	if err := d.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestParsePrefix(t *testing.T) {
	t.Parallel()
	for desc, want := range map[string]*Prefix{
		"[DEPRECATED — use new_search — sunset 2027-01-31] Searches the index": {Use: "new_search", Sunset: "2027-01-31"},
		"DEPRECATED - use X - sunset 2027-01-31":                               {Use: "X", Sunset: "2027-01-31"},
		"Deprecated: use `search` instead. Searches documents.":                {Use: "search"},
		"Deprecated since v1.4.0, will be removed after 2026-12-01.":           {Since: "v1.4.0", Sunset: "2026-12-01"},
		"[DEPRECATED] Old search":                                              {},
		"(deprecated) old":                                                     {},
		"**Deprecated** - replaced by `find`":                                  {Use: "find"},
		"DEPRECATED use find":                                                  {Use: "find"},
		"  deprecated.":                                                        {},
		"[Deprecated: sunset 2027-02-30]":                                      {BadSunset: "2027-02-30"},
		"Deprecated: use of this tool is discouraged":                          {},
		"Deprecated fields are ignored by this tool":                           nil,
		"Returns deprecated items":                                             nil,
		"Deprecatedness score":                                                 nil,
		"[beta] new search":                                                    nil,
		"":                                                                     nil,
		"[DEPRECATED unclosed":                                                 nil,
	} {
		got, ok := ParsePrefix(desc)
		if want == nil {
			if ok {
				t.Errorf("%q: prefix %+v, want none", desc, got)
			}
			continue
		}
		if !ok {
			t.Errorf("%q: no prefix, want %+v", desc, *want)
			continue
		}
		got.Text = ""
		if got != *want {
			t.Errorf("%q: %+v, want %+v", desc, got, *want)
		}
	}
}

func TestReadForms(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		tool  string
		want  *Deprecation
		probs []string // pointers
	}{
		"flag": {`{"name": "a", "deprecated": true}`,
			&Deprecation{Form: FormFlag, Marker: "/t/deprecated"}, nil},
		"meta": {`{"name": "a", "_meta": {"io.mcpschema/deprecated": {"since": "1.4.0", "sunset": "2027-01-31", "use": "b"}}}`,
			&Deprecation{Form: FormMeta, Marker: "/t/_meta/io.mcpschema~1deprecated", Since: "1.4.0", Sunset: "2027-01-31", Use: "b",
				SincePointer: "/t/_meta/io.mcpschema~1deprecated/since", SunsetPointer: "/t/_meta/io.mcpschema~1deprecated/sunset", UsePointer: "/t/_meta/io.mcpschema~1deprecated/use"}, nil},
		"flag with meta dates": {`{"name": "a", "deprecated": true, "_meta": {"io.mcpschema/deprecated": {"sunset": "2027-01-31"}}}`,
			&Deprecation{Form: FormFlag, Marker: "/t/deprecated", Sunset: "2027-01-31", SunsetPointer: "/t/_meta/io.mcpschema~1deprecated/sunset"}, nil},
		"description fallback": {`{"name": "a", "description": "[DEPRECATED — use b — sunset 2027-01-31] old"}`,
			&Deprecation{Form: FormDescription, Marker: "/t/description", Sunset: "2027-01-31", Use: "b", SunsetPointer: "/t/description", UsePointer: "/t/description"}, nil},
		"flag filled from description": {`{"name": "a", "deprecated": true, "description": "Deprecated: use b."}`,
			&Deprecation{Form: FormFlag, Marker: "/t/deprecated", Use: "b", UsePointer: "/t/description", Fallback: []string{"use"}}, nil},
		"meta wins over description": {`{"name": "a", "description": "Deprecated: use c.", "_meta": {"io.mcpschema/deprecated": {"use": "b"}}}`,
			&Deprecation{Form: FormMeta, Marker: "/t/_meta/io.mcpschema~1deprecated", Use: "b", UsePointer: "/t/_meta/io.mcpschema~1deprecated/use"}, nil},
		"not deprecated": {`{"name": "a", "description": "Searches"}`, nil, nil},
		"flag false":     {`{"name": "a", "deprecated": false}`, nil, nil},
		"bad sunset": {`{"name": "a", "_meta": {"io.mcpschema/deprecated": {"sunset": "31/01/2027"}}}`,
			&Deprecation{Form: FormMeta, Marker: "/t/_meta/io.mcpschema~1deprecated"}, []string{"/t/_meta/io.mcpschema~1deprecated/sunset"}},
		"meta of the wrong type": {`{"name": "a", "_meta": {"io.mcpschema/deprecated": "yes"}}`,
			&Deprecation{Form: FormMeta, Marker: "/t/_meta/io.mcpschema~1deprecated"}, []string{"/t/_meta/io.mcpschema~1deprecated"}},
		"meta false": {`{"name": "a", "_meta": {"io.mcpschema/deprecated": false}}`, nil, nil},
		"unknown member and empty use": {`{"name": "a", "_meta": {"io.mcpschema/deprecated": {"until": "x", "use": "", "x-note": 1}}}`,
			&Deprecation{Form: FormMeta, Marker: "/t/_meta/io.mcpschema~1deprecated"}, []string{"/t/_meta/io.mcpschema~1deprecated/until", "/t/_meta/io.mcpschema~1deprecated/use"}},
		"contradiction": {`{"name": "a", "deprecated": false, "_meta": {"io.mcpschema/deprecated": {}}}`,
			nil, []string{"/t/_meta/io.mcpschema~1deprecated"}},
		"prefix under false flag": {`{"name": "a", "deprecated": false, "description": "[DEPRECATED] x"}`,
			nil, []string{"/t/description"}},
	} {
		d, probs := Read(Tool, "a", obj(t, tc.tool), "/t")
		var ptrs []string
		for _, p := range probs {
			ptrs = append(ptrs, p.Pointer)
			if p.Message == "" || p.Message != strings.ToLower(p.Message[:1])+p.Message[1:] {
				t.Errorf("%s: message %q", name, p.Message)
			}
		}
		if !reflect.DeepEqual(ptrs, tc.probs) {
			t.Errorf("%s: problems at %v (%v), want %v", name, ptrs, probs, tc.probs)
		}
		if tc.want == nil {
			if d != nil {
				t.Errorf("%s: %+v, want not deprecated", name, *d)
			}
			continue
		}
		if d == nil {
			t.Errorf("%s: not deprecated, want %+v", name, *tc.want)
			continue
		}
		tc.want.Kind, tc.want.Name, tc.want.Pointer = Tool, "a", "/t"
		if !reflect.DeepEqual(d, tc.want) {
			t.Errorf("%s:\n got %+v\nwant %+v", name, *d, *tc.want)
		}
	}
}

func TestProperties(t *testing.T) {
	t.Parallel()
	schema := obj(t, `{"type": "object", "properties": {
		"q": {"type": "string"},
		"region": {"type": "string", "deprecated": true, "x-mcpschema-deprecated": {"sunset": "2027-01-31", "use": "area"}},
		"old": {"type": "string", "description": "Deprecated: use q."},
		"filters": {"type": "object", "properties": {"lang": {"deprecated": true}}},
		"tags": {"type": "array", "items": {"anyOf": [{"properties": {"id": {"x-mcpschema-deprecated": {"since": "2.0"}}}}]}}
	}}`)
	got, probs := Properties(Parameter, schema, "/tools/0/inputSchema", 0)
	var names []string
	for _, d := range got {
		names = append(names, d.Name+":"+string(d.Form))
	}
	want := []string{"filters.lang:schema", "old:description", "region:schema", "tags[].id:schema"}
	if !reflect.DeepEqual(names, want) {
		t.Errorf("deprecated properties %v, want %v", names, want)
	}
	if got[2].Sunset != "2027-01-31" || got[2].Use != "area" || got[2].Marker != "/tools/0/inputSchema/properties/region/deprecated" {
		t.Errorf("region: %+v", got[2])
	}
	var ptrs []string
	for _, p := range probs {
		ptrs = append(ptrs, p.Pointer)
		if p.Label() != `parameter "tags[].id"` {
			t.Errorf("problem about %s, want parameter \"tags[].id\"", p.Label())
		}
	}
	wantProbs := []string{"/tools/0/inputSchema/properties/tags/items/anyOf/0/properties/id/x-mcpschema-deprecated"}
	if !reflect.DeepEqual(ptrs, wantProbs) {
		t.Errorf("problems %v, want %v", ptrs, wantProbs)
	}
	if few, _ := Properties(Parameter, schema, "", 2); len(few) > 1 {
		t.Errorf("maxNodes 2: %d deprecations, want at most one", len(few))
	}
}

func TestDays(t *testing.T) {
	t.Parallel()
	for s, ok := range map[string]bool{"2027-01-31": true, "2027-02-30": false, "2027-1-31": false, "31/01/2027": false, " 2027-01-31 ": true} {
		if _, got := ParseDay(s); got != ok {
			t.Errorf("ParseDay(%q) = %v, want %v", s, got, ok)
		}
	}
	d := Deprecation{Sunset: "2027-01-31"}
	if d.Passed("2027-01-31") || !d.Passed("2027-02-01") || (&Deprecation{}).Passed("2099-01-01") {
		t.Error("Passed: the sunset day itself is allowed, the day after is not, no sunset never passes")
	}
	if got := Today(time.Date(2027, 1, 31, 23, 30, 0, 0, time.FixedZone("x", -3600))); got != "2027-02-01" {
		t.Errorf("Today in UTC: %s", got)
	}
	for _, s := range []string{"2027-02-01", "2027-02-01T12:00:00Z"} {
		if _, err := ParseClock(s); err != nil {
			t.Errorf("ParseClock(%q): %v", s, err)
		}
	}
	if _, err := ParseClock("tomorrow"); err == nil || !strings.Contains(err.Error(), "YYYY-MM-DD") {
		t.Errorf("ParseClock(tomorrow): %v", err)
	}
}

func TestParsePrefixLeadWords(t *testing.T) {
	t.Parallel()
	p, ok := ParsePrefix("Deprecated in favor of `find_all`; removed on 2027-03-01")
	if !ok || p.Use != "find_all" || p.Sunset != "2027-03-01" {
		t.Errorf("%+v %v", p, ok)
	}
	if _, ok := ParsePrefix("Deprecated items are skipped"); ok {
		t.Error("\"Deprecated items\" read as a prefix")
	}
}

// TestParseDescriptionLater: a later sentence announcing the deprecation
// in capitals is read (the MCP filesystem server's read_file, in the
// corpus), a mention in running text is not.
func TestParseDescriptionLater(t *testing.T) {
	t.Parallel()
	p, ok := ParseDescription("Read the complete contents of a file as text. DEPRECATED: Use read_text_file instead.")
	if !ok || !p.Later || p.Use != "read_text_file" {
		t.Errorf("filesystem read_file: %+v %v", p, ok)
	}
	p, ok = ParseDescription("Lists items.\n[Deprecated — sunset 2027-01-31]")
	if !ok || !p.Later || p.Sunset != "2027-01-31" {
		t.Errorf("bracket on a later line: %+v %v", p, ok)
	}
	for _, d := range []string{"Lists items. Deprecated items are skipped.", "Returns DEPRECATED flags", "Lists. Deprecated: no", "Skips deprecated: items"} {
		if p, ok := ParseDescription(d); ok {
			t.Errorf("%q read as a deprecation: %+v", d, p)
		}
	}
	d, _ := Read(Tool, "read_file", map[string]any{"description": "Reads a file. DEPRECATED: Use read_text_file instead."}, "")
	if d == nil || d.Form != FormDescription || !d.DescriptionLater || d.FormText() != "read from its description" {
		t.Errorf("Read: %+v", d)
	}
}

// TestMentionsDeprecated: the scan laterRe is skipped for holds the word in
// every case laterRe matches it, and only then.
func TestMentionsDeprecated(t *testing.T) {
	for s, want := range map[string]bool{
		"Reads a file. DEPRECATED: use x.": true, "x. [Deprecated] y": true, "x. (dEpReCaTeD since 1)": true,
		"Reads a file.": false, "deprecate": false, "": false, "é deprecated": true,
	} {
		if got := mentionsDeprecated(s); got != want {
			t.Errorf("mentionsDeprecated(%q) = %v, want %v", s, got, want)
		}
		if _, ok := ParseDescription(s); ok && !want {
			t.Errorf("ParseDescription(%q) found a deprecation without the word", s)
		}
	}
}
