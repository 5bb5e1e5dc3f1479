package toolrepo

import "testing"

// EndToEnd marks t as an end-to-end test: a git repository (or a server)
// and the whole command, a run of seconds. go test -short leaves it out
// (the short loop keeps a few representatives of each command); go test
// without -short runs it. `grep -rn toolrepo.EndToEnd` lists them.
func EndToEnd(t testing.TB) {
	t.Helper()
	if testing.Short() {
		t.Skip("end to end: a repository or a server and the whole command; go test without -short runs it")
	}
}
