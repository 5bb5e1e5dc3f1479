package service

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

const smokeDocBase = `mcpdesc: 0.8.0
info: {name: chess, version: 1.0.0}
protocolVersions: [2025-11-25]
tools:
  - name: analyze_game
    inputSchema: {type: object, properties: {pgn: {type: string}}, required: [pgn]}
  - name: record_game_result
    inputSchema: {type: object, properties: {result: {type: string}}, required: [result]}
`

const smokeDocHead = `mcpdesc: 0.8.0
info: {name: chess, version: 1.0.0}
protocolVersions: [2025-11-25]
tools:
  - name: analyze_game
    inputSchema: {type: object, properties: {pgn: {type: string}}, required: [pgn]}
`

// TestCheckBaseMovedDocumentRemovedTool: an MCP Description document moved
// to another path is compared with its new path (README, "Beyond tools"),
// and a tool it no longer declares is removed from the moved document: the
// finding sits in the head document (a line of the pull request's diff),
// not on the old path with "was removed with its file", since the file was
// moved, not deleted.
func TestCheckBaseMovedDocumentRemovedTool(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	actCommit(t, repo, "base", map[string]string{"docs/mcp.yaml": smokeDocBase})
	actGit(t, repo, "tag", "base")
	actGit(t, repo, "mv", "docs/mcp.yaml", "docs/chess.yaml")
	actCommit(t, repo, "move", map[string]string{"docs/chess.yaml": smokeDocHead})

	code, out, errOut := runCheck(t, repo, "--base", "base", "--format", "json", "docs/*.yaml")
	if code != exitFindings {
		t.Fatalf("exit %d, want 1\n%s%s", code, out, errOut)
	}
	var rep report.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	var removed []report.Finding
	for _, f := range rep.Findings {
		if f.Rule == "compat.tool.removed" {
			removed = append(removed, f)
		}
	}
	if len(removed) != 1 {
		t.Fatalf("removals %+v, want one", removed)
	}
	f := removed[0]
	if f.Tool != "record_game_result" || f.File != "docs/chess.yaml" || f.Line != 5 || strings.Contains(f.Message, "with its file") ||
		f.Base == nil || f.Base.File != "docs/mcp.yaml" || f.Base.Line != 7 {
		t.Errorf("removal %s:%d %q (base %+v): want it in docs/chess.yaml at its tool list's entry, base docs/mcp.yaml:7", f.File, f.Line, f.Message, f.Base)
	}
}
