package textnorm

// AppendFoldPlain appends Fold(s)'s folded text to dst and reports true
// when s is plain: ASCII with no byte that can hide (mayHide: controls
// other than tab, line feed and carriage return, DEL), which is nearly
// every description. Such a text folds byte by byte (lower case, "`" as
// "'", every run of white space as one space, none at either end), so the
// fold is one loop over s with no allocation beyond dst, and no origin map:
// a caller that needs one (a match to quote) calls Fold, whose folded text
// is the same bytes. For any other s it returns dst unchanged and false.
func AppendFoldPlain(dst []byte, s string) ([]byte, bool) {
	start := len(dst)
	space := true // at the start: leading white space is dropped
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			if !space {
				space = true
				dst = append(dst, ' ')
			}
			continue
		case c < 0x20 || c >= 0x7f:
			return dst[:start], false
		case c >= 'A' && c <= 'Z':
			c += 'a' - 'A'
		case c == '`':
			c = '\''
		}
		space = false
		dst = append(dst, c)
	}
	if len(dst) > start && dst[len(dst)-1] == ' ' {
		dst = dst[:len(dst)-1]
	}
	return dst, true
}

// IsPlainASCII reports whether s is plain (see AppendFoldPlain): ASCII with
// no byte that can hide. A plain text has no hidden characters and no
// script but Latin.
func IsPlainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x7f || c < 0x20 && c != '\t' && c != '\n' && c != '\r' {
			return false
		}
	}
	return true
}
