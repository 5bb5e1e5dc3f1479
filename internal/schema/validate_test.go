package schema

import (
	"testing"
)

func TestValidate(t *testing.T) {
	t.Parallel()
	e := NewEngine(testLimits)
	cs := e.Check(parse(t, `{"type":"object","properties":{"q":{"type":"string","minLength":2},"a/b":{"$ref":"#/$defs/n"}},
		"required":["q","r"],"additionalProperties":{"type":"integer"},"$defs":{"n":{"type":"integer"}}}`))
	if len(cs.Problems) != 0 {
		t.Fatal(cs.Problems)
	}
	errs, ok := cs.Validate(parse(t, `{"q":"x","a/b":"s","z":"1"}`))
	if !ok {
		t.Fatal("no verdict")
	}
	want := []InstanceError{
		{Pointer: "", Keyword: "/required"},
		{Pointer: "/a~1b", Keyword: "/$defs/n/type"},
		{Pointer: "/q", Keyword: "/properties/q/minLength"},
		{Pointer: "/z", Keyword: "/additionalProperties/type"},
	}
	if len(errs) != len(want) {
		t.Fatalf("errors %+v, want %+v", errs, want)
	}
	for i, w := range want {
		if errs[i].Pointer != w.Pointer || errs[i].Keyword != w.Keyword || errs[i].Message == "" {
			t.Errorf("error %d = %+v, want %+v", i, errs[i], w)
		}
	}
	if errs, ok := cs.Validate(parse(t, `{"q":"xy","r":1}`)); !ok || len(errs) != 0 {
		t.Errorf("valid value: %+v %v", errs, ok)
	}
}

func TestValidateEmbeddedResourceKeyword(t *testing.T) {
	t.Parallel()
	e := NewEngine(testLimits)
	cs := e.Check(parse(t, `{"$id":"https://example.com/r.json","properties":{"a":{"$ref":"inner.json"}},
		"$defs":{"inner":{"$id":"inner.json","type":"string"}}}`))
	if len(cs.Problems) != 0 {
		t.Fatal(cs.Problems)
	}
	errs, ok := cs.Validate(parse(t, `{"a":1}`))
	if !ok || len(errs) != 1 || errs[0].Keyword != "/$defs/inner/type" || errs[0].Pointer != "/a" {
		t.Errorf("got %+v %v", errs, ok)
	}
}

func TestValidateNoVerdict(t *testing.T) {
	t.Parallel()
	e := NewEngine(testLimits)
	for _, s := range []string{
		`{"$schema":"https://example.com/m"}`,
		`{"required":"x"}`,
		`{"properties":{"a":{"$ref":"#/$defs/none"}}}`,
	} {
		if _, ok := e.Check(parse(t, s)).Validate(map[string]any{}); ok {
			t.Errorf("%s: Validate gave a verdict", s)
		}
	}
	var nilChecked *Checked
	if _, ok := nilChecked.Validate(1); ok {
		t.Error("nil Checked gave a verdict")
	}
}

func TestValidateWithExternalRefStubbed(t *testing.T) {
	t.Parallel()
	e := NewEngine(testLimits)
	cs := e.Check(parse(t, `{"type":"object","properties":{"id":{"$ref":"https://example.com/id.json","maxLength":3},"n":{"type":"integer"}}}`))
	if cs.Complete || len(cs.Problems) != 1 || cs.Problems[0].Kind != SchemaExternalRef {
		t.Fatalf("got %q complete=%v", kinds(cs.Problems), cs.Complete)
	}
	errs, ok := cs.Validate(parse(t, `{"id":"abcd","n":"x"}`))
	if !ok || len(errs) != 2 {
		t.Errorf("want the sibling maxLength and the other property checked, got %+v %v", errs, ok)
	}
}

func TestFormatAssertion(t *testing.T) {
	t.Parallel()
	e := NewEngine(testLimits)
	// 2020-12: format is an annotation (format-annotation vocabulary).
	if errs, ok := e.Check(parse(t, `{"format":"email"}`)).Validate("not an email"); !ok || len(errs) != 0 {
		t.Errorf("2020-12 asserted format: %+v", errs)
	}
	// draft-07: known formats are asserted.
	if errs, ok := e.Check(parse(t, `{"$schema":"http://json-schema.org/draft-07/schema#","format":"email"}`)).Validate("not an email"); !ok || len(errs) != 1 {
		t.Errorf("draft-07 did not assert format: %+v", errs)
	}
}
