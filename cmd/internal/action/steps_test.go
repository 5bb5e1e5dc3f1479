package action

import (
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/cmd/internal/cmdenv"
	"github.com/mcpschema/mcpschema/internal/testsupport/ghfake"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// TestActionTwoStepsOneJob: two steps of one job run `mcpschema action`
// with different check names against the same API (as two matrix legs
// would); each keeps its own check run and its own sticky comment, and a
// re-run of the first edits its comment instead of the second's.
func TestActionTwoStepsOneJob(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo, base, head, merge := prRepo(t)
	srv := ghfake.New(actToken)
	srv.GitDir = repo
	defer srv.Close()
	run := func(check, files string) {
		t.Helper()
		e := newActEnv(t, repo, srv.URL, "pull_request", prEvent(7, head, base), merge)
		e.vars["INPUT_CHECK-NAME"] = check
		e.vars["INPUT_FILES"] = files
		e.vars["INPUT_SARIF"] = ""
		if code := e.run(); code != cmdenv.ExitFindings {
			t.Fatalf("%s: exit %d\n%s\n%s", check, code, e.out.String(), e.err.String())
		}
	}
	run("mcpschema (api)", "tools/*.json")
	run("mcpschema (cli)", "tools/tools.json")
	run("mcpschema (api)", "tools/*.json")
	cms := srv.Comments()
	if len(cms) != 2 {
		t.Fatalf("%d comments, want one per check name (2)", len(cms))
	}
	for i, check := range []string{"mcpschema (api)", "mcpschema (cli)"} {
		marker := `<!-- mcpschema comment workflow="ci" job="lint" check="` + check + `" -->`
		if !strings.HasPrefix(cms[i].Body, marker) || !strings.Contains(cms[i].Body, check+" failed") {
			t.Errorf("comment %d does not belong to %q:\n%.300s", i, check, cms[i].Body)
		}
	}
	// The comment names the head commit it describes, links to its check
	// run, and links positions to their lines at the head and base commits.
	for _, want := range []string{
		"Describes [`" + head[:12] + "`](https://github.example/acme/tools/commit/" + head + ")",
		"· [check run](https://github.example/checks/",
		"](https://github.example/acme/tools/blob/" + head + "/tools/tools.json#L",
		"base: [`tools/tools.json:",
		"](https://github.example/acme/tools/blob/" + base + "/tools/tools.json#L",
	} {
		if !strings.Contains(cms[0].Body, want) {
			t.Errorf("comment lacks %q:\n%.3000s", want, cms[0].Body)
		}
	}
	if runs := srv.CheckRuns(); len(runs) != 3 || runs[0].Name != "mcpschema (api)" || runs[1].Name != "mcpschema (cli)" {
		t.Errorf("check runs: %d", len(runs))
	}
}
