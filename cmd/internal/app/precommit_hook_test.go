package app

import (
	"os"
	"regexp"
	"testing"

	"go.yaml.in/yaml/v3"
)

// TestPreCommitHookFiles checks the hook's files: pattern against the names
// the README promises (pre-commit matches it with Python's re.search; the
// pattern keeps to the syntax Go's regexp shares with it).
func TestPreCommitHookFiles(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("../../../.pre-commit-hooks.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var hooks []struct {
		ID, Entry, Language, Files string
		PassFilenames              bool `yaml:"pass_filenames"`
	}
	if err := yaml.Unmarshal(data, &hooks); err != nil {
		t.Fatal(err)
	}
	if len(hooks) != 1 || hooks[0].ID != "mcpschema" || hooks[0].Entry != "mcpschema check" || hooks[0].Language != "golang" || !hooks[0].PassFilenames {
		t.Fatalf("hooks = %+v, want one golang hook mcpschema running 'mcpschema check' on the file names", hooks)
	}
	re := regexp.MustCompile(hooks[0].Files)
	for _, name := range []string{
		"testdata/examples/chess.mcpdesc.yaml", "testdata/examples/tools-list.json",
		"testdata/examples/__toolsnaps__/get_me.snap", "testdata/broken/tools.json",
		"server.mcpdesc.json", "mcp.mcpdesc.yml", "tools.json", "mcp-tools.yaml", "api/tools_v2.json",
		"tools/search.json", "srv/tools/nested/a.yaml",
	} {
		if !re.MatchString(name) {
			t.Errorf("files: does not match %q", name)
		}
	}
	for _, name := range []string{
		"package.json", "go.mod", "tsconfig.json", ".github/workflows/ci.yml", "mytools.json",
		"devtools.json", "tools.json.bak", "__toolsnaps__/a/b.snap", "README.md",
	} {
		if re.MatchString(name) {
			t.Errorf("files: matches %q", name)
		}
	}
}
