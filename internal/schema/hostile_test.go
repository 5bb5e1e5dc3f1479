package schema

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// nestObjects builds {"properties":{"a":{"properties":{"a":...}}}} n levels deep, directly as values.
func nestObjects(n int) any {
	var v any = map[string]any{}
	for i := 0; i < n; i++ {
		v = map[string]any{"properties": map[string]any{"a": v}}
	}
	return v
}

// nestArrays builds {"allOf":[{"allOf":[...]}]} with n allOf levels.
func nestArrays(n int) any {
	var v any = map[string]any{}
	for i := 0; i < n; i++ {
		v = map[string]any{"allOf": []any{v}}
	}
	return v
}

func TestBoundsDeep(t *testing.T) {
	t.Parallel()
	e := NewEngine(testLimits)
	for _, n := range []int{10_000, 100_000} {
		for name, v := range map[string]any{"objects": nestObjects(n), "arrays": nestArrays(n), "bare arrays": bareArrays(n)} {
			t.Run(fmt.Sprintf("%s %d", name, n), func(t *testing.T) {
				cs := e.Check(v)
				if len(cs.Problems) != 1 || cs.Problems[0].Kind != SchemaBound || cs.Complete {
					t.Fatalf("got %q complete=%v, want one bound problem and incomplete", kinds(cs.Problems), cs.Complete)
				}
				p := cs.Problems[0]
				if !strings.Contains(p.Message, "limits.max-schema-depth") || !strings.Contains(p.Message, "64") {
					t.Errorf("message %q does not name the bound and its config key", p.Message)
				}
				if got := strings.Count(p.Pointer, "/"); got < 64 || got > 2*65 {
					t.Errorf("pointer %q is not where depth 65 is reached", p.Pointer)
				}
				if _, ok := cs.Validate(map[string]any{}); ok {
					t.Error("Validate gave a verdict for a schema over a bound")
				}
			})
		}
	}
}

// bareArrays is [[[...]]] n deep under "enum".
func bareArrays(n int) any {
	var v any = []any{}
	for i := 0; i < n; i++ {
		v = []any{v}
	}
	return map[string]any{"enum": v}
}

func TestBoundsDepthPointer(t *testing.T) {
	t.Parallel()
	e := NewEngine(Limits{MaxDepth: 3, MaxSubschemas: 100})
	cs := e.Check(nestObjects(5))
	want := "/properties/a/properties"
	if len(cs.Problems) != 1 || cs.Problems[0].Pointer != want {
		t.Errorf("problems %+v, want one at %q", cs.Problems, want)
	}
	if cs := e.Check(nestObjects(1)); len(cs.Problems) != 0 {
		t.Errorf("within bounds: %+v", cs.Problems)
	}
}

func TestBoundsWide(t *testing.T) {
	t.Parallel()
	e := NewEngine(testLimits)
	branches := make([]any, 100_000)
	for i := range branches {
		branches[i] = map[string]any{"const": fmt.Sprint(i)}
	}
	cs := e.Check(map[string]any{"anyOf": branches})
	if len(cs.Problems) != 1 || cs.Problems[0].Kind != SchemaBound || cs.Complete {
		t.Fatalf("got %q, want one bound problem", kinds(cs.Problems))
	}
	if p := cs.Problems[0]; p.Pointer != "/anyOf/19998" || !strings.Contains(p.Message, "limits.max-subschemas") {
		t.Errorf("problem %+v: want at /anyOf/19998 (the 20001st object) naming limits.max-subschemas", p)
	}
}

func TestRefCycles(t *testing.T) {
	t.Parallel()
	e := NewEngine(testLimits)
	for name, s := range map[string]string{
		"direct":       `{"$ref":"#"}`,
		"self in defs": `{"$defs":{"a":{"$ref":"#/$defs/a"}},"$ref":"#/$defs/a"}`,
		"mutual":       `{"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}},"$ref":"#/$defs/a"}`,
		"via items":    `{"type":"array","items":{"$ref":"#"}}`,
		"via anchor":   `{"$defs":{"a":{"$anchor":"A","properties":{"x":{"$ref":"#A"}}}},"$ref":"#A"}`,
		"empty ref":    `{"$ref":""}`,
	} {
		t.Run(name, func(t *testing.T) {
			cs := e.Check(parse(t, s))
			if len(cs.Problems) != 0 {
				t.Fatalf("a reference cycle is a valid schema; got %q", kinds(cs.Problems))
			}
			var inst any = []any{[]any{[]any{}}}
			errs, ok := cs.Validate(inst)
			if !ok {
				t.Fatalf("no verdict: %+v", errs)
			}
		})
	}
}

func TestExplosion(t *testing.T) {
	t.Parallel()
	// Each level is a oneOf of two references to the next: 2^40 paths, 120 objects.
	defs := map[string]any{"l40": map[string]any{"type": "string"}}
	for i := 0; i < 40; i++ {
		next := fmt.Sprintf("#/$defs/l%d", i+1)
		defs[fmt.Sprintf("l%d", i)] = map[string]any{"oneOf": []any{
			map[string]any{"$ref": next}, map[string]any{"$ref": next, "minLength": 1}}}
	}
	e := NewEngine(testLimits)
	cs := e.Check(map[string]any{"$defs": defs, "$ref": "#/$defs/l0"})
	if len(cs.Problems) != 1 || cs.Problems[0].Kind != SchemaBound || cs.Complete {
		t.Fatalf("got %q, want one bound problem", kinds(cs.Problems))
	}
	if !strings.Contains(cs.Problems[0].Message, "limits.max-subschemas") {
		t.Errorf("message %q does not name the bound", cs.Problems[0].Message)
	}
	if _, ok := cs.Validate("x"); ok {
		t.Error("Validate gave a verdict for an exploding schema")
	}

	// oneOf of oneOf nested without references: bounded by the subschema count.
	var v any = map[string]any{"type": "string"}
	for i := 0; i < 20; i++ {
		v = map[string]any{"oneOf": []any{v, v}}
	}
	cs = e.Check(v)
	if len(cs.Problems) != 1 || cs.Problems[0].Kind != SchemaBound {
		t.Fatalf("got %q, want one bound problem", kinds(cs.Problems))
	}
}

func TestBigNumbersExact(t *testing.T) {
	t.Parallel()
	e := NewEngine(testLimits)
	cs := e.Check(parse(t, `{"properties":{"n":{"const":9007199254740993},"m":{"enum":[9007199254740993]},"k":{"maximum":9007199254740992}}}`))
	if len(cs.Problems) != 0 {
		t.Fatal(cs.Problems)
	}
	if errs, ok := cs.Validate(parse(t, `{"n":9007199254740993,"m":9007199254740993,"k":9007199254740992}`)); !ok || len(errs) != 0 {
		t.Errorf("exact values rejected: %+v %v", errs, ok)
	}
	errs, ok := cs.Validate(parse(t, `{"n":9007199254740992,"m":9007199254740992,"k":9007199254740993}`))
	if !ok || len(errs) != 3 {
		t.Errorf("want 3 errors for values off by one beyond float64 precision, got %+v", errs)
	}
}

func TestCatastrophicPattern(t *testing.T) {
	e := NewEngine(Limits{MaxDepth: 64, MaxSubschemas: 1000, Timeout: 5 * time.Second, RegexTimeout: 20 * time.Millisecond})
	cs := e.Check(parse(t, `{"type":"string","pattern":"^(a+)+$"}`))
	if len(cs.Problems) != 0 {
		t.Fatal(cs.Problems)
	}
	errs, ok := cs.Validate(strings.Repeat("a", 40) + "!")
	if !ok || len(errs) != 1 || errs[0].Keyword != "/pattern" {
		t.Fatalf("want one pattern error, got %+v %v", errs, ok)
	}
	if !strings.Contains(errs[0].Message, "stopped") {
		t.Errorf("message %q does not say matching was stopped", errs[0].Message)
	}
}
