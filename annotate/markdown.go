package annotate

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// Size limits of the places a Markdown summary goes.
const (
	// CheckRunSummaryLimit is the check run output.summary limit (characters,
	// budgeted as bytes because GitHub counts non-ASCII that way).
	CheckRunSummaryLimit = 65535
	// CommentLimit is the pull request comment body limit.
	CommentLimit = 65536
	// StepSummaryLimit is the job summary limit per step (1 MiB), with room
	// for what other tools append.
	StepSummaryLimit = 1000 * 1000
	// witnessLimit caps one witness shown in Markdown.
	witnessLimit = 2000
)

// SummaryOptions configure Markdown.
type SummaryOptions struct {
	// Title is the heading; "mcpschema" when empty.
	Title string
	// Gate is what decides the run's outcome (the header names its
	// fail-on); Failed says whether the run failed.
	Gate   report.Gate
	Failed bool
	// Limit is the size budget in bytes (0: none). When the report does not
	// fit, the text is cut at a whole entry and says so: never silently.
	Limit int
	// Elsewhere says where the findings cut from this text can be found,
	// e.g. "every finding is an annotation of this check run".
	Elsewhere string
	// Marker is a hidden HTML comment put first (sticky comments).
	Marker string
	// Links, when set, make positions links to their lines (see Links).
	Links *Links
	// Accept says how to accept the breaking changes on purpose (the skip
	// label and who may apply it, or the config line that enables one): a
	// failed run with breaking changes says it right under the verdict.
	Accept *Accept
	// TitleShown: the verdict line is shown above the text already (a
	// check run's title, on the Checks tab), so the text does not repeat it.
	TitleShown bool
}

// Markdown renders the report as GitHub-flavoured Markdown: the totals and
// the verdict, the run notes, the breaking changes grouped by tool, the
// other errors and warnings in a table per file, then, collapsed in
// <details>, the notices, the counts per file and tool, and the ignored
// findings. Each finding appears once, with its witness once.
func Markdown(rep *report.Report, opt SummaryOptions) string {
	md, _ := MarkdownCut(rep, opt)
	return md
}

// MarkdownCut is Markdown that also reports whether the text was cut to fit.
func MarkdownCut(rep *report.Report, opt SummaryOptions) (string, bool) {
	title := opt.Title
	if title == "" {
		title = ToolName
	}
	total := len(rep.Findings)
	b := newBudget(opt, total)
	if opt.Marker != "" {
		b.must(opt.Marker + "\n")
	}
	b.must(header(rep, title, opt))
	// the way to accept an intended break comes right under the verdict
	if opt.Accept != nil && opt.Failed && hasBreaking(rep) {
		b.must(opt.Accept.markdown())
	}
	b.must(configChangeMarkdown(rep.ConfigChange, opt.Limit))
	b.must(contextCostMarkdown(rep.Context))

	var breaking, others, notices, existing, accepted []report.Finding
	for _, f := range rep.Findings {
		switch {
		case f.PreExisting:
			existing = append(existing, f)
		case f.Accepted != "":
			accepted = append(accepted, f)
		case f.IsBreaking():
			breaking = append(breaking, f)
		case f.Severity <= rules.Notice:
			notices = append(notices, f)
		default:
			others = append(others, f)
		}
	}
	lk := opt.Links.forReport(rep)
	if len(breaking) > 0 {
		writeBreaking(b, breaking, fmt.Sprintf("\n### Breaking changes (%d)\n", len(breaking)), lk)
	}
	if len(accepted) > 0 {
		writeBreaking(b, accepted, fmt.Sprintf("\n### %s\n", AcceptedHeading(len(accepted))), lk)
	}
	if len(others) > 0 {
		heading := fmt.Sprintf("\n### Findings (%d)\n", len(others))
		if len(breaking) > 0 {
			heading = fmt.Sprintf("\n### Other findings (%d)\n", len(others))
		}
		writeFindings(b, others, heading, lk)
	}
	if len(notices) > 0 && !b.cut {
		open := fmt.Sprintf("\n<details><summary>Notices (%d)</summary>\n", len(notices))
		if b.add(open) {
			writeFindings(b, notices, "", lk)
			b.must("\n</details>\n")
		}
	}
	if len(existing) > 0 {
		writePreExisting(b, existing, lk)
	}
	writeCounts(b, rep)
	if ig := ignoredMarkdown(rep, lk); ig != "" {
		b.add(ig)
	}
	return b.finish(opt), b.cut || b.rowsCut > 0
}

func header(rep *report.Report, title string, opt SummaryOptions) string {
	var h strings.Builder
	icon := "✅"
	verdict := "passed"
	if opt.Failed {
		icon, verdict = "❌", "failed"
	}
	fmt.Fprintf(&h, "## %s %s %s\n\n", icon, mdText(title), verdict)
	if opt.TitleShown {
		h.WriteString("fail-on")
	} else {
		fmt.Fprintf(&h, "**%s** · fail-on", mdText(Headline(rep)))
	}
	fmt.Fprintf(&h, ": `%s`\n", opt.Gate)
	if d := opt.Links.describes(); d != "" {
		h.WriteString("\n" + d)
	}
	if why := failedIncomplete(rep, opt); why != "" {
		h.WriteString("\n" + why + "\n")
	}
	if !rep.Summary.Complete {
		h.WriteString("\n> [!WARNING]\n> The check is incomplete: some schemas could not be checked in full (see the findings).\n")
	}
	if len(rep.Notes) > 0 {
		h.WriteString("\n> [!NOTE]\n")
		for _, n := range rep.Notes {
			fmt.Fprintf(&h, "> - %s\n", noteMarkdown(n))
		}
	}
	return h.String()
}

// toolSection is the breaking changes of one tool, or one change found in
// several tools.
type toolSection struct {
	tool   string
	groups []Group
}

// writeBreaking writes breaking changes (to fix, or accepted) after
// heading, grouped by tool (in the order the tools first appear); the same
// change in several tools is a section of its own.
func writeBreaking(b *budget, breaking []report.Finding, heading string, lk *Links) {
	var sections []*toolSection
	byTool := map[string]*toolSection{}
	for _, g := range GroupFindings(breaking) {
		if g.Grouped() {
			sections = append(sections, &toolSection{groups: []Group{g}})
			continue
		}
		t := g.First().File + "\x00" + g.First().Tool
		s := byTool[t]
		if s == nil {
			s = &toolSection{tool: g.First().Tool}
			byTool[t] = s
			sections = append(sections, s)
		}
		s.groups = append(s.groups, g)
	}
	for _, s := range sections {
		var sub string
		switch {
		case s.groups[0].Grouped():
			sub = fmt.Sprintf("\n#### %d tools\n\n", len(s.groups[0].Findings))
		case s.tool == "":
			sub = "\n#### " + mdCode(s.groups[0].First().File) + "\n\n"
		default:
			sub = "\n#### tool " + mdCode(s.tool) + "\n\n"
		}
		if !b.add(heading, sub, breakingGroupEntry(s.groups[0], lk)) {
			return
		}
		heading = ""
		b.shown += len(s.groups[0].Findings)
		for _, g := range s.groups[1:] {
			if !b.add(breakingGroupEntry(g, lk)) {
				return
			}
			b.shown += len(g.Findings)
		}
	}
}

// breakingEntry is one breaking change: its position (linked), the
// message (which names the tool), the rule, the base location and the
// witness unless the message already shows it.
func breakingEntry(f report.Finding, lk *Links) string {
	var e strings.Builder
	fmt.Fprintf(&e, "- %s: %s %s\n", lk.headPos(Position(f.File, f.Line, f.Column), f), mdMessage(shownMessage(f), f), mdCode(f.Rule))
	if f.Base != nil {
		fmt.Fprintf(&e, "  - base: %s\n", lk.basePos(f.Base))
	}
	if w, ok := witnessText(f); ok {
		fmt.Fprintf(&e, "  - witness: %s\n", mdCode(w))
	}
	return e.String()
}

// shownMessage is the message without the "(was at …)" it may carry when
// the base location follows it as a link: the base position once.
func shownMessage(f report.Finding) string {
	if f.Base == nil {
		return f.Message
	}
	return wasAt.ReplaceAllString(f.Message, "")
}

// mdMessage is a message as Markdown text, the witness it quotes (a JSON
// value such as {"q":"a"}) as a code span.
func mdMessage(msg string, f report.Finding) string {
	if f.Witness == nil {
		return mdText(msg)
	}
	w := CompactJSON(f.Witness)
	parts := strings.Split(msg, w)
	if len(parts) == 1 {
		return mdText(msg)
	}
	for i, p := range parts {
		parts[i] = mdText(p)
	}
	return strings.Join(parts, mdCode(w))
}

// witnessText is the witness to show in Markdown (ShownWitness, truncated).
func witnessText(f report.Finding) (string, bool) {
	w, ok := ShownWitness(f)
	if !ok {
		return "", false
	}
	return truncate(w, witnessLimit), true
}

// ShownWitness is the witness to print after a finding's message, unless
// there is none or the message already shows it in full ("for example {}
// is accepted at base…"): a witness appears once per finding.
func ShownWitness(f report.Finding) (string, bool) {
	if f.Witness == nil {
		return "", false
	}
	w := CompactJSON(f.Witness)
	if strings.Contains(f.Message, w) {
		return "", false
	}
	return w, true
}

type countKey struct{ file, tool string }

type counts struct{ errors, warnings, notices, breaking int }

func (c *counts) add(f report.Finding) {
	n := f.Count() // a folded finding stands for many
	switch f.Severity {
	case rules.Error:
		c.errors += n
	case rules.Warning:
		c.warnings += n
	default:
		c.notices += n
	}
	if f.IsBreaking() {
		c.breaking += n
	}
}

// writeCounts writes the table of counts per file and tool, collapsed.
func writeCounts(b *budget, rep *report.Report) {
	byKey := map[countKey]*counts{}
	byFile := map[string]*counts{}
	tools := map[string][]string{}
	tools0 := map[string]int{}
	var files []string
	seen := map[string]bool{}
	addFile := func(p string) {
		if !seen[p] {
			seen[p] = true
			files = append(files, p)
			byFile[p] = &counts{}
		}
	}
	for _, fs := range rep.Files {
		addFile(fs.Path)
		tools0[fs.Path] = fs.Tools
	}
	for _, f := range rep.Findings {
		addFile(f.File)
		if f.PreExisting {
			// counted apart, like the headline: the pre-existing section lists them
			continue
		}
		byFile[f.File].add(f)
		k := countKey{f.File, f.Tool}
		if byKey[k] == nil {
			byKey[k] = &counts{}
			if f.Tool != "" {
				tools[f.File] = append(tools[f.File], f.Tool)
			}
		}
		byKey[k].add(f)
	}
	if len(files) == 0 {
		return
	}
	sort.Strings(files)
	gone := goneFiles(rep)
	head := fmt.Sprintf("\n<details><summary>Files and tools (%s)</summary>\n\n| file / tool | tools | errors | warnings | notices | breaking |\n|---|---:|---:|---:|---:|---:|\n", fileCount(rep, files, gone))
	first := true
	for _, p := range files {
		c := byFile[p]
		name := mdCell(p)
		if p == "" {
			name = "(run)"
		} else if gone[p] {
			name += " (only at the base)"
		}
		rows := []string{fmt.Sprintf("| %s | %d | %d | %d | %d | %d |\n", name, tools0[p], c.errors, c.warnings, c.notices, c.breaking)}
		ts := tools[p]
		sort.Strings(ts)
		for _, t := range ts {
			tc := byKey[countKey{p, t}]
			rows = append(rows, fmt.Sprintf("| ↳ tool %s | | %d | %d | %d | %d |\n", mdCell(t), tc.errors, tc.warnings, tc.notices, tc.breaking))
		}
		block := strings.Join(rows, "")
		if first {
			if !b.add(head, block) {
				b.rowsCut += len(files)
				return
			}
			first = false
			continue
		}
		if !b.add(block) {
			b.rowsCut++
			continue
		}
	}
	b.must("\n</details>\n")
}

// writeFindings writes findings as a list per file, after heading ("":
// none) and the file's heading: one item a finding, which wraps in a
// comment of any width (a five-column table scrolled the message out of view).
func writeFindings(b *budget, fs []report.Finding, heading string, lk *Links) {
	wroteHeading := false
	gs := GroupFindings(fs)
	for i := 0; i < len(gs); {
		j, n := i, 0
		for j < len(gs) && gs[j].First().File == gs[i].First().File {
			n += len(gs[j].Findings)
			j++
		}
		name := mdCode(gs[i].First().File)
		if gs[i].First().File == "" {
			name = "(run)"
		}
		fileHead := fmt.Sprintf("\n#### %s (%d)\n\n", name, n)
		if !wroteHeading {
			fileHead = heading + fileHead
		}
		if b.add(fileHead, groupItem(gs[i], lk)) {
			wroteHeading = true
			b.shown += len(gs[i].Findings)
			for _, g := range gs[i+1 : j] {
				if !b.add(groupItem(g, lk)) {
					break
				}
				b.shown += len(g.Findings)
			}
		}
		if b.cut {
			return
		}
		i = j
	}
}

// findingItem is one finding as a list item: its position (linked) and
// severity, the message (led by the tool unless it names the tool: the
// name once per line) and the rule, then the base location and the
// witness below it.
func findingItem(f report.Finding, lk *Links) string {
	pos := "—"
	if f.Line > 0 {
		pos = lk.headPos(fmt.Sprintf("%d:%d", f.Line, f.Column), f)
	}
	lead := ""
	if f.Tool != "" && ToolMessage(f) != f.Message {
		lead = "tool " + mdCode(f.Tool) + ": "
	}
	var e strings.Builder
	fmt.Fprintf(&e, "- %s %s: %s%s %s\n", pos, f.Severity, lead, mdMessage(shownMessage(f), f), mdCode(f.Rule))
	if f.Base != nil {
		fmt.Fprintf(&e, "  - base: %s\n", lk.basePos(f.Base))
	}
	if w, ok := witnessText(f); ok {
		fmt.Fprintf(&e, "  - witness: %s\n", mdCode(w))
	}
	return e.String()
}

// hasBreaking reports whether the report holds a breaking change to fix
// (neither pre-existing nor accepted): what the accept advice is for.
func hasBreaking(rep *report.Report) bool {
	for _, f := range rep.Findings {
		if !f.PreExisting && f.Accepted == "" && f.IsBreaking() {
			return true
		}
	}
	return false
}
