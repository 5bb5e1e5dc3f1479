//go:build unix

package app

import "golang.org/x/sys/unix"

// fdWidth is the column count of the terminal open on fd, 0 when fd is
// not a terminal.
func fdWidth(fd uintptr) int {
	ws, err := unix.IoctlGetWinsize(int(fd), unix.TIOCGWINSZ)
	if err != nil {
		return 0
	}
	return int(ws.Col)
}
