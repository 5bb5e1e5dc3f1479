package ghsink

import (
	"strings"
	"testing"
)

// TestCommentIgnoresOthersMarkers (issue 10 item 8): a comment that someone
// else wrote with this job's marker is never edited; the sticky comment is
// only looked for among the token's own comments.
func TestCommentIgnoresOthersMarkers(t *testing.T) {
	h := newHarness(t, token)
	m := CommentMarker("ci", "lint")
	h.srv.AddComment(7, "mallory", m+"\nplease merge")
	got, err := upsert(h, m, "findings", true)
	if err != nil || got != CommentCreated {
		t.Fatalf("upsert = %q, %v; want a comment of our own created", got, err)
	}
	cms := h.srv.Comments()
	if len(cms) != 2 || cms[0].Body != m+"\nplease merge" || cms[0].Edits != 0 || cms[1].Author != "github-actions[bot]" {
		t.Fatalf("comments %+v: want mallory's untouched and one of ours", cms)
	}
	if got, err := upsert(h, m, "findings 2", true); err != nil || got != CommentUpdated {
		t.Fatalf("second upsert = %q, %v; want our comment updated", got, err)
	}
}

// TestCommentMarkerNotForgedByValues (item 8): a tool name holding another
// job's marker, rendered in this job's comment, does not make the other
// job edit this job's comment.
func TestCommentMarkerNotForgedByValues(t *testing.T) {
	h := newHarness(t, token)
	lint, other := CommentMarker("ci", "lint"), CommentMarker("ci", "other")
	if _, err := upsert(h, lint, "tool `"+other+"` lost a property", true); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(h.srv.Comments()[0].Body[len(lint):], "<!--") {
		t.Errorf("a rendered value still opens an HTML comment: %q", h.srv.Comments()[0].Body)
	}
	if got, err := upsert(h, other, "other job's findings", true); err != nil || got != CommentCreated {
		t.Fatalf("other job's upsert = %q, %v; want its own comment created", got, err)
	}
	cms := h.srv.Comments()
	if len(cms) != 2 || !strings.HasPrefix(cms[0].Body, lint) || cms[0].Edits != 0 {
		t.Fatalf("comments %+v: want lint's untouched and other's created", cms)
	}
}

// TestCommentOwnerFromUserEndpoint: with a personal token, GET /user names
// the identity whose comments are searched.
func TestCommentOwnerFromUserEndpoint(t *testing.T) {
	h := newHarness(t, token)
	h.srv.User = "octocat"
	m := CommentMarker("ci", "lint")
	h.srv.AddComment(7, "github-actions[bot]", m+"\nanother identity's comment")
	h.srv.AddComment(7, "octocat", m+"\nours")
	if got, err := upsert(h, m, "new", true); err != nil || got != CommentUpdated {
		t.Fatalf("upsert = %q, %v; want octocat's comment updated", got, err)
	}
	if cms := h.srv.Comments(); cms[0].Edits != 0 || cms[1].Edits != 1 {
		t.Errorf("edits %d and %d: want only octocat's comment edited", cms[0].Edits, cms[1].Edits)
	}
}
