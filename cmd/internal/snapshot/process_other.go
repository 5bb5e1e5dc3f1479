//go:build !unix

package snapshot

import "os/exec"

func setProcessGroup(cmd *exec.Cmd) {}

// signalGroup ends the server process (process groups are a unix notion).
func signalGroup(cmd *exec.Cmd, kill bool) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}
