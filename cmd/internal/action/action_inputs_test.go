package action

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sethvargo/go-githubactions"
	"go.yaml.in/yaml/v3"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
)

func TestActionTargets(t *testing.T) {
	t.Parallel()
	ev := &actionEvent{Before: strings.Repeat("0", 40), After: "bbb"}
	if got := eventTarget("push", "sss", ev); got != (target{HeadSHA: "bbb"}) {
		t.Errorf("push from a new branch: %+v", got)
	}
	ev = &actionEvent{}
	json.Unmarshal([]byte(`{"merge_group": {"head_sha": "mh", "base_sha": "mb"}}`), ev)
	if got := eventTarget("merge_group", "sss", ev); got != (target{HeadSHA: "mh", Base: "mb"}) {
		t.Errorf("merge_group: %+v", got)
	}
	if got := eventTarget("workflow_dispatch", "sss", &actionEvent{}); got != (target{HeadSHA: "sss"}) {
		t.Errorf("workflow_dispatch: %+v", got)
	}
	ev = &actionEvent{}
	json.Unmarshal([]byte(prEvent(3, "hh", "bb")), ev)
	if got := eventTarget("pull_request_target", "sss", ev); got != (target{HeadSHA: "hh", Base: "bb", PR: 3}) {
		t.Errorf("pull_request_target: %+v", got)
	}
}

func TestActionYAMLDeclaresEveryInputAndOutput(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile(filepath.Join("..", "..", "..", "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var meta struct {
		Inputs  map[string]struct{ Description, Default string } `yaml:"inputs"`
		Outputs map[string]struct{ Description string }          `yaml:"outputs"`
		Runs    struct {
			Using, Image string
			Args         []string
		} `yaml:"runs"`
		Branding map[string]string `yaml:"branding"`
	}
	if err := yaml.Unmarshal(b, &meta); err != nil {
		t.Fatal(err)
	}
	if len(meta.Inputs) != len(actionInputNames) || len(meta.Outputs) != len(actionOutputNames) {
		t.Errorf("action.yml has %d inputs and %d outputs, the code %d and %d", len(meta.Inputs), len(meta.Outputs), len(actionInputNames), len(actionOutputNames))
	}
	for _, n := range actionInputNames {
		if in, ok := meta.Inputs[n]; !ok || in.Description == "" {
			t.Errorf("input %q is not declared with a description", n)
		}
	}
	for _, n := range actionOutputNames {
		if out, ok := meta.Outputs[n]; !ok || out.Description == "" {
			t.Errorf("output %q is not declared with a description", n)
		}
	}
	if meta.Inputs["github-token"].Default != "${{ github.token }}" || meta.Inputs["base"].Default != baseAuto {
		t.Errorf("defaults: github-token %q, base %q", meta.Inputs["github-token"].Default, meta.Inputs["base"].Default)
	}
	if meta.Runs.Using != "docker" || meta.Runs.Image != "Dockerfile" || len(meta.Runs.Args) != 1 || meta.Runs.Args[0] != "action" || meta.Branding["icon"] == "" {
		t.Errorf("runs %+v, branding %v", meta.Runs, meta.Branding)
	}
}

func TestActionInputFailOnIncomplete(t *testing.T) {
	t.Parallel()
	env := map[string]string{"INPUT_FAIL-ON": "incomplete", "INPUT_FILES": "tools/*.json"}
	a := githubactions.New(githubactions.WithGetenv(func(k string) string { return env[k] }))
	in, err := readActionInputs(a)
	if err != nil || in.Gate.FailOn == nil || *in.Gate.FailOn != (report.FailOn{Severity: rules.Error, Incomplete: true}) {
		t.Errorf("fail-on incomplete: %+v, %v", in, err)
	}
}

// TestFromFork: only a pull_request event whose head is another
// repository is taken for a fork (its token is read-only); a missing head
// repository, the same repository (any case) and pull_request_target are not.
func TestFromFork(t *testing.T) {
	ev := func(head, base string) *actionEvent {
		e := &actionEvent{}
		if err := json.Unmarshal([]byte(`{"pull_request": {"head": {"repo": `+head+`}, "base": {"repo": `+base+`}}}`), e); err != nil {
			t.Fatal(err)
		}
		return e
	}
	for _, c := range []struct {
		event, head, base, repo string
		want                    bool
	}{
		{"pull_request", `{"full_name": "mallory/tools"}`, `{"full_name": "acme/tools"}`, "acme/tools", true},
		{"pull_request", `{"full_name": "mallory/tools"}`, `null`, "acme/tools", true},
		{"pull_request", `{"full_name": "Acme/Tools"}`, `{"full_name": "acme/tools"}`, "acme/tools", false},
		{"pull_request", `null`, `{"full_name": "acme/tools"}`, "acme/tools", false},
		{"pull_request_target", `{"full_name": "mallory/tools"}`, `{"full_name": "acme/tools"}`, "acme/tools", false},
	} {
		if got := ev(c.head, c.base).fromFork(c.event, c.repo); got != c.want {
			t.Errorf("%s head %s base %s: fromFork = %v, want %v", c.event, c.head, c.base, got, c.want)
		}
	}
}
