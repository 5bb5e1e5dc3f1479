package app

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// readmeFileBlock is a README code block that mirrors a repository file:
//
//	<!-- file: testdata/workflows/quickstart.yml -->
//	```yaml
//	…
//	```
//
// .ci/run lints and runs those files (actionlint, pre-commit validate-config),
// so what a user copies from the README is what CI checked.
var readmeFileBlock = regexp.MustCompile("(?s)<!-- file: ([^ ]+) -->\n```[a-z]*\n(.*?)```\n")

// TestReadmeFileBlocks keeps each marked README block equal to its file.
func TestReadmeFileBlocks(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("../../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := readmeFileBlock.FindAllStringSubmatch(string(data), -1)
	if len(blocks) < 3 {
		t.Fatalf("README.md has %d blocks marked <!-- file: PATH -->, want the quick-start and pull_request_target workflows and the pre-commit config", len(blocks))
	}
	for _, b := range blocks {
		path, block := b[1], b[2]
		want, err := os.ReadFile("../../../" + path)
		if err != nil {
			t.Errorf("README block for %s: %v", path, err)
			continue
		}
		if block != string(want) {
			t.Errorf("README block for %s differs from the file:\n--- README\n%s--- %s\n%s", path, block, path, want)
		}
	}
	for _, path := range []string{"testdata/workflows/quickstart.yml", "testdata/workflows/pull-request-target.yml", "testdata/precommit/.pre-commit-config.yaml"} {
		if !strings.Contains(string(data), "<!-- file: "+path+" -->") {
			t.Errorf("README.md does not show %s", path)
		}
	}
}
