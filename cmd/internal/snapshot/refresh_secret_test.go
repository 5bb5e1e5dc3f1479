package snapshot

import (
	"strings"
	"testing"
)

// TestRefreshCommandHidesLiteralHeaderValues: the refresh command printed
// after a drift repeats the arguments; a --header value written literally
// (a token pasted on the command line, or expanded by the CI before the
// command ran) is hidden, one that reads the environment (${VAR}) is kept.
func TestRefreshCommandHidesLiteralHeaderValues(t *testing.T) {
	for _, tc := range []struct {
		raw  []string
		want string
	}{
		{[]string{"--url", "http://h/mcp", "--header", "Authorization: Bearer s3cr3t-tok", "--check", "t.json"},
			`mcpschema snapshot --url http://h/mcp --header 'Authorization: ***' --output t.json`},
		{[]string{"--url", "http://h/mcp", "-header=Authorization: Bearer s3cr3t-tok", "--check", "t.json"},
			`mcpschema snapshot --url http://h/mcp '-header=Authorization: ***' --output t.json`},
		{[]string{"--url", "http://h/mcp", "--header", "Authorization: Bearer $T", "--check", "t.json"},
			`mcpschema snapshot --url http://h/mcp --header 'Authorization: Bearer $T' --output t.json`},
	} {
		got := refreshCommand(&Options{raw: tc.raw, Check: "t.json"})
		if got != tc.want || strings.Contains(got, "s3cr3t") {
			t.Errorf("%q:\n got %s\nwant %s", tc.raw, got, tc.want)
		}
	}
}
