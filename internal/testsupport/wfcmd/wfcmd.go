// Package wfcmd emulates how the GitHub Actions runner finds workflow
// commands in a step's output, so that tests can assert that printed input
// never issues one. It follows the runner's rules: a line is split on CR,
// LF or CRLF; a modern command is `::name[ props]::data` once the line's
// leading whitespace is trimmed; a legacy command is `##[name[ props]]data`
// anywhere in the line; `::stop-commands::TOKEN` ignores every command
// until a line `::TOKEN::`.
package wfcmd

import (
	"regexp"
	"strings"
	"unicode"
)

// Cmd is one command the runner would act on.
type Cmd struct {
	// Name is the command name, lower case (error, set-output, ...).
	Name string
	// Line is the whole output line.
	Line string
	// Legacy reports the `##[name]` form.
	Legacy bool
}

var name = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

// Parse returns the commands the runner recognises in out, in order.
// Any well-formed command name counts (the runner's list grows).
func Parse(out string) []Cmd {
	out = strings.ReplaceAll(out, "\r\n", "\n")
	out = strings.ReplaceAll(out, "\r", "\n")
	var cmds []Cmd
	stop := ""
	for _, line := range strings.Split(out, "\n") {
		c, ok := parseLine(line)
		if !ok {
			continue
		}
		if stop != "" {
			if !c.Legacy && c.Name == strings.ToLower(stop) {
				stop = ""
			}
			continue
		}
		if c.Name == "stop-commands" {
			stop = commandData(line)
		}
		cmds = append(cmds, c)
	}
	return cmds
}

func parseLine(line string) (Cmd, bool) {
	t := strings.TrimLeftFunc(line, unicode.IsSpace) // .NET's TrimStart: every Unicode space
	if strings.HasPrefix(t, "::") {
		if end := strings.Index(t[2:], "::"); end >= 0 {
			info := t[2 : 2+end]
			n, _, _ := strings.Cut(info, " ")
			if name.MatchString(n) {
				return Cmd{Name: strings.ToLower(n), Line: line}, true
			}
		}
	}
	if i := strings.Index(line, "##["); i >= 0 {
		rest := line[i+3:]
		if end := strings.Index(rest, "]"); end >= 0 {
			n, _, _ := strings.Cut(rest[:end], " ")
			if name.MatchString(n) {
				return Cmd{Name: strings.ToLower(n), Line: line, Legacy: true}, true
			}
		}
	}
	return Cmd{}, false
}

// commandData is the data of a modern command line (after the second `::`).
func commandData(line string) string {
	t := strings.TrimLeftFunc(line, unicode.IsSpace)
	if end := strings.Index(t[2:], "::"); end >= 0 {
		return t[2+end+2:]
	}
	return ""
}

// Unexpected returns the commands in out whose names are not in allowed.
func Unexpected(out string, allowed ...string) []Cmd {
	ok := map[string]bool{}
	for _, a := range allowed {
		ok[a] = true
	}
	var bad []Cmd
	for _, c := range Parse(out) {
		if !ok[c.Name] {
			bad = append(bad, c)
		}
	}
	return bad
}
