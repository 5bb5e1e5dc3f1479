//go:build !unix

package app

// fdWidth: the terminal's width is not read on this system (COLUMNS is).
func fdWidth(uintptr) int { return 0 }
