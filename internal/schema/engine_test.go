package schema

import (
	"strings"
	"testing"
)

func TestCheck(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, schema string
		dialect      Dialect
		want         []string
		complete     bool
	}{
		{"no $schema is 2020-12", `{"type":"object"}`, Dialect2020, nil, true},
		{"https 2020-12", `{"$schema":"https://json-schema.org/draft/2020-12/schema"}`, Dialect2020, nil, true},
		{"http 2020-12 with #", `{"$schema":"http://json-schema.org/draft/2020-12/schema#"}`, Dialect2020, nil, true},
		{"draft-07 with #", `{"$schema":"http://json-schema.org/draft-07/schema#"}`, DialectDraft7, nil, true},
		{"https draft-07 without #", `{"$schema":"https://json-schema.org/draft-07/schema"}`, DialectDraft7, nil, true},
		{"draft-04", `{"$schema":"http://json-schema.org/draft-04/schema#"}`, DialectUnsupported, []string{"dialect /$schema"}, true},
		{"2019-09", `{"$schema":"https://json-schema.org/draft/2019-09/schema"}`, DialectUnsupported, []string{"dialect /$schema"}, true},
		{"custom", `{"$schema":"https://example.com/schemas/custom-dialect","type":"object"}`, DialectUnsupported, []string{"dialect /$schema"}, true},
		{"non-string", `{"$schema":true}`, DialectUnsupported, []string{"dialect /$schema"}, true},
		{"required string", `{"type":"object","required":"query"}`, Dialect2020, []string{"invalid /required"}, true},
		{"every leaf", `{"type":"objekt","properties":{"a":{"type":"strin"},"b":{"minLength":-1}}}`, Dialect2020,
			[]string{"invalid /properties/a/type", "invalid /properties/b/minLength", "invalid /type"}, true},
		{"ECMA lookahead", `{"type":"string","pattern":"^(?=.*[a-z]).+$"}`, Dialect2020, nil, true},
		{"ECMA lookbehind and named group", `{"patternProperties":{"^(?<!x)(?<n>a)$":{}}}`, Dialect2020, nil, true},
		{"invalid pattern", `{"properties":{"p":{"pattern":"(["}}}`, Dialect2020, []string{"invalid /properties/p/pattern"}, true},
		{"invalid patternProperties key", `{"patternProperties":{"([":{}}}`, Dialect2020, []string{"invalid /patternProperties/(["}, true},
		{"tuple items in 2020-12", `{"items":[{"type":"string"}]}`, Dialect2020, []string{"invalid /items"}, true},
		{"tuple items in draft-07", `{"$schema":"http://json-schema.org/draft-07/schema#","items":[{"type":"string"}]}`, DialectDraft7, nil, true},
		{"unresolved pointer", `{"properties":{"identifier":{"$ref":"#/$defs/identifier"}}}`, Dialect2020,
			[]string{"unresolved-ref /properties/identifier/$ref"}, true},
		{"unresolved in unused $defs", `{"$defs":{"a":{"$ref":"#/$defs/b"},"c":{"$ref":"#nope"},"d":{"$dynamicRef":"#meta"}}}`, Dialect2020,
			[]string{"unresolved-ref /$defs/a/$ref", "unresolved-ref /$defs/c/$ref", "unresolved-ref /$defs/d/$dynamicRef"}, true},
		{"ref to non-schema", `{"properties":{"a":{"$ref":"#/required/0"}},"required":["a"]}`, Dialect2020,
			[]string{"unresolved-ref /properties/a/$ref"}, true},
		{"resolved refs", `{"$defs":{"a":{"$anchor":"A","type":"string"},"x/y~z":{}},"properties":{"p":{"$ref":"#/$defs/a"},"q":{"$ref":"#A"},"r":{"$ref":"#/$defs/x~1y~0z"},"s":{"$ref":"#"},"t":{"$ref":"#/$defs/x~1y~0z"}}}`, Dialect2020, nil, true},
		{"percent-encoded pointer", `{"$defs":{"a b":{}},"properties":{"p":{"$ref":"#/$defs/a%20b"}}}`, Dialect2020, nil, true},
		{"draft-07 definitions and $id anchor", `{"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"a":{"$id":"#A","type":"string"}},"properties":{"p":{"$ref":"#A"},"q":{"$ref":"#/definitions/a"}}}`, DialectDraft7, nil, true},
		{"embedded $id resolves relative to its resource", `{"$id":"https://example.com/root.json","$defs":{"inner":{"$id":"inner.json","$defs":{"x":{}},"properties":{"a":{"$ref":"#/$defs/x"}}}},"properties":{"b":{"$ref":"inner.json#/$defs/x"},"c":{"$ref":"root.json#/$defs/inner"}}}`, Dialect2020, nil, true},
		{"embedded $id: pointer missing in that resource", `{"$id":"https://example.com/root.json","$defs":{"y":{},"inner":{"$id":"inner.json","properties":{"a":{"$ref":"#/$defs/y"}}}}}`, Dialect2020,
			[]string{"unresolved-ref /$defs/inner/properties/a/$ref"}, true},
		{"external refs", `{"properties":{"a":{"$ref":"https://example.com/a.json"},"b":{"$ref":"other.json#/x"},"c":{"$ref":"file:///etc/passwd"},"d":{"$ref":"urn:example:x"}}}`, Dialect2020,
			[]string{"external-ref /properties/a/$ref", "external-ref /properties/b/$ref", "external-ref /properties/c/$ref", "external-ref /properties/d/$ref"}, false},
		{"external ref and another problem", `{"properties":{"a":{"$ref":"https://example.com/a.json"},"b":{"type":7}}}`, Dialect2020,
			[]string{"external-ref /properties/a/$ref", "invalid /properties/b/type"}, false},
		{"nested resource with unsupported $schema", `{"$defs":{"x":{"$id":"https://example.com/x.json","$schema":"https://example.com/meta"}}}`, Dialect2020,
			[]string{"dialect /$defs/x/$schema"}, true},
		{"keys with ~ and /", `{"properties":{"a/b":{"type":"nope"},"c~d":{"minimum":"x"}}}`, Dialect2020,
			[]string{"invalid /properties/a~1b/type", "invalid /properties/c~0d/minimum"}, true},
		{"huge numbers", `{"properties":{"n":{"const":9007199254740993,"maximum":1e400,"multipleOf":0.1}}}`, Dialect2020, nil, true},
		{"boolean schema", `true`, Dialect2020, nil, true},
	}
	e := NewEngine(testLimits)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cs := e.Check(parse(t, tt.schema))
			if cs.Dialect != tt.dialect {
				t.Errorf("dialect %q, want %q", cs.Dialect, tt.dialect)
			}
			if got := kinds(cs.Problems); !equalStrings(got, tt.want) {
				t.Errorf("problems %q, want %q", got, tt.want)
				for _, p := range cs.Problems {
					t.Logf("  %s %s: %s", p.Kind, p.Pointer, p.Message)
				}
			}
			if cs.Complete != tt.complete {
				t.Errorf("complete %v, want %v", cs.Complete, tt.complete)
			}
			for _, p := range cs.Problems {
				if p.Message == "" || p.Message != strings.TrimSpace(p.Message) || strings.ToLower(p.Message[:1]) != p.Message[:1] {
					t.Errorf("message %q: want lower case, non-empty, trimmed", p.Message)
				}
			}
		})
	}
}

func TestMessages(t *testing.T) {
	t.Parallel()
	e := NewEngine(testLimits)
	cases := map[string]string{
		`{"type":"object","required":"query"}`:                     `"required" must be an array of strings, got a string`,
		`{"$schema":"https://example.com/schemas/custom-dialect"}`: `dialect "https://example.com/schemas/custom-dialect" is not supported`,
		`{"properties":{"a":{"$ref":"#/$defs/a"}}}`:                `$ref "#/$defs/a" selects nothing`,
		`{"properties":{"a":{"$ref":"https://x.example/a"}}}`:      `is never fetched`,
		`{"pattern":"(["}`: `"pattern" is not a valid ECMA-262 regular expression`,
	}
	for schema, want := range cases {
		cs := e.Check(parse(t, schema))
		if len(cs.Problems) != 1 || !strings.Contains(cs.Problems[0].Message, want) {
			t.Errorf("%s: problems %+v, want one containing %q", schema, cs.Problems, want)
		}
	}
	cs := e.Check(parse(t, `{"$schema":"https://example.com/m"}`))
	if !strings.Contains(cs.Problems[0].Message, "2020-12") {
		t.Errorf("dialect message %q does not say to use 2020-12", cs.Problems[0].Message)
	}
}

func TestCheckedProblemsSorted(t *testing.T) {
	t.Parallel()
	e := NewEngine(testLimits)
	cs := e.Check(parse(t, `{"properties":{"z":{"type":1},"a":{"type":2},"m":{"$ref":"#/x"}},"required":[1]}`))
	for i := 1; i < len(cs.Problems); i++ {
		if cs.Problems[i-1].Pointer > cs.Problems[i].Pointer {
			t.Errorf("problems not sorted: %q", kinds(cs.Problems))
		}
	}
	if len(cs.Problems) != 4 {
		t.Errorf("problems %q, want 4", kinds(cs.Problems))
	}
}
