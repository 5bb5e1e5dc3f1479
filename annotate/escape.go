package annotate

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
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
	out := strings.ReplaceAll(EscapeControls(s, false), "##[", `#\u0023[`)
	if t := strings.TrimLeftFunc(out, unicode.IsSpace); strings.HasPrefix(t, ":") {
		out = out[:len(out)-len(t)] + `\u003a` + t[1:]
	}
	return out
}

// safeAlready reports whether SafeText would return s unchanged.
func safeAlready(s string) bool {
	return !hasControl(s, false) && !strings.Contains(s, "##[") && !strings.HasPrefix(strings.TrimLeftFunc(s, unicode.IsSpace), ":")
}

// isControl reports whether r must not reach output raw: a C0 control, DEL,
// a C1 control (U+0080 to U+009F: CSI starts a terminal escape sequence,
// NEL breaks lines for some readers), a Unicode line or paragraph
// separator, or a byte order mark.
func isControl(r rune) bool {
	return r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == '\u2028' || r == '\u2029' || r == '\ufeff'
}

// hasControl reports whether s holds a rune isControl rejects (a line feed
// not counted when keepLF).
func hasControl(s string, keepLF bool) bool {
	for _, r := range s {
		if isControl(r) && !(keepLF && r == '\n') {
			return true
		}
	}
	return false
}

// EscapeControls writes every control character of s (see isControl) as a
// Go escape (`\t`, `\r`, `\u001b`), so that a value from input shows as
// text and never moves a terminal's cursor, rings, or breaks a line in a
// log, an annotation or a table. With keepLF, line feeds stay: the lines of
// a multi-line message that the format itself breaks or escapes. This is
// the one escape of control characters of every format: SafeText (text,
// notes), EscapeData (workflow commands), mdText and mdCode (Markdown)
// call it; safeJSON escapes the ones JSON keeps raw.
func EscapeControls(s string, keepLF bool) string {
	return escapeControls(s, keepLF, false)
}

// escapeControls is EscapeControls; keepCR also keeps carriage returns
// (workflow-command data escapes them as %0D).
func escapeControls(s string, keepLF, keepCR bool) string {
	keep := func(r rune) bool { return !isControl(r) || keepLF && r == '\n' || keepCR && r == '\r' }
	if strings.IndexFunc(s, func(r rune) bool { return !keep(r) }) < 0 {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case keep(r):
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		default:
			fmt.Fprintf(&b, `\u%04x`, r)
		}
	}
	return b.String()
}

// legacyCommand is the runner's legacy command introducer, recognised
// anywhere in a line; in JSON it can only occur inside a string, where
// `\u0023` decodes to the same `#`.
var legacyCommand = []byte("##[")

// safeJSON writes JSON output with every `##[` broken, so that printing a
// report (`--format json` or `sarif` on standard output) issues no legacy
// workflow command, and with DEL and the C1 controls, which encoding/json
// writes raw, escaped as `\u007f` and `\u0080` to `\u009f` (in valid JSON
// they can only occur inside strings). The decoded values are unchanged.
func safeJSON(w io.Writer, render func(io.Writer) error) error {
	var buf bytes.Buffer
	if err := render(&buf); err != nil {
		return err
	}
	_, err := w.Write(jsonControls(bytes.ReplaceAll(buf.Bytes(), legacyCommand, []byte(`#\u0023[`))))
	return err
}

// jsonControls escapes DEL (0x7f) and the C1 controls (UTF-8 0xc2 0x80 to
// 0xc2 0x9f) of JSON text.
func jsonControls(b []byte) []byte {
	i := bytes.IndexFunc(b, func(r rune) bool { return r == 0x7f || r >= 0x80 && r < 0xa0 })
	if i < 0 {
		return b
	}
	out := make([]byte, 0, len(b)+16)
	out = append(out, b[:i]...)
	for _, r := range string(b[i:]) {
		if r == 0x7f || r >= 0x80 && r < 0xa0 {
			out = fmt.Appendf(out, `\u%04x`, r)
			continue
		}
		out = utf8.AppendRune(out, r)
	}
	return out
}
