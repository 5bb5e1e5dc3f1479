//go:build unix

package app

import "syscall"

// oNoFollow makes open fail on a symbolic link.
const oNoFollow = syscall.O_NOFOLLOW
