//go:build !linux

package snapshot

// becomeSubreaper does nothing outside Linux: a process that left the
// server's process group is not found there.
func becomeSubreaper() {}

// endOrphans does nothing outside Linux.
func endOrphans(string, int) {}
