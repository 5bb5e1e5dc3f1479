package action

import (
	"fmt"

	"github.com/mcpschema/mcpschema/annotate"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// skipLabelWho says who can set a label on a pull request.
const skipLabelWho = "anyone with triage, write, maintain or admin access to the repository can add or remove it"

// applySkipLabel turns the breaking errors into notices when the pull
// request carries the skip label (the action's "skip-label" input): the
// escape hatch for an intended breaking release. The labels are those of
// the event payload, i.e. when the event fired. The summary names the
// label and who can set it; the outcome (Result.Failed) follows the new
// severities.
func applySkipLabel(res *Result, label string, ev *actionEvent, pr int) {
	if label == "" || ev == nil || ev.PullRequest == nil || !hasLabel(ev, label) {
		return
	}
	grantSkipLabel(res, label, fmt.Sprintf("pull request #%d has the label %q", pr, label), "this pull request")
}

// grantSkipLabel turns the breaking errors into notices: subject says which
// pull request has the label, scope whom the breaks are allowed for.
func grantSkipLabel(res *Result, label, subject, scope string) {
	rep := res.Report
	n := 0
	for i, f := range rep.Findings {
		if !f.IsBreaking() {
			continue
		}
		n++
		rep.Findings[i].Severity = rules.Notice
		rep.Findings[i].Accepted = fmt.Sprintf("label %q", label)
		rep.Findings[i].Message = f.Message + fmt.Sprintf(" (breaking, allowed for %s by the label %q)", scope, label)
	}
	rep.Notes = append(rep.Notes, fmt.Sprintf("%s: %s %s for %s (%s)",
		subject, annotate.Plural(n, "breaking change"), areNotices(n), scope, skipLabelWho))
	rep.Summarize() // only severities changed: the order and fingerprints stand
}

func areNotices(n int) string {
	if n == 1 {
		return "is a notice, not an error,"
	}
	return "are notices, not errors,"
}

func hasLabel(ev *actionEvent, label string) bool {
	for _, l := range ev.PullRequest.Labels {
		if l.Name == label {
			return true
		}
	}
	return false
}
