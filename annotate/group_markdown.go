package annotate

import (
	"fmt"
	"strings"
)

// groupListMax is how many tools of a group Markdown names before "and N more".
const groupListMax = 10

// breakingGroupEntry is breakingEntry for a group: the first finding, led
// by "the same change in N tools", and the tools it is in.
func breakingGroupEntry(g Group, lk *Links) string {
	if !g.Grouped() {
		return breakingEntry(g.First(), lk)
	}
	f := g.First()
	var e strings.Builder
	fmt.Fprintf(&e, "- %s: %s%s %s\n", lk.headPos(Position(f.File, f.Line, f.Column), f), mdText(g.Lead()), mdText(g.Message()), mdCode(f.Rule))
	fmt.Fprintf(&e, "  - tools: %s\n", mdText(g.ToolList(groupListMax)))
	if f.Base != nil {
		fmt.Fprintf(&e, "  - base of %s: %s\n", mdCode(f.Tool), lk.basePos(f.Base))
	}
	if f.Witness != nil {
		fmt.Fprintf(&e, "  - witness (%s): %s\n", mdCode(f.Tool), mdCode(truncate(CompactJSON(f.Witness), witnessLimit)))
	}
	return e.String()
}

// groupRow is findingRow for a group: the tool column counts the tools and
// the message lists them.
func groupRow(g Group, lk *Links) string {
	if !g.Grouped() {
		return findingRow(g.First(), lk)
	}
	f := g.First()
	pos := "—"
	if f.Line > 0 {
		pos = lk.headPos(fmt.Sprintf("%d:%d", f.Line, f.Column), f)
	}
	msg := mdText(g.Lead()+g.Message()) + "<br>tools: " + mdText(g.ToolList(groupListMax))
	if f.Base != nil {
		msg += "<br>base of " + mdCode(f.Tool) + ": " + lk.basePos(f.Base)
	}
	if f.Witness != nil {
		msg += "<br>witness (" + mdCode(f.Tool) + "): " + mdCode(truncate(CompactJSON(f.Witness), witnessLimit))
	}
	return fmt.Sprintf("| %s | %s | %s | %d tools | %s |\n", pos, f.Severity, mdCode(f.Rule), len(g.Findings), msg)
}
