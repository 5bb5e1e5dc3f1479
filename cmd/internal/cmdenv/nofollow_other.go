//go:build !unix

package cmdenv

// oNoFollow: O_EXCL alone refuses an existing link on this system.
const oNoFollow = 0
