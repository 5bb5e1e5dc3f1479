package load

import (
	"fmt"
	"path"
	"strings"
)

// MaxBraceAlternatives bounds the patterns ExpandBraces returns: braces
// multiply ("{a,b}{c,d}" is four patterns), and a hostile pattern must not
// make a run expand millions of them.
const MaxBraceAlternatives = 1024

// MaxBracePatternBytes bounds the length of a pattern ExpandBraces expands
// (a path is far shorter), so that expanding stays cheap whatever its shape.
const MaxBracePatternBytes = 4096

// ExpandBraces returns the patterns p stands for once its brace
// alternatives are expanded the way doublestar matches them: "{a,b}" is "a"
// or "b", braces nest, a backslash escapes the next character, and a brace
// inside a bracket expression ("[{]") is literal. Escapes and brackets are
// kept as they are in the results. An unclosed brace is literal. A pattern
// longer than MaxBracePatternBytes, with more than MaxBraceAlternatives
// expansions, or whose expansion builds more than maxBraceBytes, is an error.
func ExpandBraces(p string) ([]string, error) {
	if len(p) > MaxBracePatternBytes {
		return nil, fmt.Errorf("pattern is longer than %d bytes: give a shorter one", MaxBracePatternBytes)
	}
	return expandBraces(p)
}

// errTooManyAlternatives is the error of a pattern that expands too much.
var errTooManyAlternatives = fmt.Errorf("pattern expands to more than %d brace alternatives: use fewer braces", MaxBraceAlternatives)

// maxBraceBytes bounds the bytes ExpandBraces builds in all, a few times
// its largest result (MaxBraceAlternatives patterns as long as the
// pattern): groups nested around many alternatives would otherwise copy
// them all again at each level.
const maxBraceBytes = 4 * MaxBraceAlternatives * MaxBracePatternBytes

// errBraceBytes is the error of a pattern whose expansion builds too much.
var errBraceBytes = fmt.Errorf("pattern's brace alternatives take more than %d bytes to expand: use fewer or less deeply nested braces", maxBraceBytes)

// braceGroups is a pattern's brace structure, found in one pass: for each
// "{" that opens a group, its top-level commas and its closing "}".
type braceGroups struct {
	p      string
	close  map[int]int   // open index -> close index
	commas map[int][]int // open index -> its top-level commas
	built  int           // bytes of the strings expand has built so far
}

// parseBraces finds p's brace groups the way doublestar does: a backslash
// escapes the next byte, a bracket expression is skipped to its "]" (when
// it has one), and a "{" without a closing "}" is literal.
func parseBraces(p string) *braceGroups {
	g := &braceGroups{p: p, close: map[int]int{}, commas: map[int][]int{}}
	// nextClose[j] is the first unescaped "]" at or after j (len(p): none).
	escaped := make([]bool, len(p)+1)
	for k := 1; k < len(p); k++ {
		escaped[k] = p[k-1] == '\\' && !escaped[k-1]
	}
	nextClose := make([]int, len(p)+1)
	nextClose[len(p)] = len(p)
	for k := len(p) - 1; k >= 0; k-- {
		nextClose[k] = nextClose[k+1]
		if p[k] == ']' && !escaped[k] {
			nextClose[k] = k
		}
	}
	var open []int
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '\\':
			i++
		case '[':
			j := i + 1
			if j < len(p) && (p[j] == '^' || p[j] == '!') {
				j++
			}
			if j < len(p) && nextClose[j] < len(p) {
				i = nextClose[j]
			}
		case '{':
			open = append(open, i)
		case ',':
			if len(open) > 0 {
				o := open[len(open)-1]
				g.commas[o] = append(g.commas[o], i)
			}
		case '}':
			if len(open) > 0 {
				o := open[len(open)-1]
				open = open[:len(open)-1]
				g.close[o] = i
			}
		}
	}
	for _, o := range open { // unclosed: literal, and so are its commas
		delete(g.commas, o)
	}
	return g
}

// expandBraces expands p: its literal runs and brace groups, left to
// right, each group's alternatives expanded in turn, checking the count
// before building the product.
func expandBraces(p string) ([]string, error) {
	return parseBraces(p).expand(0, len(p))
}

// expand expands p[start:end], a range no group straddles.
func (g *braceGroups) expand(start, end int) ([]string, error) {
	out := []string{""}
	lit := start // start of the current literal run
	for i := start; i < end; i++ {
		c, ok := g.close[i]
		if !ok {
			continue
		}
		var group []string
		from := i + 1
		for _, to := range append(append([]int(nil), g.commas[i]...), c) {
			ex, err := g.expand(from, to)
			if err != nil {
				return nil, err
			}
			if len(group)+len(ex) > MaxBraceAlternatives {
				return nil, errTooManyAlternatives
			}
			group = append(group, ex...)
			from = to + 1
		}
		if len(out)*len(group) > MaxBraceAlternatives {
			return nil, errTooManyAlternatives
		}
		next := make([]string, 0, len(out)*len(group))
		for _, o := range out {
			o += g.p[lit:i]
			for _, alt := range group {
				if g.built += len(o) + len(alt); g.built > maxBraceBytes {
					return nil, errBraceBytes
				}
				next = append(next, o+alt)
			}
		}
		out, lit, i = next, c+1, c
	}
	for k := range out {
		if lit == end {
			break
		}
		if g.built += len(out[k]) + end - lit; g.built > maxBraceBytes {
			return nil, errBraceBytes
		}
		out[k] += g.p[lit:end]
	}
	return out, nil
}

// checkAlternatives refuses a pattern (p as given, g cleaned) with a brace
// alternative outside base, the directory its walk starts from: the walk
// would never reach it, and the alternative would be dropped silently.
func checkAlternatives(p, g, base string) error {
	if !strings.Contains(g, "{") {
		return nil
	}
	alts, err := ExpandBraces(g)
	if err != nil {
		return fmt.Errorf("pattern %q: %v", p, err)
	}
	for _, a := range alts {
		if !under(path.Clean(a), base) {
			return fmt.Errorf("pattern %q has the alternative %q outside %q, where its search starts: give it as a pattern of its own", p, a, base)
		}
	}
	return nil
}

// under reports whether the cleaned slash path p is base or below it
// ("." for the current directory: any relative path that does not go up).
func under(p, base string) bool {
	if base == "." {
		return !strings.HasPrefix(p, "/") && p != ".." && !strings.HasPrefix(p, "../")
	}
	base = path.Clean(base)
	return p == base || strings.HasPrefix(p, strings.TrimSuffix(base, "/")+"/")
}
