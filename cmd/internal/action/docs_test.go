package action

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// repoFile reads a file named relative to the repository root.
func repoFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "..", filepath.FromSlash(path)))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestDocsActionInputs: docs/action.md's tables list every input and
// output of action.yml and nothing else, and the README names every input.
func TestDocsActionInputs(t *testing.T) {
	t.Parallel()
	var meta struct {
		Inputs  map[string]any `yaml:"inputs"`
		Outputs map[string]any `yaml:"outputs"`
	}
	if err := yaml.Unmarshal([]byte(repoFile(t, "action.yml")), &meta); err != nil {
		t.Fatal(err)
	}
	text := repoFile(t, "docs/action.md")
	cells := func(heading string) []string {
		_, section, ok := strings.Cut(text, "\n## "+heading+"\n")
		if !ok {
			t.Fatalf("docs/action.md lacks the section %q", "## "+heading)
		}
		section, _, _ = strings.Cut(section, "\n## ")
		var names []string
		for _, l := range strings.Split(section, "\n") {
			first, _, ok := strings.Cut(strings.TrimPrefix(l, "| "), " |")
			if !strings.HasPrefix(l, "| `") || !ok {
				continue
			}
			for _, n := range strings.Split(first, ", ") {
				names = append(names, strings.Trim(n, "`"))
			}
		}
		sort.Strings(names)
		return names
	}
	keys := func(m map[string]any) []string {
		var out []string
		for k := range m {
			out = append(out, k)
		}
		sort.Strings(out)
		return out
	}
	if got, want := cells("Inputs"), keys(meta.Inputs); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("docs/action.md's inputs %v, action.yml's %v", got, want)
	}
	if got, want := cells("Outputs"), keys(meta.Outputs); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("docs/action.md's outputs %v, action.yml's %v", got, want)
	}
	readme := repoFile(t, "README.md")
	for _, in := range keys(meta.Inputs) {
		if !strings.Contains(readme, "`"+in+"`") {
			t.Errorf("README.md's GitHub Action section does not name the input %q", in)
		}
	}
}
