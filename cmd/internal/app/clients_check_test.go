package app

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/cmd/internal/service"
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/testsupport/ghfake"
)

// clientTool is a tool whose inputSchema has the optional property
// "StartTime<" when bad is set: not a breaking change, but a key the
// Anthropic Messages API rejects.
func clientTool(name string, bad bool) string {
	extra := ""
	if bad {
		extra = `, "StartTime<": {"type": "string"}`
	}
	return fmt.Sprintf(`{"name": %q, "description": "d", "inputSchema": {"type": "object", "properties": {"title": {"type": "string"}%s}}}`, name, extra)
}

// clientRepo commits a base where legacy_search already has a key the
// Messages API rejects and a head where create_issue gets one too.
func clientRepo(t *testing.T, baseFiles map[string]string) string {
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	files := map[string]string{"tools.json": `{"tools": [` + clientTool("create_issue", false) + `, ` + clientTool("legacy_search", true) + `]}`}
	for k, v := range baseFiles {
		files[k] = v
	}
	actCommit(t, repo, "base", files)
	actGit(t, repo, "tag", "base")
	actCommit(t, repo, "head", map[string]string{"tools.json": `{"tools": [` + clientTool("create_issue", true) + `, ` + clientTool("legacy_search", true) + `]}`})
	return repo
}

func anthropicFindings(t *testing.T, out string) (*report.Report, map[string]report.Finding) {
	t.Helper()
	var rep report.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	got := map[string]report.Finding{}
	for _, f := range rep.Findings {
		if f.Rule == "client.anthropic.property-key" {
			got[f.Tool] = f
		}
	}
	return &rep, got
}

// TestClientsThroughCheckBase: without clients the anthropic profile is
// reported as warnings and passes the gate; named (--client or clients:
// in the config) it is a target: the incompatibility the change
// introduces is an error that fails the run and says so, the one the base
// already has is pre-existing, listed apart and not counted. openai-strict
// is not reported until named.
func TestClientsThroughCheckBase(t *testing.T) {
	t.Parallel()
	repo := clientRepo(t, nil)

	code, out, errOut := runMain(t, repo, "check", "--base", "base", "--format", "json", "tools.json")
	rep, got := anthropicFindings(t, out)
	if code != ExitOK || got["create_issue"].Severity.String() != "warning" || got["create_issue"].PreExisting ||
		!got["legacy_search"].PreExisting || rep.Summary.Errors != 0 {
		t.Fatalf("default: exit %d, findings %+v, summary %+v\n%s", code, got, rep.Summary, errOut)
	}
	if strings.Contains(got["create_issue"].Message, "this pull request") {
		t.Errorf("default: a warning does not claim the change breaks a target: %q", got["create_issue"].Message)
	}
	for _, f := range rep.Findings {
		if strings.HasPrefix(f.Rule, "client.openai-strict.") || strings.HasPrefix(f.Rule, "client.gemini.") {
			t.Errorf("default: %s reported without clients naming it", f.Rule)
		}
	}

	for _, run := range [][]string{
		{"check", "--base", "base", "--format", "json", "--client", "anthropic", "tools.json"},
		{"check", "--base", "base", "--format", "json", "--config", "c.yaml", "tools.json"},
	} {
		if err := os.WriteFile(filepath.Join(repo, "c.yaml"), []byte("clients: [anthropic]\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errOut = runMain(t, repo, run...)
		rep, got = anthropicFindings(t, out)
		f := got["create_issue"]
		if code != ExitFindings || f.Severity.String() != "error" || f.PreExisting {
			t.Fatalf("%v: exit %d, create_issue %+v\n%s", run, code, f, errOut)
		}
		if want := `this pull request makes "create_issue" unusable in Claude (clients: anthropic): tool "create_issue": inputSchema property key "StartTime<"`; !strings.HasPrefix(f.Message, want) {
			t.Errorf("%v: message %q, want it to start with %q", run, f.Message, want)
		}
		if !strings.Contains(f.Message, "every request of a Claude session") {
			t.Errorf("%v: message %q does not name the consequence", run, f.Message)
		}
		old := got["legacy_search"]
		if !old.PreExisting || strings.Contains(old.Message, "this pull request") || rep.Summary.Errors != 1 || rep.Summary.PreExisting != 1 {
			t.Errorf("%v: legacy_search %+v, summary %+v: want it pre-existing, apart and not counted", run, old, rep.Summary)
		}
	}

	code, out, _ = runMain(t, repo, "check", "--base", "base", "--format", "json", "--client", "openai-strict", "tools.json")
	var strict report.Report
	if err := json.Unmarshal([]byte(out), &strict); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range strict.Findings {
		if strings.HasPrefix(f.Rule, "client.openai-strict.") {
			n++
			if f.Severity.String() != "error" {
				t.Errorf("openai-strict named: %s is %s", f.Rule, f.Severity)
			}
		}
	}
	if n == 0 || code != ExitFindings {
		t.Errorf("--client openai-strict: %d findings, exit %d", n, code)
	}

	code, _, errOut = runMain(t, repo, "check", "--client", "antropic", "tools.json")
	if code != ExitUsage || !strings.Contains(errOut, `unknown client "antropic": did you mean "anthropic"?`) {
		t.Errorf("unknown client: exit %d, %q", code, errOut)
	}
	if err := os.WriteFile(filepath.Join(repo, "c.yaml"), []byte("clients: [anthropic, cursr]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runMain(t, repo, "check", "--config", "c.yaml", "tools.json")
	if code != ExitUsage || !strings.Contains(errOut, `c.yaml:1:22: unknown client "cursr": did you mean "cursor"?`) {
		t.Errorf("unknown client in the config: exit %d, %q", code, errOut)
	}
}

// TestClientsBaseConfigDecides: on a pull request the base config's
// clients: applies; a change that drops the target does not lower its own
// errors, and the config change note says what it would do.
func TestClientsBaseConfigDecides(t *testing.T) {
	t.Parallel()
	repo := clientRepo(t, map[string]string{".mcpschema.yaml": "clients: [anthropic]\n"})
	actCommit(t, repo, "drop the target", map[string]string{".mcpschema.yaml": "fail-on: error\n"})
	code, out, errOut := runMain(t, repo, "check", "--base", "base", "--config-from", "base", "--format", "json", "tools.json")
	rep, got := anthropicFindings(t, out)
	if code != ExitFindings || got["create_issue"].Severity.String() != "error" {
		t.Fatalf("exit %d, create_issue %+v\n%s", code, got["create_issue"], errOut)
	}
	if rep.ConfigChange == nil || len(rep.ConfigChange.Reclassified) == 0 {
		t.Fatalf("config change %+v: want the error shown as reclassified after merge", rep.ConfigChange)
	}
}

// TestClientServerLimitPreExisting: a server already over Cursor's tool
// limit at the base is reported pre-existing; one that crosses it in the
// change is new, a warning by default and an error for a target.
func TestClientServerLimitPreExisting(t *testing.T) {
	t.Parallel()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	actCommit(t, repo, "base", map[string]string{"over.json": toolsJSON(81, 0, 0), "under.json": `{"serverInfo": {"name": "under"}, "tools": ` + toolsList(80) + `}`})
	actGit(t, repo, "tag", "base")
	actCommit(t, repo, "head", map[string]string{"over.json": toolsJSON(82, 0, 0), "under.json": `{"serverInfo": {"name": "under"}, "tools": ` + toolsList(81) + `}`})
	code, out, errOut := runMain(t, repo, "check", "--base", "base", "--format", "json", "--client", "cursor", "over.json", "under.json")
	var rep report.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v: %s%s", err, out, errOut)
	}
	seen := map[string]report.Finding{}
	for _, f := range rep.Findings {
		if f.Rule == "client.cursor.tool-count" {
			seen[f.File] = f
		}
	}
	over, under := seen["over.json"], seen["under.json"]
	if !over.PreExisting || under.PreExisting || under.Severity.String() != "error" || code != ExitFindings {
		t.Fatalf("exit %d: over %+v, under %+v", code, over, under)
	}
	if want := `this pull request makes Cursor drop "tool_80" (clients: cursor): server "under" has 81 tools`; !strings.HasPrefix(under.Message, want) {
		t.Errorf("message %q, want it to start with %q", under.Message, want)
	}
}

// toolsList is a JSON array of n tools named tool_0 ... tool_{n-1}.
func toolsList(n int) string {
	var b strings.Builder
	b.WriteString("[")
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, `{"name": "tool_%d", "description": "d", "inputSchema": {"type": "object"}}`, i)
	}
	b.WriteString("]")
	return b.String()
}

// TestActionClientTarget: through the action against the fake GitHub API,
// with clients: [anthropic] in the base config, the pull request's new
// property key "StartTime<" fails the check run, and the comment names the client
// and the consequence; the base's own is listed apart.
func TestActionClientTarget(t *testing.T) {
	t.Parallel()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	tools := func(bad bool) string {
		return `{"tools": [` + clientTool("create_issue", bad) + `, ` + clientTool("legacy_search", true) + `]}`
	}
	base := actCommit(t, repo, "base", map[string]string{".mcpschema.yaml": "clients: [anthropic]\n", "tools/tools.json": tools(false)})
	head := actCommit(t, repo, "head", map[string]string{"tools/tools.json": tools(true)})
	srv := ghfake.New(actToken)
	srv.GitDir = repo
	defer srv.Close()
	e := newActEnv(t, repo, srv.URL, "pull_request", prEvent(5, head, base), head)
	if code := e.run(); code != ExitFindings {
		t.Fatalf("exit %d\n%s\n%s", code, e.out.String(), e.err.String())
	}
	runs := srv.CheckRuns()
	if len(runs) != 1 || runs[0].Conclusion != "failure" {
		t.Fatalf("check runs %+v: want one, failed", runs)
	}
	cms := srv.Comments()
	if len(cms) != 1 {
		t.Fatalf("%d comments, want 1", len(cms))
	}
	body := cms[0].Body
	for _, want := range []string{
		`this pull request makes "create\_issue" unusable in Claude (clients: anthropic)`, // Markdown-escaped
		"every request of a Claude session",
		"client.anthropic.property-key",
		"Pre-existing findings (1)",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("comment lacks %q:\n%s", want, body)
		}
	}

	// With the clients input instead of the config, the same.
	repo2 := t.TempDir()
	actGit(t, repo2, "init", "-q", "-b", "main")
	base2 := actCommit(t, repo2, "base", map[string]string{"tools/tools.json": tools(false)})
	head2 := actCommit(t, repo2, "head", map[string]string{"tools/tools.json": tools(true)})
	srv2 := ghfake.New(actToken)
	srv2.GitDir = repo2
	defer srv2.Close()
	e2 := newActEnv(t, repo2, srv2.URL, "pull_request", prEvent(6, head2, base2), head2)
	e2.vars["INPUT_CLIENTS"] = "anthropic"
	if code := e2.run(); code != ExitFindings {
		t.Fatalf("clients input: exit %d\n%s\n%s", code, e2.out.String(), e2.err.String())
	}
	// Without either, the anthropic finding is a warning and the run passes.
	repo3 := t.TempDir()
	actGit(t, repo3, "init", "-q", "-b", "main")
	base3 := actCommit(t, repo3, "base", map[string]string{"tools/tools.json": tools(false)})
	head3 := actCommit(t, repo3, "head", map[string]string{"tools/tools.json": tools(true)})
	srv3 := ghfake.New(actToken)
	srv3.GitDir = repo3
	defer srv3.Close()
	e3 := newActEnv(t, repo3, srv3.URL, "pull_request", prEvent(7, head3, base3), head3)
	if code := e3.run(); code != ExitOK {
		t.Fatalf("default: exit %d\n%s\n%s", code, e3.out.String(), e3.err.String())
	}
	if cms := srv3.Comments(); len(cms) != 1 || !strings.Contains(cms[0].Body, "every request of a Claude session") || strings.Contains(cms[0].Body, "this pull request makes") {
		t.Errorf("default comment: %+v", cms)
	}
	e3.vars["INPUT_CLIENTS"] = "claude"
	if code := e3.run(); code != ExitUsage || !strings.Contains(e3.out.String()+e3.err.String(), `input "clients": unknown client "claude"`) {
		t.Errorf("bad clients input: exit %d\n%s\n%s", code, e3.out.String(), e3.err.String())
	}
}

// TestRulesClientsView: `mcpschema rules --clients` lists every profile
// with its constraints, sources and dates, within 100 columns; --format
// json gives every field; one profile by id; an unknown one is refused.
func TestRulesClientsView(t *testing.T) {
	t.Parallel()
	code, out, _ := runMain(t, t.TempDir(), "rules", "--clients")
	if code != ExitOK {
		t.Fatalf("exit %d", code)
	}
	for _, p := range service.ClientProfiles() {
		for _, c := range p.Constraints {
			if !strings.Contains(out, c.Rule.ID) || !strings.Contains(out, c.Sources[0].Ref) {
				t.Errorf("listing lacks %s or its source %s", c.Rule.ID, c.Sources[0].Ref)
			}
		}
	}
	for _, want := range []string{"anthropic: Claude, checked by default", "gemini: the Gemini API, checked only when named", "checked:  2026-12-03, against:"} {
		if !strings.Contains(out, want) {
			t.Errorf("listing lacks %q", want)
		}
	}
	for _, l := range strings.Split(out, "\n") {
		if len([]rune(l)) > helpWidth {
			t.Errorf("line over %d columns: %q", helpWidth, l)
		}
	}
	code, out, _ = runMain(t, t.TempDir(), "rules", "--clients", "--format", "json", "vscode")
	var profiles []struct {
		ID          string `json:"id"`
		Default     bool   `json:"default"`
		Constraints []struct {
			Rule, Consequence, Observed string
			Sources                     []struct{ Ref, Date, Shows string }
		} `json:"constraints"`
	}
	if err := json.Unmarshal([]byte(out), &profiles); err != nil || code != ExitOK {
		t.Fatalf("json: exit %d, %v: %s", code, err, out)
	}
	if len(profiles) != 1 || profiles[0].ID != "vscode" || !profiles[0].Default || len(profiles[0].Constraints) != 2 ||
		profiles[0].Constraints[0].Sources[0].Date == "" {
		t.Errorf("json: %+v", profiles)
	}
	code, _, errOut := runMain(t, t.TempDir(), "rules", "--clients", "cursr")
	if code != ExitUsage || !strings.Contains(errOut, `unknown client "cursr": did you mean "cursor"?`) {
		t.Errorf("unknown profile: exit %d, %q", code, errOut)
	}
}
