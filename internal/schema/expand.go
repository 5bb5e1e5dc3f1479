package schema

import (
	"fmt"

	"github.com/mcpschema/mcpschema/internal/limits"
)

// checkExpansion bounds the work one validation can do: it counts the
// subschemas a validator visits when every resolved reference is expanded
// in place (a reference back into a schema being expanded counts once, as
// such recursion is paid for by the depth of the value). Shared
// definitions referenced from several branches multiply this count:
// nested oneOf-of-oneOf through "$defs" grows it exponentially with a
// small document. When it exceeds limit, the problem is reported at the
// smallest schema whose expansion alone exceeds it.
func (ix *index) checkExpansion(targets map[string][]string, limit int) *Problem {
	if limit <= 0 {
		return nil
	}
	cost := make(map[string]int, len(ix.nodes))
	onStack := map[string]bool{}
	var size func(ptr string) int
	size = func(ptr string) int {
		if c, ok := cost[ptr]; ok {
			return c
		}
		if onStack[ptr] {
			return 1
		}
		n, ok := ix.nodes[ptr]
		if !ok {
			return 1
		}
		onStack[ptr] = true
		total := 1
		for _, c := range n.children {
			total = satAdd(total, size(c), limit)
		}
		for _, t := range targets[ptr] {
			total = satAdd(total, size(t), limit)
		}
		delete(onStack, ptr)
		cost[ptr] = total
		return total
	}
	if size("") <= limit {
		return nil
	}
	at := ""
	for {
		next := ""
		for _, c := range ix.nodes[at].children {
			if size(c) > limit {
				next = c
				break
			}
		}
		if next == "" {
			break
		}
		at = next
	}
	return &Problem{Kind: SchemaBound, Pointer: at, Limit: limits.MaxSubschemas, Message: fmt.Sprintf(
		"schema expands to more than %d subschemas once its references are followed (shared definitions referenced from many branches), so it is not checked; simplify the composition, or %s", limit, limits.MaxSubschemas.Raise())}
}

// satAdd adds without exceeding limit+1.
func satAdd(a, b, limit int) int {
	if a > limit || b > limit || a+b > limit {
		return limit + 1
	}
	return a + b
}
