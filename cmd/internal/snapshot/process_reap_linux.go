package snapshot

import (
	"bytes"
	"os"
	"strconv"
	"sync"

	"golang.org/x/sys/unix"
)

var subreaperOnce sync.Once

// becomeSubreaper makes mcpschema the parent of every orphan its servers
// leave (PR_SET_CHILD_SUBREAPER): a process that left the server's group
// (setsid, a double fork) is handed to mcpschema, not to init, when its
// parent dies, so endOrphans can find and end it.
func becomeSubreaper() {
	subreaperOnce.Do(func() { _ = unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) })
}

// endOrphans kills and reaps the server's descendants that outlived it:
// mcpschema's children (handed over as orphans) whose environment carries
// the server's marker, pass after pass, since the children of a killed
// orphan are handed over in turn. The server itself (exclude), which
// os/exec waits for, is left alone.
func endOrphans(marker string, exclude int) {
	self := os.Getpid()
	want := []byte(marker)
	for pass := 0; pass < 100; pass++ {
		entries, err := os.ReadDir("/proc")
		if err != nil {
			return
		}
		found := false
		for _, e := range entries {
			pid, err := strconv.Atoi(e.Name())
			if err != nil || pid == exclude || parentOf(pid) != self {
				continue
			}
			env, err := os.ReadFile("/proc/" + e.Name() + "/environ")
			if err != nil || !hasEntry(env, want) {
				continue
			}
			found = true
			_ = unix.Kill(pid, unix.SIGKILL)
			var ws unix.WaitStatus
			_, _ = unix.Wait4(pid, &ws, 0, nil)
		}
		if !found {
			return
		}
	}
}

// parentOf is the parent pid of pid (0 when unknown).
func parentOf(pid int) int {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0
	}
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return 0
	}
	f := bytes.Fields(data[i+1:])
	if len(f) < 2 {
		return 0
	}
	ppid, _ := strconv.Atoi(string(f[1]))
	return ppid
}

func hasEntry(environ, entry []byte) bool {
	for _, e := range bytes.Split(environ, []byte{0}) {
		if bytes.Equal(e, entry) {
			return true
		}
	}
	return false
}
