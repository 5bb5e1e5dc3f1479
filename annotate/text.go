package annotate

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/mcpschema/mcpschema/internal/report"
)

// RenderText writes one `file:line:col: severity: message [rule-id]` line
// per finding, in report order, each followed by its base location and
// witness on indented lines, then the run notes and a one-line total. The
// same change in GroupMin tools or more is one entry that lists the tools.
func RenderText(w io.Writer, rep *report.Report) error {
	bw := bufio.NewWriter(w)
	for _, g := range GroupFindings(rep.Findings) {
		if g.Grouped() {
			writeTextGroup(bw, g)
			continue
		}
		WriteTextFinding(bw, g.First())
	}
	for _, n := range rep.Notes {
		fmt.Fprintf(bw, "note: %s\n", oneLine(NoteText(n)))
	}
	writeConfigChangeText(bw, rep.ConfigChange)
	writeTextIgnored(bw, rep)
	fmt.Fprintln(bw, Totals(rep))
	return bw.Flush()
}

// WriteTextFinding writes one finding in the text format.
func WriteTextFinding(w io.Writer, f report.Finding) {
	at := Position(SafeText(f.File), f.Line, f.Column)
	if at == "" { // a finding about the run, such as a pattern that matches nothing
		at = "mcpschema"
	}
	shown := f
	shown.Message = shownMessage(f) // the base position once: on the base line
	fmt.Fprintf(w, "%s: %s: %s [%s]\n", at, severityLabel(f), oneLine(ToolMessage(shown)), f.Rule)
	if f.Base != nil {
		fmt.Fprintf(w, "    base: %s\n", SafeText(BaseText(f.Base)))
	}
	if wit, ok := ShownWitness(f); ok {
		fmt.Fprintf(w, "    witness: %s\n", SafeText(wit))
	}
}

// severityLabel is the severity as the text format shows it, marking a
// pre-existing finding and an accepted breaking change.
func severityLabel(f report.Finding) string {
	switch {
	case f.PreExisting:
		return f.Severity.String() + " (pre-existing)"
	case f.Accepted != "":
		return f.Severity.String() + " (accepted breaking change)"
	}
	return f.Severity.String()
}

// Totals is the one-line total, the breaking changes named apart from the
// other errors, e.g. `2 breaking changes, 1 error, 1 warning, 0 notices in
// 2 files (5 tools); check incomplete` (without breaking changes: `1 error,
// 0 warnings, 0 notices in …`; with breaking changes and no other error:
// `1 breaking change, 0 warnings, …`). Accepted breaking changes are said
// at the end, not counted among the breaking changes.
func Totals(rep *report.Report) string {
	s := rep.Summary
	breaking := min(max(s.Breaking-s.Accepted, 0), s.Errors) // the errors of breaking rules
	var parts []string
	if breaking > 0 {
		parts = append(parts, Plural(breaking, "breaking change"))
	}
	if n := s.Errors - breaking; n > 0 || breaking == 0 { // never "1 breaking change, 0 errors"
		parts = append(parts, Plural(n, "error"))
	}
	parts = append(parts, Plural(s.Warnings, "warning"), Plural(s.Notices, "notice"))
	line := fmt.Sprintf("%s in %s (%s)", strings.Join(parts, ", "), Plural(s.Files, "file"), Plural(s.Tools, "tool"))
	if !s.Complete {
		line += "; check incomplete"
	}
	if s.Accepted > 0 {
		line += fmt.Sprintf("; %s accepted", Plural(s.Accepted, "breaking change"))
	}
	if s.PreExisting > 0 {
		line += fmt.Sprintf("; %s already at the base, not counted", Plural(s.PreExisting, "pre-existing finding"))
	}
	if ig := IgnoredText(rep); ig != "" {
		line += "; " + ig
	}
	return line
}

// Plural renders n with the noun, adding an "s" unless n is 1.
func Plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// oneLine keeps a finding on its line: line breaks inside a message become
// indented continuation lines, and each line is made safe (SafeText).
func oneLine(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = SafeText(l)
	}
	return strings.Join(lines, "\n    ")
}
