package ghsink

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/google/go-github/v66/github"
)

// StatusCode returns the HTTP status of a GitHub API error, or 0.
func StatusCode(err error) int {
	var er *github.ErrorResponse
	if errors.As(err, &er) && er.Response != nil {
		return er.Response.StatusCode
	}
	var rl *github.RateLimitError
	if errors.As(err, &rl) && rl.Response != nil {
		return rl.Response.StatusCode
	}
	var ab *github.AbuseRateLimitError
	if errors.As(err, &ab) && ab.Response != nil {
		return ab.Response.StatusCode
	}
	return 0
}

// IsForbidden reports whether err says the token may not do this (403 or
// 404 without a rate limit): a fork's read-only token, or a missing
// permission in the workflow.
func IsForbidden(err error) bool {
	var rl *github.RateLimitError
	var ab *github.AbuseRateLimitError
	if errors.As(err, &rl) || errors.As(err, &ab) {
		return false
	}
	var er *github.ErrorResponse
	if errors.As(err, &er) && er.Response != nil &&
		(er.Response.Header.Get("Retry-After") != "" || strings.Contains(strings.ToLower(er.Message), "rate limit")) {
		return false
	}
	c := StatusCode(err)
	return c == http.StatusForbidden || c == http.StatusNotFound
}

// Describe is a short lower-case text for an API error, with its status and
// GitHub's message, and nothing from the request headers.
func Describe(err error) string {
	var er *github.ErrorResponse
	if errors.As(err, &er) && er.Response != nil {
		return fmt.Sprintf("%d %s", er.Response.StatusCode, quoteMessage(er.Message))
	}
	var rl *github.RateLimitError
	if errors.As(err, &rl) && rl.Response != nil {
		return fmt.Sprintf("%d rate limit exceeded", rl.Response.StatusCode)
	}
	var ab *github.AbuseRateLimitError
	if errors.As(err, &ab) && ab.Response != nil {
		return fmt.Sprintf("%d secondary rate limit", ab.Response.StatusCode)
	}
	return err.Error()
}

func quoteMessage(m string) string {
	if m == "" {
		return "(no message)"
	}
	return fmt.Sprintf("%q", m)
}
