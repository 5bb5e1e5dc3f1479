// Package ghfake is an in-memory GitHub REST API for tests: check runs,
// pull request comments, the compare endpoint's merge base and pull requests
// (by number and by commit), with GitHub's limits and failures (token checks,
// 50 annotations per request, 65,535-character summaries, read-only tokens,
// injected 5xx and rate-limit answers).
package ghfake

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Limits GitHub enforces.
const (
	MaxAnnotations = 50
	MaxSummary     = 65535
	MaxCommentBody = 65536
)

// Annotation is a check run annotation as posted.
type Annotation struct {
	Path            string `json:"path"`
	StartLine       int    `json:"start_line"`
	EndLine         int    `json:"end_line"`
	StartColumn     *int   `json:"start_column,omitempty"`
	EndColumn       *int   `json:"end_column,omitempty"`
	AnnotationLevel string `json:"annotation_level"`
	Message         string `json:"message"`
	Title           string `json:"title,omitempty"`
	RawDetails      string `json:"raw_details,omitempty"`
}

type output struct {
	Title       *string      `json:"title"`
	Summary     *string      `json:"summary"`
	Text        *string      `json:"text"`
	Annotations []Annotation `json:"annotations"`
}

type checkRunBody struct {
	Name        string  `json:"name"`
	HeadSHA     string  `json:"head_sha"`
	Status      *string `json:"status"`
	Conclusion  *string `json:"conclusion"`
	CompletedAt *string `json:"completed_at"`
	DetailsURL  *string `json:"details_url"`
	Output      *output `json:"output"`
}

// CheckRun is a check run's state.
type CheckRun struct {
	ID                               int64
	Name, HeadSHA, Status            string
	Conclusion, Title, Summary, Text string
	// DetailsURL is the link to the run's details ("" when none was sent).
	DetailsURL  string
	Annotations []Annotation
	// Batches is the number of annotations of each request that carried some.
	Batches []int
}

// Comment is a pull request (issue) comment.
type Comment struct {
	ID     int64
	Issue  int
	Body   string
	Edits  int
	Author string
}

// Request is one request the server answered.
type Request struct {
	Method, Path string
	Status       int
	// Annotations is how many annotations the request carried.
	Annotations int
	// SummaryLen is the length of output.summary, if any.
	SummaryLen int
}

// Fault makes the server answer matching requests with Status instead.
type Fault struct {
	// Method and PathSuffix select requests ("" matches any).
	Method, PathSuffix string
	Status             int
	Header             map[string]string
	Body               string
	// After lets this many matching requests through first.
	After int
	// Times is how many requests get the fault (0: every one).
	Times int
	seen  int
	used  int
}

// Server is the fake API. Configure it before the first request.
type Server struct {
	*httptest.Server
	// Token is accepted for reads and writes, ReadOnlyToken for reads only.
	Token, ReadOnlyToken string
	// PageSize is the comments page size (default 30, like GitHub).
	PageSize int
	// GitDir is the repository the compare endpoint reads ("" answers 404).
	GitDir string
	// User is the login of a personal token: GET /user answers it and the
	// token's comments are written as it. Empty: an installation token
	// (GITHUB_TOKEN), which GET /user refuses and whose comments are
	// written as "github-actions[bot]".
	User string
	// App is the slug of the app an installation token belongs to ("":
	// "github-actions"): check runs name it, and the token's comments are
	// written as "<App>[bot]".
	App string
	// Pulls are the pull requests GET /repos/{owner}/{repo}/pulls/{number}
	// and GET /repos/{owner}/{repo}/commits/{sha}/pulls answer.
	Pulls []PullRequest
	// Stall, when it reports true for a request, holds the request until
	// the client gives up (its context ends) or StallMax passes: an API
	// that does not answer in time.
	Stall func(method, path string) bool
	// StallMax bounds a stall (default 30s).
	StallMax time.Duration

	mu        sync.Mutex
	faults    []*Fault
	nextID    int64
	checkRuns []*CheckRun
	comments  []*Comment
	requests  []Request
}

// New starts a fake API that accepts token.
func New(token string) *Server {
	s := &Server{Token: token, nextID: 1000}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// AddFault queues a fault.
func (s *Server) AddFault(f Fault) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = append(s.faults, &f)
}

// CheckRuns returns copies of the check runs, oldest first.
func (s *Server) CheckRuns() []CheckRun {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]CheckRun, len(s.checkRuns))
	for i, c := range s.checkRuns {
		out[i] = *c
		out[i].Annotations = append([]Annotation(nil), c.Annotations...)
	}
	return out
}

// Comments returns copies of the comments, oldest first.
func (s *Server) Comments() []Comment {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Comment, len(s.comments))
	for i, c := range s.comments {
		out[i] = *c
	}
	return out
}

// AddComment seeds a comment (e.g. someone else's) on issue n.
func (s *Server) AddComment(n int, author, body string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nextID++
	s.comments = append(s.comments, &Comment{ID: s.nextID, Issue: n, Body: body, Author: author})
}

// Requests returns the requests answered so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

var (
	reCheckRuns   = regexp.MustCompile(`^/repos/([^/]+)/([^/]+)/check-runs$`)
	reCheckRun    = regexp.MustCompile(`^/repos/([^/]+)/([^/]+)/check-runs/(\d+)$`)
	reIssueCmts   = regexp.MustCompile(`^/repos/([^/]+)/([^/]+)/issues/(\d+)/comments$`)
	reIssueCmt    = regexp.MustCompile(`^/repos/([^/]+)/([^/]+)/issues/comments/(\d+)$`)
	userForbidden = `{"message":"Resource not accessible by integration","documentation_url":"https://docs.github.com/rest/users/users#get-the-authenticated-user","status":"403"}`
	forbiddenBody = `{"message":"Resource not accessible by integration","documentation_url":"https://docs.github.com/rest/checks/runs#create-a-check-run","status":"403"}`
)

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	if s.Stall != nil && s.Stall(r.Method, r.URL.Path) {
		// the body read, the server notices the client giving up
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		wait := s.StallMax
		if wait <= 0 {
			wait = 30 * time.Second
		}
		select {
		case <-r.Context().Done():
		case <-time.After(wait):
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	rec := Request{Method: r.Method, Path: r.URL.Path}
	status, body, header := s.handle(r, &rec)
	rec.Status = status
	s.requests = append(s.requests, rec)
	for k, v := range header {
		w.Header().Set(k, v)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	fmt.Fprint(w, body)
}

func errorBody(msg string) string {
	b, _ := json.Marshal(map[string]string{"message": msg, "documentation_url": "https://docs.github.com/rest"})
	return string(b)
}

func (s *Server) handle(r *http.Request, rec *Request) (int, string, map[string]string) {
	auth := r.Header.Get("Authorization")
	readOnly := s.ReadOnlyToken != "" && auth == "Bearer "+s.ReadOnlyToken
	if auth != "Bearer "+s.Token && !readOnly {
		return http.StatusUnauthorized, errorBody("Bad credentials"), nil
	}
	for _, f := range s.faults {
		if (f.Method == "" || f.Method == r.Method) && strings.HasSuffix(r.URL.Path, f.PathSuffix) {
			f.seen++
			if f.seen > f.After && (f.Times == 0 || f.used < f.Times) {
				f.used++
				return f.Status, f.Body, f.Header
			}
		}
	}
	if readOnly && r.Method != http.MethodGet {
		return http.StatusForbidden, forbiddenBody, nil
	}
	p := r.URL.Path
	switch {
	case r.Method == http.MethodPost && reCheckRuns.MatchString(p):
		return s.createCheckRun(r, rec)
	case r.Method == http.MethodPatch && reCheckRun.MatchString(p):
		id, _ := strconv.ParseInt(reCheckRun.FindStringSubmatch(p)[3], 10, 64)
		return s.updateCheckRun(r, rec, id)
	case r.Method == http.MethodGet && p == "/user":
		return s.user()
	case r.Method == http.MethodGet && reIssueCmts.MatchString(p):
		n, _ := strconv.Atoi(reIssueCmts.FindStringSubmatch(p)[3])
		return s.listComments(r, n)
	case r.Method == http.MethodPost && reIssueCmts.MatchString(p):
		n, _ := strconv.Atoi(reIssueCmts.FindStringSubmatch(p)[3])
		return s.createComment(r, n)
	case r.Method == http.MethodGet && reCompare.MatchString(p):
		m := reCompare.FindStringSubmatch(p)
		return s.compare(m[3], m[4])
	case r.Method == http.MethodGet && reCommitPulls.MatchString(p):
		return s.commitPulls(reCommitPulls.FindStringSubmatch(p)[3])
	case r.Method == http.MethodGet && rePull.MatchString(p):
		return s.pull(rePull.FindStringSubmatch(p)[3])
	case r.Method == http.MethodPatch && reIssueCmt.MatchString(p):
		id, _ := strconv.ParseInt(reIssueCmt.FindStringSubmatch(p)[3], 10, 64)
		return s.editComment(r, id)
	}
	return http.StatusNotFound, errorBody("Not Found"), nil
}
