package app

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
// label and who can set it; the outcome is decided again.
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

	res.Failed = res.fails()
}

// acceptHow says how to accept the breaking changes of a pull request on
// purpose: the skip label (the action input, else the config's
// skip-label) and who may apply it, else the config line that enables
// one; and, under version-policy: semver, the major version bump.
func acceptHow(label string, cfg *Config) string {
	if label == "" && cfg != nil {
		label = cfg.SkipLabel
	}
	how := fmt.Sprintf("apply the label %q to the pull request (anyone with triage access or more can)", label)
	if label == "" {
		how = fmt.Sprintf("add the line \"skip-label: mcp-breaking-ok\" to %s on the base branch (the config a pull request is checked with), then apply the label \"mcp-breaking-ok\" to the pull request (anyone with triage access or more can)", configName(cfg))
	}
	if cfg != nil && cfg.VersionPolicy == "semver" {
		how += ", or bump the document's major version (info.version) to announce them (version-policy: semver)"
	}
	return how
}

// configName is the config file's name for advice.
func configName(cfg *Config) string {
	if cfg != nil && cfg.Path != "" {
		return cfg.Path
	}
	return DefaultConfigName
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
