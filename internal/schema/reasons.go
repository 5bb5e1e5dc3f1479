package schema

import (
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"github.com/mcpschema/mcpschema/internal/source"
)

// Reason is one reason a value fails a schema, as a node of the
// validator's error tree. A leaf has no Alternatives. An anyOf or oneOf
// that no branch matched keeps the reasons of every branch in
// Alternatives (one list per failing branch, in order), where Validate
// keeps only the branch that got deepest into the value; its Keyword is
// the anyOf/oneOf keyword. A oneOf that several branches matched is a leaf.
type Reason struct {
	InstanceError
	Alternatives [][]Reason
}

// Reasons validates instance like Validate, and returns the reasons as a
// tree (nil when the value passes). A caller that must know why each
// branch of a union rejects a value (a witness rejected by the branch
// that changed) reads the Alternatives.
func (cs *Checked) Reasons(instance any) (rs []Reason, ok bool) {
	if cs == nil {
		return nil, false
	}
	ve, _, errs, ok := cs.run(instance, cs.limits.Deadline)
	if ve == nil {
		for _, e := range errs {
			rs = append(rs, Reason{InstanceError: e})
		}
		return rs, ok
	}
	return cs.reasons(ve, 0), true
}

// maxReasonDepth bounds the walk of an error tree (the validator's trees
// are bounded by the schema, itself bounded; this is a second guard).
const maxReasonDepth = 200

func (cs *Checked) reasons(e *jsonschema.ValidationError, depth int) []Reason {
	keyword := func(e *jsonschema.ValidationError) string {
		kw := pointerOf(e.SchemaURL, cs.resources)
		for _, t := range e.ErrorKind.KeywordPath() {
			kw = source.Join(kw, t)
		}
		return kw
	}
	leaf := func(e *jsonschema.ValidationError) Reason {
		return Reason{InstanceError: InstanceError{Pointer: ptrOf(e.InstanceLocation), Keyword: keyword(e), Message: instanceMessage(e)}}
	}
	if len(e.Causes) == 0 || depth > maxReasonDepth {
		return []Reason{leaf(e)}
	}
	switch e.ErrorKind.(type) {
	case *kind.AnyOf, *kind.OneOf:
		r := leaf(e)
		for _, c := range e.Causes {
			r.Alternatives = append(r.Alternatives, cs.reasons(c, depth+1))
		}
		return []Reason{r}
	case *kind.PropertyNames:
		// the member names: what Validate says about them is enough here.
		var out []Reason
		for _, l := range leaves(e, false) {
			kw := pointerOf(l.schemaURL, cs.resources)
			for _, t := range l.kwPath {
				kw = source.Join(kw, t)
			}
			out = append(out, Reason{InstanceError: InstanceError{Pointer: ptrOf(l.loc), Keyword: kw, Message: l.msg}})
		}
		return out
	}
	var out []Reason
	for _, c := range e.Causes {
		out = append(out, cs.reasons(c, depth+1)...)
	}
	return out
}
