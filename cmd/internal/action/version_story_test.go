package action

import (
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/cmd/internal/cmdenv"
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/testsupport/ghfake"
)

// storyServerJSON is a registry server.json of io.github.acme/weather at version v.
func storyServerJSON(v string) string {
	return `{
  "$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
  "name": "io.github.acme/weather",
  "description": "Weather forecasts",
  "version": "` + v + `"
}`
}

// storyDoc is an MCP Description document of server weather at version v.
func storyDoc(v string) string {
	return "mcpdesc: 0.8.0\ninfo: {name: weather, version: " + v + "}\nprotocolVersions: [2025-11-25]\ntransports: [{type: stdio, command: weather}]\n" +
		"tools:\n  - name: forecast\n    description: Weather forecast\n    inputSchema: {type: object}\n"
}

// storySnapshot is a tools/list snapshot recording serverInfo at version v.
func storySnapshot(v string, tools string) string {
	return `{"serverInfo": {"name": "weather", "version": "` + v + `"}, "tools": [` + tools + `]}`
}

const (
	storyTool  = `{"name": "alerts", "description": "Weather alerts", "inputSchema": {"type": "object"}}`
	storyTool2 = `{"name": "radar", "description": "Radar images", "inputSchema": {"type": "object"}}`
)

// storyRepo is a repository whose base (tag base) has a server.json, an
// MCP Description document and a snapshot at 1.4.0 under version-policy:
// semver; its head removes a tool from the snapshot (a breaking change)
// with the versions given.
func storyRepo(t *testing.T, server, doc, snap string) string {
	t.Helper()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	actCommit(t, repo, "base", map[string]string{".mcpschema.yaml": "version-policy: semver\nfiles: [\"*.mcpdesc.yaml\", \"tools/*.json\"]\n",
		"server.json": storyServerJSON("1.4.0"), "weather.mcpdesc.yaml": storyDoc("1.4.0"), "tools/snapshot.json": storySnapshot("1.4.0", storyTool+", "+storyTool2)})
	actGit(t, repo, "tag", "base")
	actCommit(t, repo, "head", map[string]string{"server.json": storyServerJSON(server), "weather.mcpdesc.yaml": storyDoc(doc), "tools/snapshot.json": storySnapshot(snap, storyTool)})
	return repo
}

// TestActionVersionStory: the action, on a pull request whose server.json
// lags behind the document's major bump, names the server.json.
func TestActionVersionStory(t *testing.T) {
	t.Parallel()
	repo := storyRepo(t, "1.4.0", "2.0.0", "2.0.0")
	base := strings.TrimSpace(actGit(t, repo, "rev-parse", "base"))
	head := strings.TrimSpace(actGit(t, repo, "rev-parse", "HEAD"))
	srv := ghfake.New(actToken)
	defer srv.Close()
	e := newActEnv(t, repo, srv.URL, "pull_request", prEvent(7, head, base), head)
	e.vars["INPUT_FILES"] = ""
	if code := e.run(); code != cmdenv.ExitFindings {
		t.Fatalf("exit %d, want 1\n%s\n%s", code, e.out.String(), e.err.String())
	}
	rep := readReport(t, e.outputs()["report"])
	var lag *report.Finding
	for i, f := range rep.Findings {
		if f.Rule == "mcpschema.document.version-not-raised" {
			lag = &rep.Findings[i]
		}
	}
	if lag == nil || lag.File != "server.json" || lag.Line != 5 || !strings.Contains(lag.Message, `server.json "version" is still "1.4.0"`) {
		t.Fatalf("no finding names the lagging server.json: %+v\n%s", lag, e.out.String())
	}
	runs := srv.CheckRuns()
	if len(runs) != 1 || !strings.Contains(runs[0].Summary, "server.json") {
		t.Errorf("check run does not name server.json: %+v", runs)
	}
}
