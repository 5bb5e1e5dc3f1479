package app

import (
	"io"
	"strconv"
	"strings"
)

// listingWidth is the width `mcpschema rules` fits its listing to: COLUMNS
// when it is a positive number (as ls and ps read it), else the width of
// the terminal standard output is, else helpWidth (a file, a pipe). It is
// never below minListingWidth.
func listingWidth(env Env) int {
	if n, err := strconv.Atoi(strings.TrimSpace(env.Lookup("COLUMNS"))); err == nil && n > 0 {
		return max(n, minListingWidth)
	}
	if n := terminalWidth(env.Stdout); n > 0 {
		return max(n, minListingWidth)
	}
	return helpWidth
}

// minListingWidth is the narrowest listing: an id and a few words.
const minListingWidth = 40

// terminalWidth is the width of the terminal w writes to, 0 when w is not
// a terminal (or its width cannot be read).
func terminalWidth(w io.Writer) int {
	f, ok := w.(interface{ Fd() uintptr })
	if !ok {
		return 0
	}
	return fdWidth(f.Fd())
}
