package suggest

import "fmt"

// DidYouMean returns ": did you mean X?" with the candidate nearest to
// word rendered by format, or "" when none is near.
func DidYouMean(word string, candidates []string, format string) string {
	if s, ok := Nearest(word, candidates); ok {
		return ": did you mean " + fmt.Sprintf(format, s) + "?"
	}
	return ""
}

// UnknownHint follows "unknown X %q" in a message: the nearest candidate
// when one is near, then advice ("use one of ...").
func UnknownHint(word string, candidates []string, format, advice string) string {
	if h := DidYouMean(word, candidates, format); h != "" {
		return h + " " + advice
	}
	return ": " + advice
}
