package service

import (
	"context"
	"errors"
	"testing"
)

// TestRunInterruptedStopsThePool: Run returns the context's error when it
// is cancelled, not a report.
func TestRunInterruptedStopsThePool(t *testing.T) {
	dir := t.TempDir()
	manyToolFiles(t, dir, 20, 10)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := Run(ctx, RunOptions{Dir: dir, Patterns: []string{"tools/*.json"}})
	if !errors.Is(err, context.Canceled) || res != nil {
		t.Fatalf("Run on a cancelled context: %v, %v; want context.Canceled and no result", res, err)
	}
}
