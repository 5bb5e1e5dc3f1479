package annotate

import (
	"fmt"
	"strings"
)

// Accept says how to accept a pull request's breaking changes on purpose:
// the skip label to apply and, when the config names none yet, the line
// that enables it. A failed summary says it right under the verdict.
type Accept struct {
	// Label is the pull request label that accepts the breaking changes.
	Label string
	// ConfigFile, when set, is the config to add "skip-label: Label" to on
	// the base branch first (the config a pull request is checked with).
	ConfigFile string
	// Semver: version-policy semver, so a major version bump announces
	// them too.
	Semver bool
}

// ConfigLine is the line that enables the label in the config.
func (a *Accept) ConfigLine() string { return "skip-label: " + a.Label }

// markdown is the advice as Markdown: the config line in a code block.
func (a *Accept) markdown() string {
	var b strings.Builder
	b.WriteString("\n**To accept these breaking changes on purpose:** ")
	if a.ConfigFile != "" {
		fmt.Fprintf(&b, "add this line to %s on the base branch (the config a pull request is checked with)\n\n```yaml\n%s\n```\n\nthen apply", mdCode(a.ConfigFile), a.ConfigLine())
	} else {
		b.WriteString("apply")
	}
	fmt.Fprintf(&b, " the label %s to this pull request (anyone with triage access or more can)", mdCode(a.Label))
	if a.Semver {
		b.WriteString(", or bump the document's major version (`info.version`) to announce them (`version-policy: semver`)")
	}
	b.WriteString(".\n")
	return b.String()
}
