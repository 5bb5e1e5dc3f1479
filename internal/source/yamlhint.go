package source

import (
	"bytes"
	"fmt"
	"strings"
)

// yamlSyntaxHint names the common mistake behind a YAML syntax problem: a
// tab in the indentation, a value holding ": " without quotes, or a plain
// value starting with a reserved character (` or @). Other problems are
// returned as they are.
func yamlSyntaxHint(data []byte, p Problem) Problem {
	line := lineAt(data, p.Pos.Line)
	if line == nil {
		return p
	}
	indent := len(line) - len(bytes.TrimLeft(line, " \t"))
	if i := bytes.IndexByte(line[:indent], '\t'); i >= 0 {
		p.Pos.Column = i + 1
		p.Message = fmt.Sprintf("invalid YAML: a tab indents line %d; YAML indents with spaces only: replace the tab with spaces", p.Pos.Line)
		return p
	}
	msg := p.Message
	switch {
	case strings.Contains(msg, "mapping value is not allowed") || strings.Contains(msg, "mapping values are not allowed"):
		key, value, ok := strings.Cut(strings.TrimSpace(string(line)), ": ")
		if ok && strings.Contains(value, ": ") && !strings.ContainsAny(value[:1], `"'`) {
			key = strings.TrimPrefix(key, "- ")
			p.Message = fmt.Sprintf("invalid YAML: the value of %q holds \": \" and is not quoted, so YAML reads a second key; put the value in quotes: %s: %q", key, key, value)
		}
	case strings.Contains(msg, "is a reserved character"):
		if q := strings.IndexByte(msg, '\''); q >= 0 && q+2 < len(msg) {
			ch := msg[q+1 : q+2]
			p.Message = fmt.Sprintf("invalid YAML: a plain value cannot start with %q (a reserved character); put the value in quotes", ch)
		}
	}
	return p
}

// lineAt returns the text of line n (1-based) without its line break, or nil.
func lineAt(data []byte, n int) []byte {
	for i := 1; i < n; i++ {
		j := bytes.IndexByte(data, '\n')
		if j < 0 {
			return nil
		}
		data = data[j+1:]
	}
	if j := bytes.IndexByte(data, '\n'); j >= 0 {
		data = data[:j]
	}
	return bytes.TrimSuffix(data, []byte("\r"))
}
