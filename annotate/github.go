package annotate

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// RenderGitHub writes one workflow-command annotation per finding
// (`::error file=...,line=...,col=...,title=<tool>: <rule title>::message`), escaped as
// GitHub requires, then the total as a plain log line. Repeats of a rule in
// a file are folded and the lines bounded as check run annotations are
// (CapAnnotations: GitHub shows only 10 errors and 10 warnings per step),
// with a note saying so.
func RenderGitHub(w io.Writer, rep *report.Report, set *rules.Set) error {
	bw := bufio.NewWriter(w)
	capped := CapAnnotations(NewFindings(rep.Findings), 0, 0)
	for _, f := range capped.Findings {
		fmt.Fprintln(bw, Command(f, set))
	}
	for _, n := range rep.Notes {
		fmt.Fprintf(bw, "note: %s\n", SafeText(NoteText(n)))
	}
	if t := capped.CapText(); t != "" {
		fmt.Fprintf(bw, "note: %s\n", t)
	}
	fmt.Fprintln(bw, Totals(rep))
	return bw.Flush()
}

// CommandName is the workflow command for a severity: error, warning or notice.
func CommandName(s rules.Severity) string {
	switch s {
	case rules.Error:
		return "error"
	case rules.Warning:
		return "warning"
	}
	return "notice"
}

// Command renders a finding as one workflow-command annotation titled with
// the tool and the rule's short title (looked up in set). The base location, the witness and
// the rule id follow the message on lines of their own.
func Command(f report.Finding, set *rules.Set) string {
	var props []string
	if f.File != "" {
		props = append(props, "file="+EscapeProperty(f.File))
		if f.Line > 0 {
			props = append(props, fmt.Sprintf("line=%d", f.Line))
			if f.Column > 0 {
				props = append(props, fmt.Sprintf("col=%d", f.Column))
			}
		}
	}
	props = append(props, "title="+EscapeProperty(Title(f, set)))
	return "::" + CommandName(f.Severity) + " " + strings.Join(props, ",") + "::" + EscapeData(detailMessage(f))
}

// detailMessage is the message followed by the base location and witness.
func detailMessage(f report.Finding) string {
	msg := shownMessage(f) // the base position once: on the base line
	if f.Base != nil {
		msg += "\nbase: " + BaseText(f.Base)
	}
	if w, ok := ShownWitness(f); ok {
		msg += "\nwitness: " + w
	}
	return msg + "\nrule: " + f.Rule
}

// EscapeData escapes a workflow-command message: % CR LF, and every other
// control character as text (EscapeControls: a raw ESC from a broken
// pattern would reach the log and the annotation).
func EscapeData(s string) string {
	s = escapeControls(s, true, true)
	s = strings.ReplaceAll(s, "%", "%25")
	s = strings.ReplaceAll(s, "\r", "%0D")
	return strings.ReplaceAll(s, "\n", "%0A")
}

// EscapeProperty escapes a workflow-command property value: % CR LF : ,.
func EscapeProperty(s string) string {
	s = EscapeData(s)
	s = strings.ReplaceAll(s, ":", "%3A")
	return strings.ReplaceAll(s, ",", "%2C")
}
