package annotate

import (
	"fmt"
	"io"
	"strings"

	"github.com/mcpschema/mcpschema/internal/report"
)

// configChangeListMax bounds the settings and the findings of each kind
// listed in the Markdown section; the JSON report has them all.
const configChangeListMax = 15

// configChangeMessageMax bounds one finding's message in that section.
const configChangeMessageMax = 200

// configChangeLead says what changed and which config applied.
func configChangeLead(c *report.ConfigChange) string {
	what := "is changed"
	switch {
	case c.Added:
		what = "is new (none at the trusted revision: the defaults applied)"
	case c.Removed:
		what = "is removed"
	}
	return fmt.Sprintf("config %q %s: the config at %q applied to this run; the change applies after merge", c.File, what, c.From)
}

// settingText renders a setting's value ("(not set)" when it is not).
func settingText(v string) string {
	if v == "" {
		return "(not set)"
	}
	return v
}

// writeConfigChangeText writes the text format's config change section:
// what the changed config would hide, reclassify or show after merge.
func writeConfigChangeText(w io.Writer, c *report.ConfigChange) {
	if c == nil {
		return
	}
	fmt.Fprintf(w, "config change: %s\n", oneLine(configChangeLead(c)))
	if c.Invalid != "" {
		fmt.Fprintf(w, "    invalid, not used: %s\n", oneLine(c.Invalid))
	}
	for _, s := range c.Settings {
		fmt.Fprintf(w, "    setting %s: %s → %s\n", oneLine(s.Key), oneLine(settingText(s.From)), oneLine(settingText(s.To)))
	}
	line := func(verb string, f report.Finding) {
		fmt.Fprintf(w, "    %s: %s: %s: %s [%s]\n", verb, Position(SafeText(f.File), f.Line, f.Column), f.Severity, oneLine(ToolMessage(f)), f.Rule)
	}
	for _, f := range c.Hidden {
		line("would hide", f)
	}
	for _, r := range c.Reclassified {
		line("would make "+r.To.String(), r.Finding)
	}
	for _, f := range c.Shown {
		line("would show", f)
	}
	for _, f := range c.Paired {
		line("would reclassify (paired by the alias)", f)
	}
	for _, u := range c.Unknown {
		fmt.Fprintf(w, "    note: %s\n", oneLine(u))
	}
}

// configChangeMarkdown renders the config change section for summaries.
// Its size is bounded: at most configChangeListMax settings and findings of
// each kind, and when even that takes more than a third of limit (0: no
// limit), only the counts.
func configChangeMarkdown(c *report.ConfigChange, limit int) string {
	if c == nil {
		return ""
	}
	s := configChangeSection(c, configChangeListMax)
	if limit > 0 && len(s) > limit/3 {
		s = configChangeSection(c, 0)
	}
	return s
}

func configChangeSection(c *report.ConfigChange, listMax int) string {
	var b strings.Builder
	b.WriteString("\n### Config change (applies after merge)\n\n> [!IMPORTANT]\n")
	fmt.Fprintf(&b, "> %s. The change does not apply to the run that introduces it.\n", mdText(capitalize(configChangeLead(c))))
	if c.Invalid != "" {
		fmt.Fprintf(&b, "\n- the changed config is invalid and is not used: %s\n", mdCode(truncate(c.Invalid, configChangeMessageMax)))
	}
	more := func(n int) {
		fmt.Fprintf(&b, "- … and %d more (the JSON report lists them all under `configChange`)\n", n)
	}
	if len(c.Settings) > 0 {
		b.WriteString("\n")
		for i, s := range c.Settings {
			if i == listMax {
				more(len(c.Settings) - i)
				break
			}
			fmt.Fprintf(&b, "- setting %s: %s → %s\n", mdCode(s.Key), mdCode(settingText(s.From)), mdCode(settingText(s.To)))
		}
	}
	list := func(title string, fs []report.Finding, to []string) {
		if len(fs) == 0 {
			return
		}
		fmt.Fprintf(&b, "\n%s (%d):\n\n", title, len(fs))
		for i, f := range fs {
			if i == listMax {
				more(len(fs) - i)
				break
			}
			fmt.Fprintf(&b, "- %s", mdCode(Position(f.File, f.Line, f.Column)))
			if f.Tool != "" && ToolMessage(f) != f.Message {
				fmt.Fprintf(&b, " tool %s", mdCode(f.Tool))
			}
			sev := f.Severity.String()
			if to != nil {
				sev += " → " + to[i]
			}
			fmt.Fprintf(&b, ": %s %s (%s)\n", mdText(truncate(f.Message, configChangeMessageMax)), mdCode(f.Rule), sev)
		}
	}
	list("It would hide", c.Hidden, nil)
	re := make([]report.Finding, len(c.Reclassified))
	to := make([]string, len(c.Reclassified))
	for i, r := range c.Reclassified {
		re[i], to[i] = r.Finding, r.To.String()
	}
	list("It would reclassify", re, to)
	list("It would show", c.Shown, nil)
	list("It would reclassify (paired by the alias)", c.Paired, nil)
	if len(c.Unknown) > 0 {
		b.WriteString("\nWhat this run cannot tell:\n\n")
		for i, u := range c.Unknown {
			if i == listMax {
				more(len(c.Unknown) - i)
				break
			}
			fmt.Fprintf(&b, "- %s\n", mdText(truncate(u, configChangeMessageMax)))
		}
	}
	if len(c.Settings) == 0 && len(c.Hidden) == 0 && len(c.Reclassified) == 0 && len(c.Shown) == 0 && len(c.Paired) == 0 && len(c.Unknown) == 0 && c.Invalid == "" {
		b.WriteString("\nIt changes no setting and no finding of this run.\n")
	}
	return b.String()
}
