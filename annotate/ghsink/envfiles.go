package ghsink

import (
	"fmt"

	"github.com/sethvargo/go-githubactions"
)

// guard runs a go-githubactions file command, which panics when its file
// cannot be written, and turns that panic into an error.
func guard(what string, fn func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("could not write the %s: %v", what, r)
		}
	}()
	fn()
	return nil
}

// WriteStepSummary appends markdown to the job summary (GITHUB_STEP_SUMMARY).
// It returns an error, never panics, when the variable is unset or the file
// cannot be written.
func WriteStepSummary(a *githubactions.Action, markdown string) error {
	if a.Getenv("GITHUB_STEP_SUMMARY") == "" {
		return fmt.Errorf("no job summary: \"GITHUB_STEP_SUMMARY\" is not set")
	}
	return guard("job summary", func() { a.AddStepSummary(markdown) })
}

// Output is one step output.
type Output struct {
	Name, Value string
}

// SetOutputs writes the step outputs (GITHUB_OUTPUT) in order. It returns an
// error, never panics, when the variable is unset or the file cannot be written.
func SetOutputs(a *githubactions.Action, outputs []Output) error {
	if a.Getenv("GITHUB_OUTPUT") == "" {
		return fmt.Errorf("no step outputs: \"GITHUB_OUTPUT\" is not set")
	}
	return guard("step outputs", func() {
		for _, o := range outputs {
			a.SetOutput(o.Name, o.Value)
		}
	})
}
