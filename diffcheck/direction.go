package diffcheck

import (
	"fmt"

	"github.com/mcpschema/mcpschema/internal/rules"
)

// direction says which side must stay the wider one.
type direction int

const (
	// dirInput: every value the base accepted must stay accepted (in = base, out = head).
	dirInput direction = iota
	// dirOutput: every value head admits must have been admitted at base (in = head, out = base).
	dirOutput
)

// inIsBase is the one definition of a direction: judging an inputSchema
// (contravariant) the accepting side in is the base, judging an
// outputSchema (covariant) it is the head. Everything below is read from it.
func (d direction) inIsBase() bool { return d == dirInput }

// headBase orders a pair judged as (in, out) as (head, base).
func headBase[T any](d direction, in, out T) (head, base T) {
	if d.inIsBase() {
		return out, in
	}
	return in, out
}

// inOut orders a (base, head) pair as the judge's (in, out).
func inOut[T any](d direction, base, head T) (in, out T) {
	out, in = headBase(d, base, head)
	return in, out
}

// sides is what a judge says differently judging an inputSchema (in) and
// an outputSchema (out): a message, a word.
type sides[T any] struct{ in, out T }

// of is the side of direction d.
func (s sides[T]) of(d direction) T {
	if d.inIsBase() {
		return s.in
	}
	return s.out
}

// ruling is what a judge reports of one change in one direction: the rule,
// the message (a format over the arguments its mirror's comment names), the
// message once a witness is confirmed (proven, when msg hedges), whether the
// change takes the keyword away from head (removed: the head pointer is
// the nearest surviving ancestor) and whether it only adds to an output
// (additive, see Options.StrictOutputs).
type ruling struct {
	rule     *rules.Rule
	msg      string
	proven   string
	removed  bool
	additive bool
}

// mirror is one judge's pair of rulings: the input rule and its output
// mirror, reported by the same code with the roles of base and head
// swapped.
type mirror struct{ in, out ruling }

// of is the ruling of direction d.
func (m mirror) of(d direction) ruling { return sides[ruling](m).of(d) }

// rules are the mirror's two rules, input first.
func (m mirror) rules() []*rules.Rule { return []*rules.Rule{m.in.rule, m.out.rule} }

// say fills c from v: its rule, removed, additive and the messages
// formatted with args (a ruling without msg leaves the message to the judge).
func (c *change) say(v ruling, args ...any) {
	c.rule = v.rule
	c.removed = c.removed || v.removed
	c.additive = c.additive || v.additive
	if v.msg != "" {
		c.msg = fmt.Sprintf(v.msg, args...)
	}
	if v.proven != "" {
		c.proven = fmt.Sprintf(v.proven, args...)
	}
}
