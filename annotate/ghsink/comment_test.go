package ghsink

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/testsupport/golden"
)

func upsert(h *harness, marker, body string, create bool) (string, error) {
	return h.client.UpsertComment(context.Background(), Comment{Owner: "acme", Repo: "tools", Number: 7,
		Marker: marker, Body: marker + "\n" + body, Create: create})
}

func TestCommentCreatedOnceThenEdited(t *testing.T) {
	h := newHarness(t, token)
	h.srv.PageSize = 2
	for i := 0; i < 5; i++ {
		h.srv.AddComment(7, "someone", fmt.Sprintf("unrelated comment %d", i))
	}
	h.srv.AddComment(8, "someone", CommentMarker("ci", "lint")+" on another pull request")
	m := CommentMarker("ci", "lint")
	steps := []struct {
		body, create string
		want         string
	}{
		{"first", "yes", CommentCreated},
		{"second", "yes", CommentUpdated},
		{"second", "yes", CommentUnchanged},
		{"third", "no", CommentUpdated},
	}
	for _, s := range steps {
		got, err := upsert(h, m, s.body, s.create == "yes")
		if err != nil || got != s.want {
			t.Fatalf("upsert %q = %q, %v; want %q", s.body, got, err, s.want)
		}
	}
	var ours []string
	for _, c := range h.srv.Comments() {
		if c.Issue == 7 && strings.Contains(c.Body, m) {
			ours = append(ours, c.Body)
			if c.Edits != 2 {
				t.Errorf("comment edited %d times, want 2", c.Edits)
			}
		}
	}
	if len(ours) != 1 || ours[0] != m+"\nthird" {
		t.Errorf("our comments on #7: %q, want exactly one with the last body", ours)
	}
	golden.Check(t, "comment.requests.txt", []byte(requestsText(h.srv.Requests())))
}

func TestCommentPerWorkflowAndJob(t *testing.T) {
	h := newHarness(t, token)
	for _, job := range []string{"lint", "lint-2", "lint"} {
		if _, err := upsert(h, CommentMarker("ci", job), "body of "+job, true); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(h.srv.Comments()); n != 2 {
		t.Errorf("%d comments, want one per job (2)", n)
	}
}

func TestCommentNotCreatedWhenNotAsked(t *testing.T) {
	h := newHarness(t, token)
	got, err := upsert(h, CommentMarker("ci", "lint"), "clean", false)
	if err != nil || got != CommentNone || len(h.srv.Comments()) != 0 {
		t.Fatalf("got %q, %v, %d comments; want none", got, err, len(h.srv.Comments()))
	}
}

func TestCommentReadOnlyToken(t *testing.T) {
	h := newHarness(t, roToken)
	_, err := upsert(h, CommentMarker("ci", "lint"), "body", true)
	if !IsForbidden(err) {
		t.Fatalf("err = %v, want forbidden", err)
	}
	noToken(t, err.Error(), Describe(err), h.log.String())
	if len(h.srv.Comments()) != 0 {
		t.Error("a comment was created with a read-only token")
	}
}

func TestCommentMarkerIsHidden(t *testing.T) {
	got := CommentMarker("ci --> <b>", "job\"x")
	want := `<!-- mcpschema comment workflow="ci - b" job="job'x" -->`
	if got != want {
		t.Errorf("CommentMarker = %q, want %q", got, want)
	}
}

// TestCommentPerCheckName: two steps of one job (or two matrix legs) with
// different check names keep a comment each; the same name edits its own.
func TestCommentPerCheckName(t *testing.T) {
	h := newHarness(t, token)
	for i, check := range []string{"mcpschema (api)", "mcpschema (cli)", "mcpschema (api)"} {
		if _, err := upsert(h, CheckCommentMarker("ci", "lint", check), fmt.Sprintf("body %d of %s", i, check), true); err != nil {
			t.Fatal(err)
		}
	}
	cms := h.srv.Comments()
	if len(cms) != 2 {
		t.Fatalf("%d comments, want one per check name (2)", len(cms))
	}
	if !strings.Contains(cms[0].Body, "body 2 of mcpschema (api)") || cms[0].Edits != 1 || !strings.Contains(cms[1].Body, "body 1 of mcpschema (cli)") {
		t.Errorf("comments %+v", cms)
	}
	if got, want := CheckCommentMarker("ci", "lint", "a\" -->b"), `<!-- mcpschema comment workflow="ci" job="lint" check="a' -b" -->`; got != want {
		t.Errorf("CheckCommentMarker = %q, want %q", got, want)
	}
}
