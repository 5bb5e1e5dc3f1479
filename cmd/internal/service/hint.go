package service

import "github.com/mcpschema/mcpschema/internal/suggest"

// DidYouMean returns ": did you mean X?" with the candidate nearest to
// word rendered by format, or "" when none is near (suggest.DidYouMean).
func DidYouMean(word string, candidates []string, format string) string {
	return suggest.DidYouMean(word, candidates, format)
}

// UnknownHint follows "unknown X %q" in a message: the nearest candidate
// when one is near, then advice (suggest.UnknownHint).
func UnknownHint(word string, candidates []string, format, advice string) string {
	return suggest.UnknownHint(word, candidates, format, advice)
}
