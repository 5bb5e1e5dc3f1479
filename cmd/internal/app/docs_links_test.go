package app

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// repoRoot is the repository's root, seen from this package's directory.
const repoRoot = "../../.."

// docFiles are the documents whose links and anchors are kept working:
// README.md and every docs/*.md, as paths relative to the repository root.
func docFiles(t *testing.T) []string {
	t.Helper()
	docs, err := filepath.Glob(filepath.Join(repoRoot, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	files := []string{"README.md"}
	for _, d := range docs {
		files = append(files, filepath.ToSlash(strings.TrimPrefix(d, repoRoot+string(filepath.Separator))))
	}
	if len(files) < 10 {
		t.Fatalf("docs/ holds %d documents, want the reference moved out of the README: %v", len(files)-1, files)
	}
	return files
}

// readDoc reads a document named relative to the repository root.
func readDoc(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot, filepath.FromSlash(path)))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

var (
	fenceLine   = regexp.MustCompile("^ {0,3}(```|~~~)")
	codeSpan    = regexp.MustCompile("`+[^`]*`+")
	headingLine = regexp.MustCompile(`^(?:> ?)*(#{1,6})\s+(.*?)\s*#*\s*$`)
	htmlID      = regexp.MustCompile(`<a\s+(?:id|name)="([^"]+)"`)
	mdLink      = regexp.MustCompile(`\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)
	linkText    = regexp.MustCompile(`!?\[([^\]]*)\]\([^)]*\)`)
)

// proseLines returns the lines of a Markdown text outside fenced code
// blocks, each with its line number.
func proseLines(text string) (lines []string, numbers []int) {
	in := false
	for i, l := range strings.Split(text, "\n") {
		if fenceLine.MatchString(l) {
			in = !in
			continue
		}
		if !in {
			lines = append(lines, l)
			numbers = append(numbers, i+1)
		}
	}
	return lines, numbers
}

// slug is the anchor GitHub gives a heading: the text as rendered,
// lower case, without punctuation, spaces as hyphens.
func slug(heading string) string {
	heading = linkText.ReplaceAllString(heading, "$1")
	heading = strings.NewReplacer("`", "", "**", "", "*", "").Replace(heading)
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// anchors are the fragments a Markdown text defines: its headings' slugs
// (a repeated one numbered -1, -2, as GitHub does) and its HTML ids.
func anchors(text string) map[string]bool {
	out := map[string]bool{}
	seen := map[string]int{}
	lines, _ := proseLines(text)
	for _, l := range lines {
		if m := headingLine.FindStringSubmatch(l); m != nil {
			s := slug(m[2])
			if n := seen[s]; n > 0 {
				out[s+"-"+strconv.Itoa(n)] = true
			} else {
				out[s] = true
			}
			seen[s]++
		}
		for _, m := range htmlID.FindAllStringSubmatch(l, -1) {
			out[m[1]] = true
		}
	}
	return out
}

// TestDocsLinksResolve: every relative link of README.md and docs/*.md
// names a file of the repository, and every fragment an anchor of its
// target (a heading or an <a id>), so nothing the README moved to docs/
// leaves a dead link behind.
func TestDocsLinksResolve(t *testing.T) {
	t.Parallel()
	targets := 0
	for _, doc := range docFiles(t) {
		text := readDoc(t, doc)
		lines, numbers := proseLines(text)
		for i, l := range lines {
			l = codeSpan.ReplaceAllString(l, "")
			for _, m := range mdLink.FindAllStringSubmatch(l, -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				targets++
				path, frag, _ := strings.Cut(target, "#")
				file := doc
				if path != "" {
					file = filepath.ToSlash(filepath.Clean(filepath.Join(filepath.Dir(doc), path)))
					if strings.HasPrefix(file, "..") {
						t.Errorf("%s:%d: link %q leaves the repository", doc, numbers[i], target)
						continue
					}
					if _, err := os.Stat(filepath.Join(repoRoot, filepath.FromSlash(file))); err != nil {
						t.Errorf("%s:%d: link %q: %v", doc, numbers[i], target, err)
						continue
					}
				}
				if frag == "" {
					continue
				}
				if !strings.HasSuffix(file, ".md") {
					t.Errorf("%s:%d: link %q has a fragment into a file that is not Markdown", doc, numbers[i], target)
					continue
				}
				if !anchors(readDoc(t, file))[frag] {
					t.Errorf("%s:%d: link %q: %s has no anchor %q", doc, numbers[i], target, file, frag)
				}
			}
		}
	}
	if targets < 50 {
		t.Errorf("%d relative links in README.md and docs/, want the README's index and the docs' links (the parser missed them?)", targets)
	}
}

// TestDocsSlug pins the anchor rule on headings the docs link to.
func TestDocsSlug(t *testing.T) {
	t.Parallel()
	for heading, want := range map[string]string{
		"On GitHub: what you will run into": "on-github-what-you-will-run-into",
		"`check` flags":                     "check-flags",
		"Policy: pre-existing findings, intended breaks, outputs, hints": "policy-pre-existing-findings-intended-breaks-outputs-hints",
		"Skip label: intended breaking releases":                         "skip-label-intended-breaking-releases",
		"❌ mcpschema failed":                                             "-mcpschema-failed",
		"tool `search_code`":                                             "tool-search_code",
	} {
		if got := slug(heading); got != want {
			t.Errorf("slug(%q) = %q, want %q", heading, got, want)
		}
	}
	a := anchors("# A\n\n## Same\n\n## Same\n\n```\n## Not a heading\n```\n<a id=\"rule-x\"></a>\n")
	for _, want := range []string{"a", "same", "same-1", "rule-x"} {
		if !a[want] {
			t.Errorf("anchors lack %q: %v", want, a)
		}
	}
	if a["not-a-heading"] {
		t.Errorf("a heading inside a code block became an anchor: %v", a)
	}
}
