package service

import (
	"flag"
	"os"
	"runtime"
	"strconv"
	"testing"
)

// TestMain runs the parallel tests of this package four to a CPU unless
// -parallel is given: most of them wait on git and on the action's fake
// GitHub API, not on the CPU, so GOMAXPROCS at a time (the default) left
// a two-CPU machine idle while they waited.
func TestMain(m *testing.M) {
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.parallel" })
	if !set {
		_ = flag.Set("test.parallel", strconv.Itoa(4*runtime.GOMAXPROCS(0)))
	}
	os.Exit(m.Run())
}
