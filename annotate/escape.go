package annotate

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"unicode"
)

// SafeText makes a value that came from input (a file name, a key, a tool
// name, a message quoting them) safe to print on one log line read by the
// GitHub Actions runner: control characters are written as Go escapes
// (`\n`, `\u001b`), so the value never starts a line of its own; a leading
// `:` (`::` starts a workflow command once the runner has trimmed the
// line's Unicode spaces, and a file name ":" followed by ": error:" would
// too) becomes `\u003a`, and every `##[` (a legacy command, recognised
// anywhere in a line) becomes `#\u0023[`. Printable text, backslashes
// included, is kept as it is.
func SafeText(s string) string {
	if safeAlready(s) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == '\u2028' || r == '\u2029' || r == '\ufeff':
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	out := strings.ReplaceAll(b.String(), "##[", `#\u0023[`)
	if t := strings.TrimLeftFunc(out, unicode.IsSpace); strings.HasPrefix(t, ":") {
		out = out[:len(out)-len(t)] + `\u003a` + t[1:]
	}
	return out
}

// safeAlready reports whether SafeText would return s unchanged.
func safeAlready(s string) bool {
	for _, r := range s {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == '\u2028' || r == '\u2029' || r == '\ufeff' {
			return false
		}
	}
	return !strings.Contains(s, "##[") && !strings.HasPrefix(strings.TrimLeftFunc(s, unicode.IsSpace), ":")
}

// legacyCommand is the runner's legacy command introducer, recognised
// anywhere in a line; in JSON it can only occur inside a string, where
// `\u0023` decodes to the same `#`.
var legacyCommand = []byte("##[")

// safeJSON writes JSON output with every `##[` broken, so that printing a
// report (`--format json` or `sarif` on standard output) issues no legacy
// workflow command. The decoded values are unchanged.
func safeJSON(w io.Writer, render func(io.Writer) error) error {
	var buf bytes.Buffer
	if err := render(&buf); err != nil {
		return err
	}
	_, err := w.Write(bytes.ReplaceAll(buf.Bytes(), legacyCommand, []byte(`#\u0023[`)))
	return err
}
