package action

import (
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// TestActionSinks pins the sinks and their order: files first (their notes
// reach every summary), the API next, then the log, the workflow-command
// fallback, the job summary and the outputs that name the report file.
func TestActionSinks(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	want := []string{"sarif", "report-file", "check-run", "comment", "log", "workflow-commands", "job-summary", "outputs"}
	var got []string
	for _, s := range actionSinks {
		got = append(got, s.Name())
		if d := s.Doc(); d == "" || strings.HasSuffix(d, ".") {
			t.Errorf("%s: doc %q must be one line without final period", s.Name(), d)
		}
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("sinks %v, want %v", got, want)
	}
}
