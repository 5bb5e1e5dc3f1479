package ghsink

import (
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/testsupport/ghfake"
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
// the identity whose comments are searched (it answers for such a token).
func TestCommentOwnerFromUserEndpoint(t *testing.T) {
	const pat = "ghp_PERSONALtokenDoNotPrint789"
	h := newHarness(t, pat)
	h.srv.Token = pat
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
	if n := countRequests(h.srv.Requests(), "GET", "/user"); n != 1 {
		t.Errorf("GET /user sent %d times, want once", n)
	}
}

// TestCommentAsksNothingKnownToFail (issue 27 item 3): with the job's
// token (an installation token, "ghs_"), which GET /user answers with 403,
// the comment is found by its marker and the GitHub Actions bot: two runs
// (create, then update) send no GET /user and no request that fails.
func TestCommentAsksNothingKnownToFail(t *testing.T) {
	h := newHarness(t, token)
	m := CommentMarker("ci", "lint")
	h.srv.AddComment(7, "mallory", m+"\nnot ours")
	if got, err := upsert(h, m, "findings", true); err != nil || got != CommentCreated {
		t.Fatalf("first upsert = %q, %v; want created", got, err)
	}
	second := newHarness(t, token) // the next run: a new client
	second.srv = h.srv
	c, err := New(Options{APIURL: h.srv.URL, Token: token})
	if err != nil {
		t.Fatal(err)
	}
	second.client = c
	if got, err := upsert(second, m, "findings 2", true); err != nil || got != CommentUpdated {
		t.Fatalf("second upsert = %q, %v; want our comment updated", got, err)
	}
	reqs := h.srv.Requests()
	for _, r := range reqs {
		if r.Status >= 400 || r.Path == "/user" {
			t.Errorf("request %s %s answered %d: a request known to fail was sent", r.Method, r.Path, r.Status)
		}
	}
	if len(reqs) != 4 {
		t.Errorf("%d requests, want 4 (list, create, list, edit):\n%s", len(reqs), requestsText(reqs))
	}
}

// TestCommentOwnerFromCheckRunApp: an installation token of another app
// writes as "<slug>[bot]"; the check run the same client created names the
// app, so its comment is found and edited, never duplicated, and GET /user
// is not sent.
func TestCommentOwnerFromCheckRunApp(t *testing.T) {
	h := newHarness(t, token)
	h.srv.App = "acme-ci"
	m := CommentMarker("ci", "lint")
	h.srv.AddComment(7, "acme-ci[bot]", m+"\nours, from the last run")
	if _, err := publish(h, findingsReport(3)); err != nil {
		t.Fatal(err)
	}
	if got, err := upsert(h, m, "new", true); err != nil || got != CommentUpdated {
		t.Fatalf("upsert = %q, %v; want acme-ci[bot]'s comment updated", got, err)
	}
	if cms := h.srv.Comments(); len(cms) != 1 || cms[0].Edits != 1 {
		t.Errorf("comments %+v: want the one comment edited", cms)
	}
	if n := countRequests(h.srv.Requests(), "GET", "/user"); n != 0 {
		t.Errorf("GET /user sent %d times, want never", n)
	}
}

func countRequests(reqs []ghfake.Request, method, path string) int {
	n := 0
	for _, r := range reqs {
		if r.Method == method && r.Path == path {
			n++
		}
	}
	return n
}

// TestCommentOwnerOfAnOldFormatToken: a token of no known prefix may be a
// personal one, so GET /user is asked (once); when it is refused (an
// installation token of the old format) the GitHub Actions bot is taken,
// as for GITHUB_TOKEN.
func TestCommentOwnerOfAnOldFormatToken(t *testing.T) {
	const old = "0123456789abcdef0123456789abcdef01234567"
	h := newHarness(t, old)
	h.srv.Token = old
	m := CommentMarker("ci", "lint")
	h.srv.AddComment(7, "github-actions[bot]", m+"\nours")
	if got, err := upsert(h, m, "new", true); err != nil || got != CommentUpdated {
		t.Fatalf("upsert = %q, %v; want the bot's comment updated", got, err)
	}
	if n := countRequests(h.srv.Requests(), "GET", "/user"); n != 1 {
		t.Errorf("GET /user sent %d times, want once", n)
	}
}
