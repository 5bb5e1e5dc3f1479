//go:build linux

package load

import (
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
)

// asWorkspaceOwner makes cmd run as the owner of dir when this process is
// root and dir belongs to another user who can reach it: the Docker action
// runs as root on a checkout owned by the runner user, and whatever git
// writes there (fetched objects, .git/shallow) must stay the runner user's,
// or a later step's git fails with "Permission denied".
func asWorkspaceOwner(cmd *exec.Cmd, dir string) {
	if os.Geteuid() != 0 {
		return
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return
	}
	st, err := os.Stat(abs)
	if err != nil {
		return
	}
	sys, ok := st.Sys().(*syscall.Stat_t)
	if !ok || sys.Uid == 0 || !canReach(abs, sys.Uid, sys.Gid) {
		return
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: sys.Uid, Gid: sys.Gid}}
}

// canReach reports whether uid (with gid as its only group) may search
// every directory from / down to dir, so that git run as that user can
// enter it (a checkout under root's 0700 home cannot be).
func canReach(dir string, uid, gid uint32) bool {
	for p := dir; ; p = filepath.Dir(p) {
		st, err := os.Stat(p)
		if err != nil {
			return false
		}
		sys, ok := st.Sys().(*syscall.Stat_t)
		if !ok {
			return false
		}
		perm := st.Mode().Perm()
		switch {
		case sys.Uid == uid:
			perm &= 0o100
		case sys.Gid == gid:
			perm &= 0o010
		default:
			perm &= 0o001
		}
		if perm == 0 {
			return false
		}
		if parent := filepath.Dir(p); parent == p {
			return true
		}
	}
}
