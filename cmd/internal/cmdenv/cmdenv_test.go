package cmdenv

import (
	"os"
	"testing"
)

func TestEnv(t *testing.T) {
	t.Parallel()
	var e Env
	if e.Lookup("HOME") != "" {
		t.Error("Lookup without Getenv: not empty")
	}
	e.Getenv = func(k string) string { return "v-" + k }
	if got := e.Lookup("X"); got != "v-X" {
		t.Errorf("Lookup: %q", got)
	}
	wd, _ := os.Getwd()
	if got := e.WorkDir(); got != wd {
		t.Errorf("WorkDir without Dir: %q, want %q", got, wd)
	}
	e.Dir = "/some/dir"
	if got := e.WorkDir(); got != "/some/dir" {
		t.Errorf("WorkDir: %q", got)
	}
}
