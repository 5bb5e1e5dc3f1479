//go:build unix

package cmdenv

import "syscall"

// NoFollow makes open fail on a symbolic link.
const NoFollow = syscall.O_NOFOLLOW
