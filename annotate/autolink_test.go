package annotate

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// linkBait are values that GitHub turns into links or notifications when
// they appear in Markdown text: bare URLs and www. hosts (cmark-gfm's
// autolink extension), e-mail addresses, issue references (#1, GH-1,
// owner/repo#1) and mentions (@user, @org/team).
var linkBait = []string{"http://evil.example/a", "HTTPS://evil.example/b", "ftp://evil.example/c", "www.evil.example",
	"mail@evil.example", "#1", "GH-2", "gh-3", "acme/tools#4", "@octocat", "@acme/admins"}

// githubRefs finds what GitHub links after rendering, in the text of the
// HTML: issue references and mentions (cmark-gfm does not know them).
var githubRefs = regexp.MustCompile(`(?i)(^|[^\w/-])(#\d|gh-\d|[\w.-]+/[\w.-]+#\d|@[a-z0-9])`)

// TestMarkdownBreaksAutolinks is issue 19 item 10 (b): a value holding a
// URL, an issue reference or a mention shows as text in the summary and
// the comment, never as a link or a notification.
func TestMarkdownBreaksAutolinks(t *testing.T) {
	name := strings.Join(linkBait, " ")
	rep := &report.Report{Findings: []report.Finding{{Rule: "mcp.tool.name.format", Severity: rules.Warning,
		File: "tools/a.json", Line: 1, Column: 2, Tool: "x",
		Message: "tool name \"" + name + "\" is not allowed: " + name}}, Notes: []string{"note " + name}}
	rep.Finalize()
	var b bytes.Buffer
	if err := RenderMarkdown(&b, rep, SummaryOptions{Gate: report.DefaultGate}); err != nil {
		t.Fatal(err)
	}
	html := renderGFM(t, b.Bytes())
	text := codeSpan.ReplaceAllString(html, "<code></code>")
	if strings.Contains(text, "<a href=\"http://evil") || strings.Contains(text, "<a href=\"https://evil") ||
		strings.Contains(text, "mailto:") || strings.Contains(text, "evil.example\">") {
		t.Errorf("a value became a link:\n%s", html)
	}
	plain := regexp.MustCompile(`<[^>]*>`).ReplaceAllString(text, " ")
	if m := githubRefs.FindString(plain); m != "" {
		t.Errorf("GitHub would link %q:\n%s", m, plain)
	}
	// The values still read the same once the invisible breaks are removed.
	for _, v := range linkBait {
		if !strings.Contains(strings.NewReplacer("\u2060", "", "\u200b", "").Replace(plain), v) {
			t.Errorf("%q no longer reads as itself:\n%s", v, plain)
		}
	}
}
