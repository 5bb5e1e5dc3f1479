package app

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/mcpschema/mcpschema/internal/testsupport/ghfake"
)

// commentExample is the golden pull request comment of README-sized
// example: two breaking changes (a required argument added to
// search_code, delete_comment removed) and one validation error that the
// base already had (list_issues' "type": "strng"). It is produced by the
// whole action against the fake API, so it shows what the action posts:
// regenerate it with
//
//	go test ./cmd/internal/app -run TestCommentExampleGolden -update
//
// after a change to the comment (a pre-existing findings section, say),
// then render it (cmark-gfm) and look at it.
const commentExample = "../../../testdata/comment/example.md"

const exampleBase = `{
  "tools": [
    {
      "name": "search_code",
      "description": "Search code in the repository.",
      "inputSchema": {
        "type": "object",
        "properties": {
          "q": {"type": "string"},
          "page": {"type": "integer"}
        },
        "required": ["q"]
      }
    },
    {
      "name": "list_issues",
      "description": "List the issues of a repository.",
      "inputSchema": {
        "type": "object",
        "properties": {
          "state": {"type": "strng"}
        }
      }
    },
    {
      "name": "delete_comment",
      "description": "Delete an issue comment.",
      "inputSchema": {
        "type": "object",
        "properties": {
          "id": {"type": "integer"}
        },
        "required": ["id"]
      }
    }
  ]
}
`

const exampleHead = `{
  "tools": [
    {
      "name": "search_code",
      "description": "Search code in the repository, a page at a time.",
      "inputSchema": {
        "type": "object",
        "properties": {
          "q": {"type": "string"},
          "page": {"type": "integer"}
        },
        "required": [
          "q",
          "page"
        ]
      }
    },
    {
      "name": "list_issues",
      "description": "List the issues of a repository.",
      "inputSchema": {
        "type": "object",
        "properties": {
          "state": {"type": "strng"}
        }
      }
    }
  ]
}
`

// TestCommentExampleGolden keeps the comment a reviewer reads on a pull
// request with two breaking changes and one error already on the base.
func TestCommentExampleGolden(t *testing.T) {
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	base := actCommit(t, repo, "base", map[string]string{"tools/github.json": exampleBase})
	head := actCommit(t, repo, "head", map[string]string{"tools/github.json": exampleHead})
	srv := ghfake.New(actToken)
	defer srv.Close()
	srv.GitDir = repo // the compare API finds the merge base
	e := newActEnv(t, repo, srv.URL, "pull_request", prEvent(7, head, base), head)
	e.vars["INPUT_FILES"] = "tools/*.json"
	if code := e.run(); code != ExitFindings {
		t.Fatalf("exit %d, want 1\n%s\n%s", code, e.out.String(), e.err.String())
	}
	cms := srv.Comments()
	if len(cms) != 1 {
		t.Fatalf("%d comments, want 1", len(cms))
	}
	got := cms[0].Body
	if updating() {
		if err := os.MkdirAll(filepath.Dir(commentExample), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(commentExample, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(commentExample)
	if err != nil {
		t.Fatalf("read %s (run go test -update): %v", commentExample, err)
	}
	if got != string(want) {
		t.Errorf("the example comment differs from %s (go test ./cmd/internal/app -run TestCommentExampleGolden -update, then render and look at it):\n--- got\n%s\n--- want\n%s", commentExample, got, want)
	}
}
