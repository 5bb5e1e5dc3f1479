package app

import (
	"os"
	"regexp"
	"testing"

	"go.yaml.in/yaml/v3"
)

// TestPreCommitHookFilesMatchSnapshots: the files `mcpschema snapshot`
// writes as the README shows them (tools.snapshot.json, and --split
// __toolsnaps__, which writes <tool>.json) are checked by the pre-commit
// hook.
func TestPreCommitHookFilesMatchSnapshots(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("../../../.pre-commit-hooks.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var hooks []struct{ Files string }
	if err := yaml.Unmarshal(data, &hooks); err != nil || len(hooks) != 1 {
		t.Fatalf("hooks: %v", err)
	}
	re := regexp.MustCompile(hooks[0].Files)
	for _, name := range []string{"tools.snapshot.json", "__toolsnaps__/get_weather.json", "srv/__toolsnaps__/search.json"} {
		if !re.MatchString(name) {
			t.Errorf("files: does not match %q", name)
		}
	}
	if re.MatchString("__toolsnaps__/a/b.json") {
		t.Errorf("files: matches a file below __toolsnaps__/a/")
	}
}
