package action

import (
	"fmt"
	"testing"

	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// actToken is the token of the action's tests (the end-to-end ones, which
// run the action through the CLI's dispatch, are in cmd/internal/app).
const actToken = "ghs_e2eSECRETtoken0123456789"

// actGit runs git in dir with a fixed identity and clock, so commits are reproducible.
func actGit(t *testing.T, dir string, args ...string) string {
	t.Helper()
	return toolrepo.Git(t, dir, args...)
}

func actCommit(t *testing.T, dir, msg string, files map[string]string) string {
	t.Helper()
	return toolrepo.Commit(t, dir, msg, files)
}

// prEvent is a pull_request event's payload.
func prEvent(number int, head, base string) string {
	return fmt.Sprintf(`{"number": %d, "pull_request": {"number": %d, "head": {"sha": %q, "repo": {"full_name": "acme/tools"}}, "base": {"sha": %q}}}`,
		number, number, head, base)
}
