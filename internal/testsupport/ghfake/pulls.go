package ghfake

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strconv"
)

// PullRequest is a pull request the fake API knows (see Server.Pulls).
type PullRequest struct {
	Number int
	// BaseRef is the branch it merges into ("main"); HeadSHA its head commit.
	BaseRef, HeadSHA string
	// MergeCommitSHA is the commit it was merged as ("" while open).
	MergeCommitSHA string
	// Merged says it was merged (merged_at is set, state "closed").
	Merged bool
	Labels []string
	// Commits are further commits associated with it (its branch's).
	Commits []string
}

var (
	reCommitPulls = regexp.MustCompile(`^/repos/([^/]+)/([^/]+)/commits/([^/]+)/pulls$`)
	rePull        = regexp.MustCompile(`^/repos/([^/]+)/([^/]+)/pulls/(\d+)$`)
)

func (p PullRequest) json() map[string]any {
	labels := []any{}
	for _, l := range p.Labels {
		labels = append(labels, map[string]any{"name": l})
	}
	state, mergedAt := "open", any(nil)
	if p.Merged {
		state, mergedAt = "closed", "2026-01-01T00:00:00Z"
	}
	m := map[string]any{
		"number": p.Number, "state": state, "merged_at": mergedAt, "labels": labels,
		"base": map[string]any{"ref": p.BaseRef}, "head": map[string]any{"sha": p.HeadSHA},
	}
	if p.MergeCommitSHA != "" {
		m["merge_commit_sha"] = p.MergeCommitSHA
	}
	return m
}

// commitPulls answers GET /repos/{owner}/{repo}/commits/{sha}/pulls: the
// pull requests whose head, merge commit or commits include sha.
func (s *Server) commitPulls(sha string) (int, string, map[string]string) {
	out := []any{}
	for _, p := range s.Pulls {
		hit := p.HeadSHA == sha || p.MergeCommitSHA == sha
		for _, c := range p.Commits {
			hit = hit || c == sha
		}
		if hit {
			out = append(out, p.json())
		}
	}
	b, _ := json.Marshal(out)
	return http.StatusOK, string(b), nil
}

// pull answers GET /repos/{owner}/{repo}/pulls/{number}.
func (s *Server) pull(number string) (int, string, map[string]string) {
	n, _ := strconv.Atoi(number)
	for _, p := range s.Pulls {
		if p.Number == n {
			b, _ := json.Marshal(p.json())
			return http.StatusOK, string(b), nil
		}
	}
	return http.StatusNotFound, errorBody("Not Found"), nil
}
