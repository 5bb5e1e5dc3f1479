//go:build unix

package action

import (
	"os"
	"syscall"
)

// giveToOwnerOf gives paths to the owner of dir when this process is root
// and dir belongs to another user: the Docker action runs as root, and
// what it writes under the runner user's directories must stay readable
// and removable by the later steps and the runner's cleanup. Failures
// change nothing (the files stay root's, readable by all).
func giveToOwnerOf(dir string, paths ...string) {
	if os.Geteuid() != 0 {
		return
	}
	st, err := os.Stat(dir)
	if err != nil {
		return
	}
	sys, ok := st.Sys().(*syscall.Stat_t)
	if !ok || sys.Uid == 0 {
		return
	}
	for _, p := range paths {
		_ = os.Lchown(p, int(sys.Uid), int(sys.Gid))
	}
}
