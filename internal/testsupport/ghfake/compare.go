package ghfake

import (
	"encoding/json"
	"net/http"
	"os/exec"
	"regexp"
	"strings"
)

var reCompare = regexp.MustCompile(`^/repos/([^/]+)/([^/]+)/compare/([^/]+)\.\.\.([^/]+)$`)

// compare answers GET /repos/{owner}/{repo}/compare/{base}...{head} from the
// git repository at s.GitDir: merge_base_commit is what `git merge-base`
// says. Without a repository, or for commits it lacks, it answers 404 like
// GitHub does for unknown commits.
func (s *Server) compare(base, head string) (int, string, map[string]string) {
	if s.GitDir == "" {
		return http.StatusNotFound, errorBody("Not Found"), nil
	}
	for _, rev := range []string{base, head} {
		if strings.HasPrefix(rev, "-") || exec.Command("git", "-C", s.GitDir, "rev-parse", "--verify", "--quiet", rev+"^{commit}").Run() != nil {
			return http.StatusNotFound, errorBody("Not Found"), nil
		}
	}
	out, err := exec.Command("git", "-C", s.GitDir, "merge-base", base, head).Output()
	mb := strings.TrimSpace(string(out))
	if err != nil || mb == "" {
		// GitHub answers 404 "No common ancestor" for unrelated histories.
		return http.StatusNotFound, errorBody("No common ancestor between " + base + " and " + head + "."), nil
	}
	b, _ := json.Marshal(map[string]any{
		"status":            "diverged",
		"merge_base_commit": map[string]any{"sha": mb},
		"base_commit":       map[string]any{"sha": base},
		"commits":           []any{},
		"files":             []any{},
	})
	return http.StatusOK, string(b), nil
}
