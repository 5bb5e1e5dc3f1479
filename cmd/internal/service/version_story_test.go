package service

import (
	"strings"
	"testing"
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

// TestVersionStoryAgreement: `check` reports each file whose version
// disagrees with the server.json of the same server, naming both files and
// values; files of another server (another info.name) are not compared;
// agreeing files are clean.
func TestVersionStoryAgreement(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{"server.json": storyServerJSON("1.4.0"), "weather.mcpdesc.yaml": storyDoc("1.5.0"),
		"snapshot.json": storySnapshot("v1.4.0", storyTool), "other.mcpdesc.yaml": strings.Replace(storyDoc("7.0.0"), "name: weather,", "name: other,", 1)})
	code, out, errOut := runCheck(t, dir, "*.mcpdesc.yaml", "snapshot.json")
	want := `weather.mcpdesc.yaml:2:32: warning: weather.mcpdesc.yaml info.version is "1.5.0", but server.json "version" is "1.4.0": one release has one version; set the same version in both files [mcpschema.document.version-mismatch]`
	if code != exitOK || !strings.Contains(out, want) || strings.Count(out, "version-mismatch") != 1 {
		t.Errorf("exit %d: want one mismatch\n  %s\n%s%s", code, want, out, errOut)
	}
	dir = writeFiles(t, map[string]string{"server.json": storyServerJSON("1.4.0"), "weather.mcpdesc.yaml": storyDoc("1.4.0"), "snapshot.json": storySnapshot("1.4.0", storyTool)})
	if code, out, errOut := runCheck(t, dir, "*.mcpdesc.yaml", "snapshot.json"); code != exitOK || strings.Contains(out, "version-mismatch") {
		t.Errorf("agreeing versions: exit %d\n%s%s", code, out, errOut)
	}
}

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

// TestVersionStoryPolicy: under version-policy: semver, a pull request
// that removes a tool must raise the major version of the server.json, the
// document and the snapshot: the file that lags is named (the snapshot's
// own break says to bump it), the break is not announced until every file
// is raised, and then it is; changelog proposes the bump for each file.
func TestVersionStoryPolicy(t *testing.T) {
	t.Parallel()
	repo := storyRepo(t, "1.4.0", "2.0.0", "1.4.0")
	code, out, errOut := runCheck(t, repo, "--base", "base", "--config-from", "base")
	for _, want := range []string{
		`server.json:5:14: error: server.json "version" is still "1.4.0", but this change breaks callers (breaking changes in tools/snapshot.json): raise its major version to "2.0.0", with the other files of the release [mcpschema.document.version-not-raised]`,
		`tool "radar" was removed: callers that name it break; keep it, or deprecate it first and remove it in a later release; bump the major version (tools/snapshot.json serverInfo.version, now "1.4.0") to announce it [compat.tool.removed]`,
	} {
		if code != exitFindings || !strings.Contains(out, want) {
			t.Errorf("server.json lags: exit %d, want\n  %s\n%s%s", code, want, out, errOut)
		}
	}
	if strings.Contains(out, "weather.mcpdesc.yaml:2:") && strings.Contains(out, "version-not-raised") && strings.Contains(out, "weather.mcpdesc.yaml info.version is still") {
		t.Errorf("the raised document is reported as lagging:\n%s", out)
	}

	repo = storyRepo(t, "2.0.0", "2.0.0", "2.0.0")
	code, out, errOut = runCheck(t, repo, "--base", "base", "--config-from", "base")
	if code != exitOK || strings.Contains(out, "version-not-raised") || !strings.Contains(out, "(breaking, announced by 1.4.0 → 2.0.0)") {
		t.Errorf("every file raised: exit %d\n%s%s", code, out, errOut)
	}

	// (the bump's Markdown: TestChangelogMarkdownOfTheValue in cmd/internal/app)
	cl := changelogOf(t, storyRepo(t, "1.4.0", "1.4.0", "1.4.0"), "base")
	want := "major: 1.4.0 → 2.0.0 in server.json, 1.4.0 → 2.0.0 in tools/snapshot.json, 1.4.0 → 2.0.0 in weather.mcpdesc.yaml"
	got := "none"
	if bp := cl.Bump; bp != nil {
		var each []string
		for _, f := range bp.Files {
			each = append(each, f.From+" → "+f.To+" in "+f.File)
		}
		got = bp.Kind + ": " + strings.Join(each, ", ")
	}
	if got != want {
		t.Errorf("changelog's bump %q, want %q", got, want)
	}
}
