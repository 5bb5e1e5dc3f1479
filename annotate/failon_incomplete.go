package annotate

import (
	"fmt"
	"strings"

	"github.com/mcpschema/mcpschema/internal/report"
)

// shownIncomplete is how many incomplete positions the verdict names.
const shownIncomplete = 3

// failedIncomplete says what failed the run when fail-on "incomplete"
// failed it without a finding at the fail-on severity
// (report.Gate.FailsOnlyIncomplete): the report is incomplete, where, and
// fail-on is incomplete. It is "" otherwise.
func failedIncomplete(rep *report.Report, opt SummaryOptions) string {
	if !opt.Failed || !opt.Gate.FailsOnlyIncomplete(rep) {
		return ""
	}
	var where []string
	n := 0
	for _, f := range rep.Findings {
		if !f.Incomplete {
			continue
		}
		n++
		if len(where) < shownIncomplete {
			pos := f.File
			if f.Line > 0 {
				pos = fmt.Sprintf("%s:%d:%d", f.File, f.Line, f.Column)
			}
			where = append(where, mdCode(pos))
		}
	}
	what := ""
	if n > 0 {
		what = Plural(n, "finding") + " could not be checked in full (" + strings.Join(where, ", ")
		if n > len(where) {
			what += ", …"
		}
		what += ")"
	} else {
		for _, f := range rep.Files {
			if !f.Complete {
				n++
				if len(where) < shownIncomplete {
					where = append(where, mdCode(f.Path))
				}
			}
		}
		what = Plural(n, "file") + " could not be checked in full"
		if len(where) > 0 {
			what += " (" + strings.Join(where, ", ")
			if n > len(where) {
				what += ", …"
			}
			what += ")"
		}
	}
	return "Failed because the report is incomplete: " + what + ", and fail-on is incomplete."
}
