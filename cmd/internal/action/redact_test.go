package action

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/cmd/internal/cmdenv"
	"github.com/mcpschema/mcpschema/internal/testsupport/ghfake"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// TestRedactWriterSplitWrites: a token written in two
// pieces is still masked; the redaction is on the stream, not per Write.
func TestRedactWriterSplitWrites(t *testing.T) {
	t.Parallel()
	for cut := 1; cut < len(actToken); cut++ {
		var b bytes.Buffer
		w := newRedactWriter(&b, actToken)
		w.Write([]byte("token: " + actToken[:cut]))
		w.Write([]byte(actToken[cut:] + " and a partial ghs_e2e at the end"))
		flushRedact(w)
		if strings.Contains(b.String(), actToken) || !strings.Contains(b.String(), "token: *** and a partial ghs_e2e at the end") {
			t.Fatalf("cut %d: %q", cut, b.String())
		}
	}
}

// tokenForms are the ways a token can show: as is, and Markdown-escaped
// (`_` becomes `\_` in a summary or comment).
func tokenForms(tok string) []string {
	return []string{tok, strings.ReplaceAll(tok, "_", `\_`), strings.TrimSpace(tok)}
}

// TestActionTokenNeverAppears (item 9): an API error body that echoes the
// token, a token input with trailing whitespace, and notes that reach the
// job summary, the comment and the check run: the token shows nowhere, in
// no form.
func TestActionTokenNeverAppears(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo, base, head, merge := prRepo(t)
	srv := ghfake.New(actToken)
	defer srv.Close()
	echo := `{"message":"token ` + actToken + ` may not create check runs","documentation_url":"https://docs.github.com/rest"}`
	srv.AddFault(ghfake.Fault{Method: "POST", PathSuffix: "/check-runs", Status: 422, Body: echo})
	e := newActEnv(t, repo, srv.URL, "pull_request", prEvent(7, head, base), merge)
	e.vars["INPUT_GITHUB-TOKEN"] = actToken + "  \n"
	if code := e.run(); code != cmdenv.ExitFindings {
		t.Fatalf("exit %d\n%s\n%s", code, e.out.String(), e.err.String())
	}
	texts := map[string]string{"stdout": e.out.String(), "stderr": e.err.String(), "summary": e.file("summary.md"), "outputs": e.file("output")}
	for _, c := range srv.Comments() {
		texts["comment"] += c.Body
	}
	for _, c := range srv.CheckRuns() {
		texts["check run"] += c.Summary + c.Text
	}
	filepath.Walk(repo, func(p string, info os.FileInfo, err error) error {
		if err == nil && info.Mode().IsRegular() && !strings.Contains(p, string(filepath.Separator)+".git"+string(filepath.Separator)) {
			b, _ := os.ReadFile(p)
			texts[p] = string(b)
		}
		return nil
	})
	if !strings.Contains(texts["summary"], "may not create check runs") || len(srv.Comments()) != 1 {
		t.Fatalf("the API error is not in the job summary or no comment was written:\n%s", texts["summary"])
	}
	for name, s := range texts {
		for _, f := range tokenForms(actToken) {
			if strings.Contains(s, f) {
				t.Errorf("the token (as %q) appears in %s", f, name)
			}
		}
	}
	if b, err := json.Marshal(texts["summary"]); err == nil && strings.Contains(string(b), actToken) {
		t.Error("the token appears in the JSON-quoted summary")
	}
}
