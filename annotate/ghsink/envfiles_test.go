package ghsink

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/testsupport/golden"
	"github.com/sethvargo/go-githubactions"
)

func actionWith(env map[string]string) *githubactions.Action {
	return githubactions.New(githubactions.WithWriter(&bytes.Buffer{}), githubactions.WithGetenv(func(k string) string { return env[k] }))
}

func TestEnvFilesUnsetDoNotPanic(t *testing.T) {
	a := actionWith(nil)
	if err := WriteStepSummary(a, "# hi"); err == nil || !strings.Contains(err.Error(), `"GITHUB_STEP_SUMMARY" is not set`) {
		t.Errorf("WriteStepSummary err = %v", err)
	}
	if err := SetOutputs(a, []Output{{"errors", "1"}}); err == nil || !strings.Contains(err.Error(), `"GITHUB_OUTPUT" is not set`) {
		t.Errorf("SetOutputs err = %v", err)
	}
}

func TestEnvFilesUnwritableDoNotPanic(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "missing", "dir")
	a := actionWith(map[string]string{"GITHUB_STEP_SUMMARY": filepath.Join(dir, "s"), "GITHUB_OUTPUT": filepath.Join(dir, "o")})
	if err := WriteStepSummary(a, "# hi"); err == nil || !strings.Contains(err.Error(), "could not write the job summary") {
		t.Errorf("WriteStepSummary err = %v", err)
	}
	if err := SetOutputs(a, []Output{{"errors", "1"}}); err == nil || !strings.Contains(err.Error(), "could not write the step outputs") {
		t.Errorf("SetOutputs err = %v", err)
	}
}

func TestEnvFilesWritten(t *testing.T) {
	dir := t.TempDir()
	sum, out := filepath.Join(dir, "summary.md"), filepath.Join(dir, "output")
	a := actionWith(map[string]string{"GITHUB_STEP_SUMMARY": sum, "GITHUB_OUTPUT": out})
	if err := WriteStepSummary(a, "# report"); err != nil {
		t.Fatal(err)
	}
	if err := SetOutputs(a, []Output{{"errors", "3"}, {"complete", "true"}}); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(out)
	golden.Check(t, "outputs.txt", got)
	if s, _ := os.ReadFile(sum); string(s) != "# report\n" {
		t.Errorf("summary file %q", s)
	}
}
