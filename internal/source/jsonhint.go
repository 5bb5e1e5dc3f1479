package source

import (
	"fmt"
	"strings"
)

// jsonSyntaxHint names the common mistake behind a JSON syntax error at
// byte off (the decoder's message is msg): a trailing comma, a missing
// comma, single quotes, a comment, an unquoted member name, or a literal
// from another language (True, None, NaN). It returns the offset of the
// mistake and the message to report; other errors keep off and msg.
func jsonSyntaxHint(data []byte, off int, msg string) (int, string) {
	if off < 0 || off >= len(data) {
		return off, msg
	}
	c := data[off]
	switch {
	case c == ',' || c == '}' || c == ']':
		comma := off
		if c != ',' {
			comma = prevNonSpace(data, off)
		}
		if comma < 0 || data[comma] != ',' {
			break
		}
		next := nextNonSpace(data, comma+1)
		before := prevNonSpace(data, comma)
		if next < len(data) && (data[next] == '}' || data[next] == ']') && before >= 0 && !strings.ContainsRune("{[,", rune(data[before])) {
			what := "member"
			if data[next] == ']' {
				what = "element"
			}
			return comma, fmt.Sprintf("trailing comma before \"%c\": JSON allows no comma after the last %s; remove it", data[next], what)
		}
	case c == '\'':
		return off, "single quotes: JSON strings and member names take double quotes; write \"...\" instead of '...'"
	case c == '/' && off+1 < len(data) && (data[off+1] == '/' || data[off+1] == '*'):
		return off, "comment: JSON allows no comments; remove it (or write the file as YAML, which allows # comments)"
	}
	if strings.Contains(msg, "(expecting ','") && startsValue(c) {
		end := prevNonSpace(data, off) + 1
		return end, "missing comma between two values: add \",\" here"
	}
	start := off
	for start > 0 && isWordByte(data[start-1]) {
		start--
	}
	end := off
	for end < len(data) && isWordByte(data[end]) {
		end++
	}
	if start == end || !isWordByte(data[start]) {
		return off, msg
	}
	word := string(data[start:end])
	if b := prevNonSpace(data, start); b >= 0 && (data[b] == '{' || data[b] == ',') {
		if a := nextNonSpace(data, end); a < len(data) && data[a] == ':' {
			return start, fmt.Sprintf("member name %s has no quotes: JSON names are strings in double quotes; write %q", word, word)
		}
	}
	switch word {
	case "True", "TRUE":
		return start, fmt.Sprintf("%s is not a JSON literal: write true (lower case)", word)
	case "False", "FALSE":
		return start, fmt.Sprintf("%s is not a JSON literal: write false (lower case)", word)
	case "None", "NULL", "Null", "nil", "undefined":
		return start, fmt.Sprintf("%s is not a JSON literal: write null (lower case)", word)
	case "NaN", "Infinity":
		return start, fmt.Sprintf("%s is not a JSON number: JSON has no NaN or Infinity; use a number, or null", word)
	}
	return off, msg
}

func startsValue(c byte) bool {
	return c == '"' || c == '{' || c == '[' || c == '-' || c == 't' || c == 'f' || c == 'n' || (c >= '0' && c <= '9')
}

func isWordByte(c byte) bool {
	return c == '_' || c == '$' || c == '-' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
}

// prevNonSpace returns the offset of the last non-space byte before off, or -1.
func prevNonSpace(data []byte, off int) int {
	for i := off - 1; i >= 0; i-- {
		if !isJSONSpace(data[i]) {
			return i
		}
	}
	return -1
}

// nextNonSpace returns the offset of the first non-space byte at or after off, or len(data).
func nextNonSpace(data []byte, off int) int {
	for i := off; i < len(data); i++ {
		if !isJSONSpace(data[i]) {
			return i
		}
	}
	return len(data)
}

func isJSONSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
