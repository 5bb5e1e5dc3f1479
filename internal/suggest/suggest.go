// Package suggest finds the known word nearest to a mistyped one, for
// "did you mean" hints on commands, flags, formats, rule ids and keywords.
package suggest

import "strings"

// Nearest returns the candidate closest to word, and false when none is
// close enough to be a likely typo. It compares case-insensitively; a
// candidate that word is a unique prefix of wins, then the smallest edit
// distance (a transposition counts as one edit) within a third of the
// word's length (at least 1, at most 3), the earlier candidate on ties.
func Nearest(word string, candidates []string) (string, bool) {
	w := strings.ToLower(word)
	if w == "" {
		return "", false
	}
	prefixed, n := "", 0
	for _, c := range candidates {
		if strings.HasPrefix(strings.ToLower(c), w) && len(w) >= 2 {
			prefixed, n = c, n+1
		}
	}
	if n == 1 {
		return prefixed, true
	}
	limit := min(max(len([]rune(w))/3, 1), 3)
	best, bestD := "", limit+1
	for _, c := range candidates {
		if d := distance(w, strings.ToLower(c)); d < bestD {
			best, bestD = c, d
		}
	}
	return best, bestD <= limit
}

// distance is the optimal string alignment distance between a and b:
// insertions, deletions, substitutions and transpositions of adjacent
// runes each cost one.
func distance(a, b string) int {
	x, y := []rune(a), []rune(b)
	if len(x) > 64 || len(y) > 64 {
		if a == b {
			return 0
		}
		return 1 << 20 // long words are not typos worth hinting
	}
	prev2 := make([]int, len(y)+1)
	prev := make([]int, len(y)+1)
	cur := make([]int, len(y)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(x); i++ {
		cur[0] = i
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(y)]
}
