package app

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// The README's promises to a newcomer.
const (
	readmeMaxLines  = 400
	readmeSetupLine = 100 // the set-up commands start within the first lines
	setupCheck      = "go run ./cmd/mcpschema check 'testdata/examples/**/*'"
	setupTest       = "go test ./..."
)

// TestReadmeOpensForUsers: the README is short, the two set-up commands
// are near the top, the Quick start says that nothing is released before
// it shows `@v1`, the README says where `go install` puts the binary and
// whose line `exit status 1` is, and links a contents list and a docs index.
func TestReadmeOpensForUsers(t *testing.T) {
	t.Parallel()
	text := readDoc(t, "README.md")
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if len(lines) > readmeMaxLines {
		t.Errorf("README.md has %d lines, want at most %d: move reference text to docs/", len(lines), readmeMaxLines)
	}
	lineOf := func(s string) int {
		for i, l := range lines {
			if strings.Contains(l, s) {
				return i + 1
			}
		}
		return 0
	}
	for _, cmd := range []string{setupCheck, setupTest} {
		n := 0
		for i, l := range lines {
			if strings.HasPrefix(l, cmd+" ") || l == cmd {
				n = i + 1
				break
			}
		}
		if n == 0 || n > readmeSetupLine {
			t.Errorf("README.md: the set-up command %q is at line %d, want it as a line of its own within the first %d", cmd, n, readmeSetupLine)
		}
	}
	quick, snippet, note := lineOf("## Quick start"), lineOf("uses: mcpschema/mcpschema@v1"), lineOf("uses: mcpschema/mcpschema@<sha>")
	if quick == 0 || snippet == 0 || note == 0 || note < quick || note > snippet || !strings.Contains(strings.Join(lines[quick:note], "\n"), "Nothing is released yet") {
		t.Errorf("README.md: the Quick start (line %d) must say that nothing is released yet and name @<sha> (line %d) before its @v1 snippet (line %d)", quick, note, snippet)
	}
	for _, want := range []string{"$(go env GOBIN)", "$(go env GOPATH)/bin", "`exit status 1`, is go's own line", "**Contents:**", "## Documentation"} {
		if !strings.Contains(text, want) {
			t.Errorf("README.md lacks %q", want)
		}
	}
	// The first set-up command, run as the README says: the examples are clean.
	root, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	args := shellFields(strings.TrimPrefix(setupCheck, "go run ./cmd/mcpschema "))
	if code, out, errOut := runMain(t, root, args...); code != ExitOK || !strings.HasPrefix(out, "0 errors, 0 warnings, 0 notices in ") {
		t.Errorf("the set-up command %q: exit %d\n%s%s", setupCheck, code, out, errOut)
	}
}

// shellFields splits plain words and single-quoted words, as sh does.
func shellFields(s string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`'([^']*)'|(\S+)`).FindAllStringSubmatch(s, -1) {
		out = append(out, m[1]+m[2])
	}
	return out
}

// readmeOutput is the README's text run: the block after the marker that
// names the command it is the output of.
var readmeOutput = regexp.MustCompile("(?s)<!-- output: (mcpschema [^\n]*?) -->\n```text\n(.*?)```\n")

// TestReadmeBreakingExample: the README's breaking-change example is what
// mcpschema prints on the files in testdata/breaking, committed as its
// shell block says (the golden comment, testdata/comment/example.md, whose
// excerpt the README quotes line by line, is made from the same files). Regenerate the text run with
//
//	go test ./cmd/internal/app -run TestReadmeBreakingExample -update
func TestReadmeBreakingExample(t *testing.T) {
	text := readDoc(t, "README.md")
	for _, want := range []string{
		`cp -r testdata/breaking/base/. "$demo" && cd "$demo"`,
		"git init -q && git add . && git -c user.name=demo -c user.email=demo@example.invalid commit -qm base",
		`cp -r "$repo"/testdata/breaking/head/. .`,
	} {
		if !strings.Contains(text, "\n"+want) {
			t.Errorf("README.md's example lacks the step %q", want)
		}
	}
	m := readmeOutput.FindStringSubmatchIndex(text)
	if m == nil {
		t.Fatal("README.md has no block marked <!-- output: mcpschema … -->")
	}
	command, shown := text[m[2]:m[3]], text[m[4]:m[5]]
	if !strings.Contains(text, "\n"+command+"\n```\n\n<!-- output: "+command+" -->") {
		t.Errorf("README.md: the output block must follow the shell block that ends with %q", command)
	}

	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	actCommit(t, repo, "base", map[string]string{"tools/github.json": exampleBase})
	if err := os.WriteFile(filepath.Join(repo, "tools", "github.json"), []byte(exampleHead), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runMain(t, repo, shellFields(strings.TrimPrefix(command, "mcpschema "))...)
	if code != ExitFindings || errOut != "" {
		t.Fatalf("%s: exit %d, want 1\n%s%s", command, code, out, errOut)
	}
	if !strings.Contains(out, "compat.input.required-added") || !strings.Contains(out, "compat.tool.removed") {
		t.Errorf("%s shows no breaking change:\n%s", command, out)
	}
	if out != shown {
		if updating() {
			text = text[:m[4]] + out + text[m[5]:]
			if err := os.WriteFile(filepath.Join(repoRoot, "README.md"), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		} else {
			t.Errorf("README.md's output of %q is out of date (go test ./cmd/internal/app -run TestReadmeBreakingExample -update):\n--- got\n%s--- README\n%s", command, out, shown)
		}
	}

	// The comment excerpt: a blockquote whose lines are lines of the golden
	// comment, in its order ("…" marks what is left out).
	const marker = "<!-- excerpt: testdata/comment/example.md -->\n"
	i := strings.Index(text, marker)
	if i < 0 {
		t.Fatalf("README.md lacks %q", marker)
	}
	golden := strings.Split(readDoc(t, "testdata/comment/example.md"), "\n")
	next, quoted := 0, 0
	for _, l := range strings.Split(text[i+len(marker):], "\n") {
		if !strings.HasPrefix(l, ">") {
			break
		}
		l = strings.TrimPrefix(strings.TrimPrefix(l, ">"), " ")
		if l == "" || l == "…" {
			continue
		}
		quoted++
		found := false
		for ; next < len(golden); next++ {
			if golden[next] == l {
				found = true
				next++
				break
			}
		}
		if !found {
			t.Errorf("README.md's comment excerpt line %q is not, in this order, a line of testdata/comment/example.md", l)
			break
		}
	}
	if quoted < 5 {
		t.Errorf("README.md's comment excerpt quotes %d lines, want the verdict and a breaking change", quoted)
	}
}

// flagCell is the flag a table row of docs/cli.md documents.
var flagCell = regexp.MustCompile("^\\| `(--[a-z-]+)")

// TestDocsCheckFlagsTable: the flag table of docs/cli.md lists every flag
// of `mcpschema check`, and nothing else.
func TestDocsCheckFlagsTable(t *testing.T) {
	t.Parallel()
	text := readDoc(t, "docs/cli.md")
	_, section, ok := strings.Cut(text, "\n## `check` flags\n")
	if !ok {
		t.Fatal("docs/cli.md lacks the section \"## `check` flags\"")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var documented []string
	for _, l := range strings.Split(section, "\n") {
		if m := flagCell.FindStringSubmatch(l); m != nil {
			documented = append(documented, m[1])
		}
	}
	c, _ := lookupCommand("check")
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	c.flags(fs)
	var declared []string
	fs.VisitAll(func(f *flag.Flag) { declared = append(declared, "--"+f.Name) })
	sort.Strings(documented)
	if strings.Join(documented, " ") != strings.Join(declared, " ") {
		t.Errorf("docs/cli.md's check flags:\n  %v\nmcpschema check's flags:\n  %v", documented, declared)
	}
}

// TestHelpNamesReadmeSections: a command's help that sends the reader to
// README.md, "Section" names a section the README has.
func TestHelpNamesReadmeSections(t *testing.T) {
	t.Parallel()
	readme := readDoc(t, "README.md")
	refs := 0
	for _, c := range commands {
		for _, m := range regexp.MustCompile(`README\.md, "([^"]+)"`).FindAllStringSubmatch(c.doc, -1) {
			refs++
			if !strings.Contains(readme, "\n## "+m[1]+"\n") {
				t.Errorf("help %s names the README section %q, which README.md lacks", c.name, m[1])
			}
		}
		for _, doc := range regexp.MustCompile(`docs/[a-z-]+\.md`).FindAllString(c.doc, -1) {
			refs++
			if _, err := os.Stat(filepath.Join(repoRoot, doc)); err != nil {
				t.Errorf("help %s names %s: %v", c.name, doc, err)
			}
		}
	}
	if refs == 0 {
		t.Error("no help text names a README section or a doc: the action's and snapshot's help did")
	}
}
