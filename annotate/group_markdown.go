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
	groupDetails(&e, g, lk)
	return e.String()
}

// groupDetails writes a group's sub-items: every tool it is in, each with
// its position linked (past groupListMax, how many more), then the first
// finding's base location and witness, named by its tool.
func groupDetails(e *strings.Builder, g Group, lk *Links) {
	f := g.First()
	fmt.Fprintf(e, "  - tools: %s\n", mdToolList(g, groupListMax, lk))
	if f.Base != nil {
		fmt.Fprintf(e, "  - base of %s: %s\n", mdCode(f.Tool), lk.basePos(f.Base))
	}
	if f.Witness != nil {
		fmt.Fprintf(e, "  - witness (%s): %s\n", mdCode(f.Tool), mdCode(truncate(CompactJSON(f.Witness), witnessLimit)))
	}
}

// mdToolList is Group.ToolList in Markdown: each tool's name as code and
// its position as a link to its line, every one of them.
func mdToolList(g Group, max int, lk *Links) string {
	var parts []string
	for i, f := range g.Findings {
		if max > 0 && i == max {
			return strings.Join(parts, ", ") + fmt.Sprintf(" and %d more", len(g.Findings)-max)
		}
		parts = append(parts, mdCode(f.Tool)+" ("+lk.headPos(Position(f.File, f.Line, f.Column), f)+")")
	}
	return strings.Join(parts, ", ")
}

// groupItem is findingItem for a group: "the same change in N tools",
// then every tool it is in.
func groupItem(g Group, lk *Links) string {
	if !g.Grouped() {
		return findingItem(g.First(), lk)
	}
	f := g.First()
	pos := "—"
	if f.Line > 0 {
		pos = lk.headPos(fmt.Sprintf("%d:%d", f.Line, f.Column), f)
	}
	var e strings.Builder
	fmt.Fprintf(&e, "- %s %s: %s %s\n", pos, f.Severity, mdText(g.Lead()+g.Message()), mdCode(f.Rule))
	groupDetails(&e, g, lk)
	return e.String()
}
