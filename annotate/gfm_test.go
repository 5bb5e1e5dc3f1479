package annotate

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// gfmArgs render as GitHub does: the GFM extensions, raw HTML kept
// (<details>, <br>) and filtered by tagfilter.
var gfmArgs = []string{"--unsafe", "-e", "table", "-e", "autolink", "-e", "strikethrough", "-e", "tagfilter"}

// renderGFM renders Markdown with cmark-gfm, skipping the test when it is
// not installed.
func renderGFM(t *testing.T, md []byte) string {
	t.Helper()
	bin, err := exec.LookPath("cmark-gfm")
	if err != nil {
		t.Skip("cmark-gfm is not installed (Debian package cmark-gfm; .ci/run installs it): the summaries are not rendered")
	}
	cmd := exec.Command(bin, gfmArgs...)
	cmd.Stdin = bytes.NewReader(md)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("cmark-gfm: %v\n%s", err, errb.String())
	}
	return out.String()
}

var (
	codeSpan  = regexp.MustCompile(`(?s)<code>.*?</code>`)
	delimRow  = regexp.MustCompile(`(?m)^\|(-+:?\|)+-*:?\|?$`)
	alertLine = regexp.MustCompile(`<p>\[!(NOTE|WARNING|IMPORTANT|CAUTION)\]</p>`)
)

// TestGoldenSummariesRenderAsGFM renders the golden summaries and comments
// as GitHub would and keeps the HTML free of raw Markdown: no delimiter row
// left as text, no `**`, no backtick outside a code span, every table
// rendered, every <details> closed, positions linked.
func TestGoldenSummariesRenderAsGFM(t *testing.T) {
	names := []string{"prview-200.summary.md", "prview-200.comment.md", "prview-skiplabel.summary.md", "prview-skiplabel.comment.md",
		"sample.summary.md", "sample.summary-cut.md", "clean.summary.md", "configchange.summary.md",
		"../../../testdata/comment/example.md"} // the README-sized example comment (cmd/internal/action)
	for _, name := range names {
		md, err := os.ReadFile(filepath.Join("testdata", "golden", name))
		if err != nil {
			t.Fatal(err)
		}
		html := renderGFM(t, md)
		// GitHub's alerts ("> [!NOTE]") are GitHub's own extension, not GFM's:
		// cmark-gfm leaves the marker as text, GitHub turns it into a callout.
		text := alertLine.ReplaceAllString(codeSpan.ReplaceAllString(html, "<code></code>"), "")
		// A backtick escaped in the Markdown (a value that holds one) shows as
		// text; any other is a code span that did not render.
		if got, escaped := strings.Count(text, "`"), strings.Count(string(md), "\\`"); got > escaped {
			i := strings.Index(text, "`")
			t.Errorf("%s: %d backticks outside code spans, %d escaped ones in the Markdown, first near %q", name, got, escaped, text[max(0, i-120):min(len(text), i+120)])
		}
		for _, raw := range []string{"|---", "**", "<p>|", "&lt;details", "&lt;br"} {
			if strings.Contains(text, raw) {
				i := strings.Index(text, raw)
				t.Errorf("%s: rendered HTML holds raw Markdown %q near %q", name, raw, text[max(0, i-120):min(len(text), i+120)])
			}
		}
		if want, got := len(delimRow.FindAll(md, -1)), strings.Count(html, "<table>"); got != want {
			t.Errorf("%s: %d tables rendered, the Markdown has %d", name, got, want)
		}
		if o, c := strings.Count(html, "<details>"), strings.Count(html, "</details>"); o != c || o != strings.Count(string(md), "<details>") {
			t.Errorf("%s: <details> %d, </details> %d", name, o, c)
		}
		if strings.HasPrefix(name, "prview-") && !strings.Contains(html, `<a href="https://github.com/acme/tools/blob/`+headSHA+`/`) {
			t.Errorf("%s: positions are not links", name)
		}
		if os.Getenv("MCPSCHEMA_GFM_OUT") != "" {
			dir := os.Getenv("MCPSCHEMA_GFM_OUT")
			page := "<!doctype html><meta charset=utf-8><style>body{font-family:sans-serif;max-width:1000px;margin:2em auto}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px}code{background:#eee}</style>" + html
			if err := os.WriteFile(filepath.Join(dir, strings.TrimSuffix(filepath.Base(name), ".md")+".html"), []byte(page), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestGFMCatchesRawMarkdown: the checks above do find a broken table.
func TestGFMCatchesRawMarkdown(t *testing.T) {
	html := renderGFM(t, []byte("text\n| a | b |\n|---|\n| 1 | 2 |\n"))
	if !strings.Contains(html, "|---|") {
		t.Fatalf("a broken table renders as a table:\n%s", html)
	}
}
