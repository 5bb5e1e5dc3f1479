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

// readmeFileBlockHomes are the marked blocks and the document that shows
// each: the quick start in the README, the rest where their topic lives.
var readmeFileBlockHomes = map[string]string{
	"testdata/workflows/quickstart.yml":          "README.md",
	"testdata/workflows/pull-request-target.yml": "docs/action.md",
	"testdata/precommit/.pre-commit-config.yaml": "docs/install.md",
}

// TestReadmeFileBlocks keeps each marked block of README.md and docs/*.md
// equal to its file, and each of readmeFileBlockHomes shown in its document.
func TestReadmeFileBlocks(t *testing.T) {
	t.Parallel()
	shown := map[string]string{} // path -> document
	for _, doc := range docFiles(t) {
		for _, b := range readmeFileBlock.FindAllStringSubmatch(readDoc(t, doc), -1) {
			path, block := b[1], b[2]
			shown[path] = doc
			want, err := os.ReadFile("../../../" + path)
			if err != nil {
				t.Errorf("%s block for %s: %v", doc, path, err)
				continue
			}
			if block != string(want) {
				t.Errorf("%s block for %s differs from the file:\n--- %s\n%s--- %s\n%s", doc, path, doc, block, path, want)
			}
		}
	}
	if len(shown) < len(readmeFileBlockHomes) {
		t.Errorf("README.md and docs/ have %d blocks marked <!-- file: PATH -->, want the quick-start and pull_request_target workflows and the pre-commit config", len(shown))
	}
	for path, doc := range readmeFileBlockHomes {
		if !strings.Contains(readDoc(t, doc), "<!-- file: "+path+" -->") {
			t.Errorf("%s does not show %s", doc, path)
		}
	}
}
