//go:build unix

package snapshot_test

import (
	"os"
	"os/exec"
	"strconv"
	"syscall"
)

// startSetsidChild starts a sleeping child in a new session (out of the
// server's process group) that inherits stdout, and records its pid.
func startSetsidChild() (int, bool) {
	child := exec.Command(os.Args[0])
	child.Env = append(os.Environ(), serverEnv+"=sleep")
	child.Stdout = os.Stdout
	child.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if err := child.Start(); err != nil {
		return 4, false
	}
	_ = os.WriteFile(os.Getenv(pidFileEnv), []byte(strconv.Itoa(child.Process.Pid)), 0o644)
	return 0, true
}
