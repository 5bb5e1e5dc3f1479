package service

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// clientRepo is toolrepo's (the service's and the action's tests share it).
var clientRepo = toolrepo.ClientRepo

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
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo := clientRepo(t, nil)

	code, out, errOut := runCheck(t, repo, "--base", "base", "--format", "json", "tools.json")
	rep, got := anthropicFindings(t, out)
	if code != exitOK || got["create_issue"].Severity.String() != "warning" || got["create_issue"].PreExisting ||
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
		{"--base", "base", "--format", "json", "--client", "anthropic", "tools.json"},
		{"--base", "base", "--format", "json", "--config", "c.yaml", "tools.json"},
	} {
		if err := os.WriteFile(filepath.Join(repo, "c.yaml"), []byte("clients: [anthropic]\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errOut = runCheck(t, repo, run...)
		rep, got = anthropicFindings(t, out)
		f := got["create_issue"]
		if code != exitFindings || f.Severity.String() != "error" || f.PreExisting {
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

	code, out, _ = runCheck(t, repo, "--base", "base", "--format", "json", "--client", "openai-strict", "tools.json")
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
	if n == 0 || code != exitFindings {
		t.Errorf("--client openai-strict: %d findings, exit %d", n, code)
	}

	code, _, errOut = runCheck(t, repo, "--client", "antropic", "tools.json")
	if code != exitUsage || !strings.Contains(errOut, `unknown client "antropic": did you mean "anthropic"?`) {
		t.Errorf("unknown client: exit %d, %q", code, errOut)
	}
	if err := os.WriteFile(filepath.Join(repo, "c.yaml"), []byte("clients: [anthropic, cursr]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runCheck(t, repo, "--config", "c.yaml", "tools.json")
	if code != exitUsage || !strings.Contains(errOut, `c.yaml:1:22: unknown client "cursr": did you mean "cursor"?`) {
		t.Errorf("unknown client in the config: exit %d, %q", code, errOut)
	}
}

// TestClientsBaseConfigDecides: on a pull request the base config's
// clients: applies; a change that drops the target does not lower its own
// errors, and the config change note says what it would do.
func TestClientsBaseConfigDecides(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo := clientRepo(t, map[string]string{".mcpschema.yaml": "clients: [anthropic]\n"})
	actCommit(t, repo, "drop the target", map[string]string{".mcpschema.yaml": "fail-on: error\n"})
	code, out, errOut := runCheck(t, repo, "--base", "base", "--config-from", "base", "--format", "json", "tools.json")
	rep, got := anthropicFindings(t, out)
	if code != exitFindings || got["create_issue"].Severity.String() != "error" {
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
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	actCommit(t, repo, "base", map[string]string{"over.json": toolsJSON(81, 0, 0), "under.json": `{"serverInfo": {"name": "under"}, "tools": ` + toolsList(80) + `}`})
	actGit(t, repo, "tag", "base")
	actCommit(t, repo, "head", map[string]string{"over.json": toolsJSON(82, 0, 0), "under.json": `{"serverInfo": {"name": "under"}, "tools": ` + toolsList(81) + `}`})
	code, out, errOut := runCheck(t, repo, "--base", "base", "--format", "json", "--client", "cursor", "over.json", "under.json")
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
	if !over.PreExisting || under.PreExisting || under.Severity.String() != "error" || code != exitFindings {
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
