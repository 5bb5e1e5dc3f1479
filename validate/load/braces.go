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

// ExpandBraces returns the patterns p stands for once its brace
// alternatives are expanded the way doublestar matches them: "{a,b}" is "a"
// or "b", braces nest, a backslash escapes the next character, and a brace
// inside a bracket expression ("[{]") is literal. Escapes and brackets are
// kept as they are in the results. An unclosed brace is literal. More than
// MaxBraceAlternatives results are an error.
func ExpandBraces(p string) ([]string, error) {
	out := []string{}
	if err := expandBraces("", p, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// expandBraces appends to out the expansions of prefix+p (prefix has no
// brace left to expand).
func expandBraces(prefix, p string, out *[]string) error {
	open := -1
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '\\':
			i++
		case '[':
			i = bracketEnd(p, i)
		case '{':
			open = i
		}
		if open >= 0 {
			break
		}
	}
	if open < 0 {
		if len(*out) >= MaxBraceAlternatives {
			return fmt.Errorf("pattern expands to more than %d brace alternatives: use fewer braces", MaxBraceAlternatives)
		}
		*out = append(*out, prefix+p)
		return nil
	}
	alts, end := braceAlternatives(p, open)
	if end < 0 { // unclosed: the brace is literal
		return expandBraces(prefix+p[:open+1], p[open+1:], out)
	}
	for _, a := range alts {
		if err := expandBraces("", prefix+p[:open]+a+p[end+1:], out); err != nil {
			return err
		}
	}
	return nil
}

// braceAlternatives splits the brace group opening at p[open] on its
// top-level commas and returns the alternatives and the index of its
// closing brace (-1 when it is not closed).
func braceAlternatives(p string, open int) ([]string, int) {
	var alts []string
	depth, start := 0, open+1
	for i := open + 1; i < len(p); i++ {
		switch p[i] {
		case '\\':
			i++
		case '[':
			i = bracketEnd(p, i)
		case '{':
			depth++
		case '}':
			if depth == 0 {
				return append(alts, p[start:i]), i
			}
			depth--
		case ',':
			if depth == 0 {
				alts = append(alts, p[start:i])
				start = i + 1
			}
		}
	}
	return nil, -1
}

// bracketEnd returns the index of the "]" closing the bracket expression
// opening at p[i], or i when it is not closed (the "[" is then literal).
func bracketEnd(p string, i int) int {
	j := i + 1
	if j < len(p) && (p[j] == '^' || p[j] == '!') {
		j++
	}
	for ; j < len(p); j++ {
		switch p[j] {
		case '\\':
			j++
		case ']':
			return j
		}
	}
	return i
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
