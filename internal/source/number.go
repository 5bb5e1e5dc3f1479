package source

import (
	"strconv"
	"strings"
)

// MaxExponent bounds the decimal exponent of numbers that are expanded into
// exact rationals: a larger one would make an enormous number (or fail
// inside the schema library), so such numbers are reported or left opaque.
const MaxExponent = 1000

// HugeExponent reports whether the JSON number text s has an exponent
// beyond ±MaxExponent (or one too long to read).
func HugeExponent(s string) bool {
	i := strings.IndexAny(s, "eE")
	if i < 0 {
		return false
	}
	e, err := strconv.Atoi(strings.TrimPrefix(s[i+1:], "+"))
	return err != nil || e > MaxExponent || e < -MaxExponent
}
