package app

import (
	"context"
	"os"
	"testing"
)

func TestZZProf(t *testing.T) {
	dir := os.Getenv("PROF_DIR")
	if dir == "" {
		t.Skip()
	}
	_, err := Run(context.Background(), RunOptions{Dir: dir, Patterns: []string{"list/*.json"}, Base: os.Getenv("PROF_BASE"), FailOn: "never"})
	if err != nil {
		t.Fatal(err)
	}
}
