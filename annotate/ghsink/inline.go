package ghsink

import (
	"fmt"
	"io"

	"github.com/mcpschema/mcpschema/annotate"
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// GitHub shows at most this many workflow-command annotations of each
// severity per step (notices: assumed the same); the rest are dropped.
const (
	InlineErrors   = 10
	InlineWarnings = 10
	InlineNotices  = 10
)

// InlineResult counts what WriteInline wrote.
type InlineResult struct {
	// Shown findings were written as annotations; NotShown were not (they
	// are in the log's text report and the job summary).
	Shown, NotShown int
	// Total is how many findings the report stands for (folded ones count
	// for what they stand for).
	Total int
}

// WriteInline writes the findings as workflow-command annotations, the
// first 10 errors, 10 warnings and 10 notices minus reservedNotices (slots
// kept for run-level notices), in report order. When some findings do not
// fit, a last notice says how many were not shown inline and where they are.
// Their titles are their rules' in set.
func WriteInline(w io.Writer, rep *report.Report, reservedNotices int, set *rules.Set) InlineResult {
	limit := map[rules.Severity]int{rules.Error: InlineErrors, rules.Warning: InlineWarnings,
		rules.Notice: max(InlineNotices-reservedNotices-1, 0)}
	used := map[rules.Severity]int{}
	var res InlineResult
	total := 0
	for _, f := range annotate.NewFindings(rep.Findings) {
		total += f.Count()
		sev := f.Severity
		if sev != rules.Error && sev != rules.Warning {
			sev = rules.Notice
		}
		if used[sev] >= limit[sev] || f.Folded > 0 {
			// a folded finding ("and N more like this") stands for findings
			// that are not shown one by one.
			res.NotShown += f.Count()
			if f.Folded == 0 || used[sev] >= limit[sev] {
				continue
			}
		} else {
			res.Shown++
		}
		used[sev]++
		fmt.Fprintln(w, annotate.Command(f, set))
	}
	res.Total = total
	if res.NotShown > 0 {
		fmt.Fprintf(w, "::notice title=mcpschema::%s\n", annotate.EscapeData(NotShownText(res.NotShown, total)))
	}
	return res
}

// NotShownText says how many findings GitHub could not show inline.
func NotShownText(notShown, total int) string {
	return fmt.Sprintf("%d of %d findings were not shown inline: GitHub shows at most %d errors and %d warnings per step; every finding is in the log and in the job summary",
		notShown, total, InlineErrors, InlineWarnings)
}
