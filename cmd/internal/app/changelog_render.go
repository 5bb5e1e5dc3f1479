package app

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/mcpschema/mcpschema/annotate"
	"github.com/mcpschema/mcpschema/cmd/internal/service"
)

// changelogMarkdown renders the changelog for release notes: a section per
// tool, its breaking changes first.
func changelogMarkdown(cl *service.Changelog) string {
	var b strings.Builder
	since := mdInline(cl.Base)
	if cl.Commit != "" && !strings.HasPrefix(cl.Commit, cl.Base) {
		since += " (" + mdInline(shortCommit(cl.Commit)) + ")"
	}
	fmt.Fprintf(&b, "## Tool changes since %s\n", since)
	b.WriteString(notComparedMarkdown(cl.NotCompared))
	if len(cl.Tools) == 0 {
		b.WriteString("\nNo tool changed.\n")
		return b.String()
	}
	counts := map[string]int{}
	for _, t := range cl.Tools {
		for _, c := range t.Changes {
			counts[c.Kind]++
		}
	}
	parts := []string{annotate.Plural(counts["breaking"], "breaking change")}
	if n := counts["may-break"]; n > 0 {
		parts = append(parts, annotate.Plural(n, "change")+" that may break")
	}
	parts = append(parts, annotate.Plural(counts["added"], "addition"))
	if n := counts[service.KindDeprecation]; n > 0 {
		parts = append(parts, annotate.Plural(n, "deprecation change"))
	}
	parts = append(parts, annotate.Plural(counts["changed"], "other change"))
	docs := 0
	for _, t := range cl.Tools {
		if t.Document {
			docs++
		}
	}
	var what []string
	if n := len(cl.Tools) - docs; n > 0 || docs == 0 {
		what = append(what, annotate.Plural(n, "tool"))
	}
	if docs > 0 {
		what = append(what, annotate.Plural(docs, "document"))
	}
	fmt.Fprintf(&b, "\n%s changed: %s.\n", strings.Join(what, " and "), strings.Join(parts, ", "))
	if bp := cl.Bump; bp != nil {
		fmt.Fprintf(&b, "\nProposed version bump: %s", bp.Kind)
		if len(bp.Files) > 1 {
			var each []string
			for _, f := range bp.Files {
				each = append(each, fmt.Sprintf("%s → %s in %s", mdMessage(f.From), mdMessage(f.To), mdInline(f.File)))
			}
			fmt.Fprintf(&b, " (%s)", strings.Join(each, ", "))
		} else if bp.To != "" {
			fmt.Fprintf(&b, " (%s → %s in %s)", mdMessage(bp.From), mdMessage(bp.To), mdInline(bp.File))
		}
		b.WriteString(".\n")
	}
	for _, t := range cl.Tools {
		status := ""
		if t.Status != "changed" {
			status = " (" + t.Status + ")"
		}
		fmt.Fprintf(&b, "\n### %s%s\n\n", mdInline(t.Name), status)
		for _, c := range t.Changes {
			label := map[string]string{"breaking": "breaking", "may-break": "may break", "added": "added", service.KindDeprecation: "deprecation", "changed": "changed"}[c.Kind]
			fmt.Fprintf(&b, "- %s: %s", label, mdMessage(releaseNote(c.Message)))
			if c.Rule != "" {
				fmt.Fprintf(&b, " (%s)", mdInline(c.Rule))
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

// writeChangelogJSON writes the changelog as indented JSON.
func writeChangelogJSON(w io.Writer, cl *service.Changelog) error {
	if cl.Tools == nil {
		cl.Tools = []service.ChangelogTool{}
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(cl)
}

func shortCommit(s string) string {
	if len(s) > 12 {
		return s[:12]
	}
	return s
}

// mdInline renders a value as an inline code span (safe in Markdown and in a log).
func mdInline(s string) string { return annotate.MarkdownCode(annotate.SafeText(s)) }

// mdMessage escapes a message for Markdown text (safe in a log).
func mdMessage(s string) string { return annotate.MarkdownText(annotate.SafeText(s)) }

// adviceLead are the words a reviewer's advice starts with in a finding's
// message ("make it optional…", "keep it…", "to fix, inline…").
var adviceLead = []string{"to fix", "make ", "keep ", "add ", "restore ", "fix ", "inline ", "remove ", "deprecate ", "bump ",
	"give ", "use ", "tell ", "say ", "declare ", "mark ", "move ", "set ", "if the change is intended", "nothing to fix",
	"review ", "accept ", "announce ", "rename ", "drop ", "widen ", "narrow ", "loosen ", "tighten ", "for example "}

// releaseNote is a finding's message as a release note for the tool's
// users: what changed and what it does to them, without the reviewer's
// advice or the witness (the clauses, after "; " or ": ", that start with
// adviceLead).
func releaseNote(msg string) string {
	clauses := strings.Split(msg, "; ")
	var kept []string
	for i, c := range clauses {
		if i > 0 && isAdvice(c) {
			continue
		}
		if head, tail, ok := strings.Cut(c, ": "); ok && isAdvice(tail) {
			c = head
		}
		kept = append(kept, c)
	}
	return strings.Join(kept, "; ")
}

func isAdvice(s string) bool {
	s = strings.ToLower(strings.TrimSpace(s))
	for _, w := range adviceLead {
		if strings.HasPrefix(s, w) {
			return true
		}
	}
	return false
}
