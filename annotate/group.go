package annotate

import (
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/mcpschema/mcpschema/internal/report"
)

// GroupMin is the smallest number of tools whose identical findings are
// shown as one ("the same change in 197 tools: …") in the text output, the
// job summary and the comment. The JSON report and SARIF keep one finding
// per tool.
const GroupMin = 3

// Group is one finding, or the same change found in several tools.
type Group struct {
	// Findings are in report order; the first one stands for the group.
	Findings []report.Finding
}

// First is the finding that stands for the group.
func (g Group) First() report.Finding { return g.Findings[0] }

// Grouped reports whether the group holds the same change in several tools.
func (g Group) Grouped() bool { return len(g.Findings) > 1 }

// Lead is the words put before a grouped message: "the same change in 197 tools: ".
func (g Group) Lead() string {
	if !g.Grouped() {
		return ""
	}
	return fmt.Sprintf("the same change in %d tools: ", len(g.Findings))
}

// Message is the message of the group's first finding; a group's leaves
// out what differs from tool to tool: the base position, the tool's name
// ("each tool was removed") and the witness, shown after it with the tool
// it is of ("the witness").
func (g Group) Message() string {
	if !g.Grouped() {
		return g.First().Message
	}
	f := g.First()
	m := wasAt.ReplaceAllString(f.Message, "")
	if f.Witness != nil {
		m = strings.ReplaceAll(m, CompactJSON(f.Witness), "the witness")
	}
	q := strconv.Quote(f.Tool)
	m = strings.ReplaceAll(m, "tool "+q+": ", "")
	m = strings.ReplaceAll(m, "tool "+q, "each tool")
	return strings.ReplaceAll(m, q, "its name")
}

// messageShape is a message with what differs from tool to tool
// abstracted: the base position, the witness and the tool's name.
func messageShape(f report.Finding) string {
	m := wasAt.ReplaceAllString(f.Message, "")
	if f.Witness != nil {
		m = strings.ReplaceAll(m, CompactJSON(f.Witness), "\x01W")
	}
	if f.Tool != "" {
		m = strings.ReplaceAll(m, strconv.Quote(f.Tool), "\x01T")
	}
	return m
}

// wasAt is the base position a message may carry, which differs between tools.
var wasAt = regexp.MustCompile(` \(was at [^()]*\)`)

// sameChangeKey identifies a change apart from the tool it is in: rule,
// severity, pointer inside the tool (the pointer itself for a finding
// outside its tool, such as a removal at the tool list) and the message's
// shape (messageShape: no base position, witness or tool name). Findings
// without a tool are never grouped.
func sameChangeKey(f report.Finding) string {
	if f.Tool == "" {
		return ""
	}
	rel := f.Pointer
	if f.ToolPointer != "" {
		if r, ok := strings.CutPrefix(f.Pointer, f.ToolPointer); ok {
			rel = r
		}
	}
	// pre-existing and accepted findings never share a group with new ones.
	return strings.Join([]string{f.Rule, severityLabel(f), rel, messageShape(f)}, "\x00")
}

// GroupFindings groups findings that are the same change in at least
// GroupMin different tools; each group takes the place of its first
// finding, and every other finding stays on its own, in report order.
func GroupFindings(fs []report.Finding) []Group {
	byKey := map[string][]int{}
	keys := make([]string, len(fs))
	for i, f := range fs {
		k := sameChangeKey(f)
		keys[i] = k
		if k != "" {
			byKey[k] = append(byKey[k], i)
		}
	}
	var out []Group
	done := make([]bool, len(fs))
	for i, f := range fs {
		if done[i] {
			continue
		}
		idx := byKey[keys[i]]
		if keys[i] == "" || len(idx) < GroupMin || distinctTools(fs, idx) < GroupMin {
			out = append(out, Group{Findings: []report.Finding{f}})
			continue
		}
		g := Group{}
		for _, j := range idx {
			done[j] = true
			g.Findings = append(g.Findings, fs[j])
		}
		out = append(out, g)
	}
	return out
}

func distinctTools(fs []report.Finding, idx []int) int {
	seen := map[string]bool{}
	for _, i := range idx {
		seen[fs[i].File+"\x00"+fs[i].Tool] = true
	}
	return len(seen)
}

// ToolList lists the tools of a group with their positions, the first max
// of them when max > 0 ("a (t.json:3:5), b (t.json:9:5) and 195 more").
func (g Group) ToolList(max int) string {
	var parts []string
	for i, f := range g.Findings {
		if max > 0 && i == max {
			return strings.Join(parts, ", ") + fmt.Sprintf(" and %d more", len(g.Findings)-max)
		}
		parts = append(parts, fmt.Sprintf("%s (%s)", f.Tool, Position(f.File, f.Line, f.Column)))
	}
	return strings.Join(parts, ", ")
}

// writeTextGroup writes a group in the text format: the first finding's
// line led by "the same change in N tools", then every tool with its
// position, then the first finding's base location (named by its tool) and witness.
func writeTextGroup(w io.Writer, g Group) {
	f := g.First()
	fmt.Fprintf(w, "%s: %s: %s%s [%s]\n", Position(SafeText(f.File), f.Line, f.Column), severityLabel(f), g.Lead(), oneLine(g.Message()), f.Rule)
	fmt.Fprintf(w, "    tools: %s\n", SafeText(g.ToolList(0)))
	if f.Base != nil {
		fmt.Fprintf(w, "    base of %s: %s\n", SafeText(f.Tool), SafeText(BaseText(f.Base)))
	}
	if f.Witness != nil {
		fmt.Fprintf(w, "    witness (%s): %s\n", SafeText(f.Tool), SafeText(CompactJSON(f.Witness)))
	}
}
