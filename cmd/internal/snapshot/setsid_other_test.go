//go:build !unix

package snapshot_test

// startSetsidChild has no sessions to start outside unix.
func startSetsidChild() (int, bool) { return 4, false }
