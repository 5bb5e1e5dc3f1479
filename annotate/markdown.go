package annotate

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mcpschema/mcpschema/validate/report"
	"github.com/mcpschema/mcpschema/validate/rules"
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
	// FailOn is the severity that fails the run; Failed says whether it did.
	FailOn rules.Severity
	Failed bool
	// Limit is the size budget in bytes (0: none). When the report does not
	// fit, the text is cut at a whole entry and says so: never silently.
	Limit int
	// Elsewhere says where the findings cut from this text can be found,
	// e.g. "every finding is an annotation of this check run".
	Elsewhere string
	// Marker is a hidden HTML comment put first (sticky comments).
	Marker string
}

// Markdown renders the report as GitHub-flavoured Markdown: the totals and
// the verdict, the run notes, the breaking changes with their witnesses, a
// table of counts per file and tool, and a table of findings per file.
// Each finding appears once (breaking changes are not repeated).
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
	b.must(configChangeMarkdown(rep.ConfigChange, opt.Limit))

	var breaking, others []report.Finding
	for _, f := range rep.Findings {
		if f.IsBreaking() {
			breaking = append(breaking, f)
		} else {
			others = append(others, f)
		}
	}
	if len(breaking) > 0 {
		groups := GroupFindings(breaking)
		if b.add(fmt.Sprintf("\n### Breaking changes (%d)\n\n", len(breaking)), breakingGroupEntry(groups[0])) {
			b.shown += len(groups[0].Findings)
			for _, g := range groups[1:] {
				if !b.add(breakingGroupEntry(g)) {
					break
				}
				b.shown += len(g.Findings)
			}
		}
	}
	writeCounts(b, rep)
	if len(others) > 0 {
		writeFindings(b, others, len(breaking) > 0)
	}
	if ig := ignoredMarkdown(rep); ig != "" {
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
	fmt.Fprintf(&h, "**%s**", mdText(Totals(rep)))
	if opt.FailOn == rules.Off {
		h.WriteString(" · fail-on: `never`")
	} else {
		fmt.Fprintf(&h, " · fail-on: `%s`", opt.FailOn)
	}
	if rep.Summary.Breaking > 0 {
		fmt.Fprintf(&h, " · %s", Plural(rep.Summary.Breaking, "breaking change"))
	}
	h.WriteString("\n")
	if !rep.Summary.Complete {
		h.WriteString("\n> [!WARNING]\n> The check is incomplete: some schemas could not be checked in full (see the findings).\n")
	}
	if len(rep.Notes) > 0 {
		h.WriteString("\n> [!NOTE]\n")
		for _, n := range rep.Notes {
			fmt.Fprintf(&h, "> - %s\n", mdText(n))
		}
	}
	return h.String()
}

func breakingEntry(f report.Finding) string {
	var e strings.Builder
	fmt.Fprintf(&e, "- %s", mdCode(Position(f.File, f.Line, f.Column)))
	if f.Tool != "" {
		fmt.Fprintf(&e, " tool %s", mdCode(f.Tool))
	}
	fmt.Fprintf(&e, ": %s %s\n", mdText(f.Message), mdCode(f.Rule))
	if f.Base != nil {
		fmt.Fprintf(&e, "  - base: %s\n", mdCode(BaseText(f.Base)))
	}
	if f.Witness != nil {
		fmt.Fprintf(&e, "  - witness: %s\n", mdCode(truncate(CompactJSON(f.Witness), witnessLimit)))
	}
	return e.String()
}

type countKey struct{ file, tool string }

type counts struct{ errors, warnings, notices, breaking int }

func (c *counts) add(f report.Finding) {
	switch f.Severity {
	case rules.Error:
		c.errors++
	case rules.Warning:
		c.warnings++
	default:
		c.notices++
	}
	if f.IsBreaking() {
		c.breaking++
	}
}

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
	head := "\n### Files and tools\n\n| file / tool | tools | errors | warnings | notices | breaking |\n|---|---:|---:|---:|---:|---:|\n"
	first := true
	for _, p := range files {
		c := byFile[p]
		name := mdCode(p)
		if p == "" {
			name = "(run)"
		}
		rows := []string{fmt.Sprintf("| %s | %d | %d | %d | %d | %d |\n", name, tools0[p], c.errors, c.warnings, c.notices, c.breaking)}
		ts := tools[p]
		sort.Strings(ts)
		for _, t := range ts {
			tc := byKey[countKey{p, t}]
			rows = append(rows, fmt.Sprintf("| ↳ tool %s | | %d | %d | %d | %d |\n", mdCode(t), tc.errors, tc.warnings, tc.notices, tc.breaking))
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
}

func writeFindings(b *budget, fs []report.Finding, afterBreaking bool) {
	heading := fmt.Sprintf("\n### Findings (%d)\n", len(fs))
	if afterBreaking {
		heading = fmt.Sprintf("\n### Other findings (%d)\n", len(fs))
	}
	tableHead := "| position | severity | rule | tool | message |\n|---|---|---|---|---|\n"
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
		fileHead := fmt.Sprintf("\n#### %s (%d)\n\n%s", name, n, tableHead)
		if !wroteHeading {
			fileHead = heading + fileHead
		}
		if b.add(fileHead, groupRow(gs[i])) {
			wroteHeading = true
			b.shown += len(gs[i].Findings)
			for _, g := range gs[i+1 : j] {
				if !b.add(groupRow(g)) {
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

func findingRow(f report.Finding) string {
	pos := "—"
	if f.Line > 0 {
		pos = fmt.Sprintf("%d:%d", f.Line, f.Column)
	}
	msg := mdText(f.Message)
	if f.Base != nil {
		msg += "<br>base: " + mdCode(BaseText(f.Base))
	}
	if f.Witness != nil {
		msg += "<br>witness: " + mdCode(truncate(CompactJSON(f.Witness), witnessLimit))
	}
	tool := ""
	if f.Tool != "" {
		tool = mdCode(f.Tool)
	}
	return fmt.Sprintf("| %s | %s | %s | %s | %s |\n", pos, f.Severity, mdCode(f.Rule), tool, msg)
}
