//go:build !linux

package load

import "os/exec"

// asWorkspaceOwner changes nothing here: Docker actions run on Linux.
func asWorkspaceOwner(*exec.Cmd, string) {}
