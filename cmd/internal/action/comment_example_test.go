package action

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/cmd/internal/cmdenv"
	"github.com/mcpschema/mcpschema/internal/testsupport/ghfake"
)

// commentExample is the golden pull request comment of a README-sized
// example: five breaking changes in five tools (a required argument added
// to search_code, the same required argument added to get_issue,
// list_issues and list_pulls, close_issue removed from the middle of the
// list) and one validation error that the base already had (list_labels'
// "type": "strng"). commentLabelled is the same pull request with the skip
// label applied, and commentCheckRun the check run as the Checks tab shows
// it (its title, then its summary). They are produced by the whole action
// against the fake API, so they show what the action posts: regenerate
// them with
//
//	go test ./cmd/internal/action -run TestCommentExampleGolden -update
//
// after a change to the comment, then render them as GitHub does
// (testdata/comment/render.sh: cmark-gfm and headless Chromium) and look
// at the screenshots.
const (
	commentExample  = "../../../testdata/comment/example.md"
	commentLabelled = "../../../testdata/comment/example-labelled.md"
	commentCheckRun = "../../../testdata/comment/example-checkrun.md"
)

// The example pull request is the README's: testdata/breaking's base and
// head tool files.
var (
	exampleBase = readExample("base")
	exampleHead = readExample("head")
)

func readExample(side string) string {
	b, err := os.ReadFile("../../../testdata/breaking/" + side + "/tools/github.json")
	if err != nil {
		panic(err)
	}
	return string(b)
}

// exampleRun runs the action on the example pull request (labelled: with
// the skip label applied) and returns the comment and the check run.
func exampleRun(t *testing.T, labelled bool) (string, ghfake.CheckRun) {
	t.Helper()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	base := actCommit(t, repo, "base", map[string]string{"tools/github.json": exampleBase})
	head := actCommit(t, repo, "head", map[string]string{"tools/github.json": exampleHead})
	srv := ghfake.New(actToken)
	defer srv.Close()
	srv.GitDir = repo // the compare API finds the merge base
	event, want := prEvent(7, head, base), cmdenv.ExitFindings
	if labelled {
		event = fmt.Sprintf(`{"number": 7, "pull_request": {"number": 7, "labels": [{"name": "mcp-breaking-ok"}], "head": {"sha": %q}, "base": {"sha": %q}}}`, head, base)
		want = cmdenv.ExitOK
	}
	e := newActEnv(t, repo, srv.URL, "pull_request", event, head)
	e.vars["INPUT_FILES"] = "tools/*.json"
	if labelled {
		e.vars["INPUT_SKIP-LABEL"] = "mcp-breaking-ok"
	}
	if code := e.run(); code != want {
		t.Fatalf("exit %d, want %d\n%s\n%s", code, want, e.out.String(), e.err.String())
	}
	cms, runs := srv.Comments(), srv.CheckRuns()
	if len(cms) != 1 || len(runs) != 1 {
		t.Fatalf("%d comments and %d check runs, want 1 of each", len(cms), len(runs))
	}
	return cms[0].Body, runs[0]
}

// goldenFile compares got with the file at path (or writes it, -update).
func goldenFile(t *testing.T, path, got string) {
	t.Helper()
	if updating() {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read %s (run go test -update): %v", path, err)
	}
	if got != string(want) {
		t.Errorf("the example differs from %s (go test ./cmd/internal/action -run TestCommentExampleGolden -update, then render and look at it):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// TestCommentExampleGolden keeps the comments a reviewer reads on a pull
// request with five breaking changes and one error already on the base,
// with and without the skip label, and the check run of the first.
func TestCommentExampleGolden(t *testing.T) {
	body, run := exampleRun(t, false)
	goldenFile(t, commentExample, body)
	goldenFile(t, commentCheckRun, "# "+run.Title+"\n\n"+run.Summary)
	labelled, _ := exampleRun(t, true)
	goldenFile(t, commentLabelled, labelled)
}

// TestCommentExamplePRView: the pull request view of the
// example, as a reviewer meets it.
func TestCommentExamplePRView(t *testing.T) {
	body, run := exampleRun(t, false)
	labelled, _ := exampleRun(t, true)
	// (a) the label changes the verdict, not the count of tools; the
	// accepted removed tool is named.
	for _, md := range []string{body, labelled} {
		if !strings.Contains(md, "5 breaking changes in 5 tools") {
			t.Errorf("(a) headline does not say 5 breaking changes in 5 tools:\n%.400s", md)
		}
	}
	acc := labelled[strings.Index(labelled, "### Accepted breaking changes"):]
	if !strings.Contains(acc, "#### tool `close_issue`") {
		t.Errorf("(a) the accepted section does not name the removed tool:\n%s", acc)
	}
	// (b) the removed tool is annotated on the list that held it, never on
	// a tool that survives.
	lines := strings.Split(exampleHead, "\n")
	for _, a := range run.Annotations {
		if strings.Contains(a.Message, `"close_issue" was removed`) {
			if l := lines[a.StartLine-1]; !strings.Contains(l, `"tools": [`) {
				t.Errorf("(b) close_issue's removal is annotated on line %d %q, not on the list that held it", a.StartLine, l)
			}
		}
	}
	// (c) every tool of a change found in several tools links to its line.
	for _, tool := range []string{"get_issue", "list_issues", "list_pulls"} {
		if !regexp.MustCompile("`" + tool + "` \\(\\[`tools/github.json:\\d+:\\d+`\\]\\(https://[^)]+#L\\d+\\)\\)").MatchString(body) {
			t.Errorf("(c) tool %s of the group is not a link to its line:\n%s", tool, body)
		}
	}
	// (d) no table wider than a comment: the findings are list items, and
	// the only table left is the narrow counts table.
	for _, l := range strings.Split(body, "\n") {
		if strings.HasPrefix(l, "| position |") || strings.Count(l, " | ") > 6 {
			t.Errorf("(d) a wide table row: %q", l)
		}
	}
	// (e) the way to accept the breaks stands right under the verdict,
	// the config line in a code block.
	accept := strings.Index(body, "**To accept these breaking changes on purpose:**")
	if accept < 0 || accept > strings.Index(body, "### Breaking changes") || !strings.Contains(body, "```yaml\nskip-label: mcp-breaking-ok\n```") {
		t.Errorf("(e) no accept advice with its config line under the verdict:\n%s", body)
	}
	// (f) the Checks tab shows the check run's title as the verdict: its
	// summary does not say it again.
	if strings.Contains(run.Summary, run.Title) {
		t.Errorf("(f) the check run's summary repeats its title %q:\n%.300s", run.Title, run.Summary)
	}
}
