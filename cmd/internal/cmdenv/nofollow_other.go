//go:build !unix

package cmdenv

// NoFollow: O_EXCL alone refuses an existing link on this system.
const NoFollow = 0
