package diffcheck

import (
	"math/big"
	"sort"
	"strings"
)

// typeSet is a set of JSON Schema types; integer is folded into number
// whenever number is present, so {number, integer} and {number} are equal.
type typeSet uint8

const (
	tNull typeSet = 1 << iota
	tBoolean
	tObject
	tArray
	tNumber
	tString
	tInteger
	tAll = tNull | tBoolean | tObject | tArray | tNumber | tString
)

var typeNames = []struct {
	t    typeSet
	name string
}{{tArray, "array"}, {tBoolean, "boolean"}, {tInteger, "integer"}, {tNull, "null"}, {tNumber, "number"}, {tObject, "object"}, {tString, "string"}}

func typeByName(s string) typeSet {
	for _, tn := range typeNames {
		if tn.name == s {
			return tn.t
		}
	}
	return 0
}

// norm folds integer into number when both are present.
func (t typeSet) norm() typeSet {
	if t&tNumber != 0 {
		return t &^ tInteger
	}
	return t
}

// has reports whether a value of type x (one bit) is admitted.
func (t typeSet) has(x typeSet) bool {
	if x == tInteger && t&tNumber != 0 {
		return true
	}
	return t&x != 0
}

// minus returns the types of t not admitted by u (integer counts as number).
func (t typeSet) minus(u typeSet) typeSet {
	t, u = t.norm(), u.norm()
	out := t &^ u
	if u&tNumber != 0 {
		out &^= tInteger
	}
	return out
}

// intersect returns the types admitted by both.
func (t typeSet) intersect(u typeSet) typeSet {
	out := t & u
	if t&tNumber != 0 && u&tInteger != 0 {
		out |= tInteger
	}
	if u&tNumber != 0 && t&tInteger != 0 {
		out |= tInteger
	}
	return out.norm()
}

func (t typeSet) String() string {
	if t.norm() == tAll {
		return "any"
	}
	var names []string
	for _, tn := range typeNames {
		if t.norm()&tn.t != 0 {
			names = append(names, tn.name)
		}
	}
	return strings.Join(names, ", ")
}

// list returns the JSON value of the set, for fingerprints.
func (t typeSet) list() []any {
	var out []any
	for _, tn := range typeNames {
		if t.norm()&tn.t != 0 {
			out = append(out, tn.name)
		}
	}
	return out
}

// bound is a numeric limit.
type bound struct {
	v    *big.Rat
	excl bool
}

// node is one normalised schema. Keywords that only annotate are dropped;
// spellings with the same meaning share one field. Nodes reached through
// local references are shared, so the graph may have cycles.
type node struct {
	ptr   string            // pointer of the schema object in its file
	kwPtr map[string]string // keyword -> pointer where it is written
	never bool              // the false schema

	// kwAlso are the other pointers a keyword is written at in allOf
	// branches merged into the node (witness search looks at each).
	kwAlso map[string][]string

	types   typeSet
	enum    []any // canonical values (const folds in)
	hasEnum bool

	min, max   *bound
	multipleOf *big.Rat
	counts     map[string]*big.Int // minLength, maxLength, minItems, ...
	unique     bool
	pattern    string
	hasPattern bool
	format     string

	props         map[string]*node
	propPtr       map[string]string
	required      map[string]bool
	additional    *node // nil: absent (accepts anything)
	unevalProps   *node
	patternProps  map[string]*node
	propertyNames *node

	prefix      []*node
	items       *node // applies after prefix; nil: absent
	unevalItems *node
	contains    *node

	anyOf, oneOf, allOf []*node
	not                 *node
	ifN, thenN, elseN   *node
	depRequired         map[string][]string
	depSchemas          map[string]*node

	def        any
	hasDefault bool

	// undecidable keeps what stops a verdict here: a $dynamicRef or a
	// reference that cannot be resolved offline.
	undecidable string
	// opaque are the unresolved references the node is the conjunction
	// with (key → pointer of the $ref; see opaque.go): they can only
	// reject more than the known keywords do.
	opaque map[string]string
	// scope is the whole schema a $dynamicRef resolves in: the node cannot
	// be judged when it changed, even if the reference itself did not.
	scope any

	// raw is the schema as written, for witnesses and messages.
	raw any
}

// countKeywords are the integer bounds, with the direction that tightens them.
var countKeywords = []struct {
	name  string
	lower bool // a larger value is tighter
}{
	{"maxContains", false}, {"maxItems", false}, {"maxLength", false}, {"maxProperties", false},
	{"minContains", true}, {"minItems", true}, {"minLength", true}, {"minProperties", true},
}

// isTrue reports whether the node accepts every value.
func (n *node) isTrue() bool {
	return !n.never && n.types.norm() == tAll && !n.hasEnum && n.min == nil && n.max == nil &&
		n.multipleOf == nil && len(n.counts) == 0 && !n.unique && !n.hasPattern && n.format == "" &&
		len(n.props) == 0 && len(n.required) == 0 && n.additional == nil && n.unevalProps == nil &&
		len(n.patternProps) == 0 && n.propertyNames == nil && len(n.prefix) == 0 && n.items == nil &&
		n.unevalItems == nil && n.contains == nil && len(n.anyOf) == 0 && len(n.oneOf) == 0 &&
		len(n.allOf) == 0 && n.not == nil && n.ifN == nil && len(n.depRequired) == 0 &&
		len(n.depSchemas) == 0 && n.undecidable == "" && len(n.opaque) == 0
}

// closed reports whether the object rejects properties it does not declare.
func (n *node) closed() bool {
	return (n.additional != nil && n.additional.never) || (n.unevalProps != nil && n.unevalProps.never)
}

// propSchema returns the schema that applies to member key of an object
// (ignoring patternProperties), nil when nothing constrains it.
func (n *node) propSchema(key string) *node {
	if p, ok := n.props[key]; ok {
		return p
	}
	if n.additional != nil {
		return n.additional
	}
	if n.unevalProps != nil {
		return n.unevalProps
	}
	return nil
}

// itemSchema returns the schema for array element i, nil when unconstrained.
func (n *node) itemSchema(i int) *node {
	if i < len(n.prefix) {
		return n.prefix[i]
	}
	if n.items != nil {
		return n.items
	}
	return n.unevalItems
}

func (n *node) at(kw string) string {
	if p, ok := n.kwPtr[kw]; ok {
		return p
	}
	return n.ptr
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
