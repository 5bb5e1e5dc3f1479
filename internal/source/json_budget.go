package source

import (
	"fmt"

	"github.com/mcpschema/mcpschema/internal/limits"
)

// What the plain values of a JSON file cost in memory, as the decoder
// builds them: a Go map (an object) is a header and a group of slots per
// eight members, an array one interface value per element and its slice
// header boxed, a short string or number is shared (see unquote and box),
// a long one costs about its text. An object of one member costs 336
// bytes, 26 times its 13 bytes of text ({"k":12345},), so an enum of
// 490,000 of them (6 MB) held 190 MB of values before anything looked at
// them (issue 29 item 5).
const (
	objectCost  = 48  // a map's header
	groupCost   = 288 // a group of eight members (map[string]any)
	groupSize   = 8
	elementCost = 16 // an array element (an interface value)
	arrayCost   = 24 // an array's slice header, boxed in an interface
)

// jsonValueMemory is the memory a JSON file's values may take: the target
// for any input is 64 MB + 20 × its size (issue 19), and a check peaks at
// about 1.8 times its values' memory (the collector's headroom, the text,
// what is built from the values), so they may take 20 MB + 10 × the size.
// Real files cost two to four times their size; the densest shapes (a Go
// map holds at least 336 bytes, 26 times the text of {"k":12345}) pass the
// bound from about 1.1 MB.
func jsonValueMemory(size int) int64 { return 20<<20 + 10*int64(size) }

// jsonMaxCost is the bound on the cost of a JSON file of size bytes:
// jsonValueMemory, more when limits.max-file-values is raised above its
// default (in proportion), never less.
func jsonMaxCost(size int, lim Limits) int64 {
	n := jsonValueMemory(size)
	if lim.MaxValues > DefaultLimits.MaxValues {
		n = n * int64(lim.MaxValues) / int64(DefaultLimits.MaxValues)
	}
	return n
}

// valueCost is what v costs as the decoder charges it (the scalars
// nothing, being shared or about their text): the same whether v was
// decoded or reused (see ParseLike).
func valueCost(v any) int64 {
	switch x := v.(type) {
	case map[string]any:
		c := int64(objectCost + groupCost*((len(x)+groupSize-1)/groupSize))
		for _, e := range x {
			c += valueCost(e)
		}
		return c
	case []any:
		c := int64(arrayCost + elementCost*len(x))
		for _, e := range x {
			c += valueCost(e)
		}
		return c
	}
	return 0
}

// tooCostly is the problem of a file whose values passed max bytes at pos.
func tooCostly(pos Pos, max int64, size int) Problem {
	return Problem{Kind: ProblemTooMany, Pos: pos, Fatal: true, Limit: limits.MaxFileValues, Message: fmt.Sprintf(
		"too many values for the file's size: by here its objects and arrays take more than %d bytes in memory, more than the values of a file of %d bytes may take (20 MB + 10 × its size, so that checking it stays within 64 MB + 20 × its size); the file is not checked (%s to allow it)",
		max, size, limits.MaxFileValues.Raise())}
}
