//go:build linux

package load

import (
	"os"
	"os/exec"
	"syscall"
)

// asWorkspaceOwner makes cmd run as the owner of dir when this process is
// root and dir belongs to another user: the Docker action runs as root on
// a checkout owned by the runner user, and whatever git writes there
// (fetched objects, .git/shallow) must stay the runner user's, or a later
// step's git fails with "Permission denied".
func asWorkspaceOwner(cmd *exec.Cmd, dir string) {
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
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: sys.Uid, Gid: sys.Gid}}
}
