package pipeline

import (
	"errors"
	"testing"
)

// TestFirstError: the error of the lowest path is kept, whichever worker
// reports first, so a failed read names the same path on every run.
func TestFirstError(t *testing.T) {
	t.Parallel()
	var e firstError
	if e.failed() {
		t.Fatal("failed before any error")
	}
	e.set(5, errors.New("read e.json"))
	e.set(2, errors.New("read b.json"))
	e.set(7, errors.New("read g.json"))
	if !e.failed() || e.get().Error() != "read b.json" {
		t.Errorf("got %v, want the error of path 2", e.get())
	}
}
