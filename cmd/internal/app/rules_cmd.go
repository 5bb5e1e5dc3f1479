package app

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/mcpschema/mcpschema/validate/rules"
)

// runRules implements `mcpschema rules [ID]`.
func runRules(args []string, env Env) int {
	if len(args) > 1 {
		fmt.Fprintln(env.Stderr, "usage: mcpschema rules [ID]")
		return ExitUsage
	}
	if len(args) == 1 {
		r, ok := rules.Lookup(args[0])
		if !ok {
			fmt.Fprintf(env.Stderr, "mcpschema: unknown rule %q: run 'mcpschema rules' for the list\n", args[0])
			return ExitUsage
		}
		fmt.Fprint(env.Stdout, RuleDoc(r))
		return ExitOK
	}
	tw := tabwriter.NewWriter(env.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tKIND\tLEVEL\tSEVERITY\tVERSIONS\tSUMMARY")
	for _, r := range rules.All() {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", r.ID, r.Kind, r.Level, r.Severity, r.VersionsText(), r.Summary)
	}
	tw.Flush()
	return ExitOK
}

// RuleDoc renders one rule's documentation.
func RuleDoc(r *rules.Rule) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n\n%s\n\n", r.ID, r.Summary)
	fmt.Fprintf(&b, "kind:      %s\n", r.Kind)
	if r.Direction != "" {
		fmt.Fprintf(&b, "direction: %s\n", r.Direction)
	}
	fmt.Fprintf(&b, "owner:     %s\nlevel:     %s\nseverity:  %s\nversions:  %s\n\n", r.Owner, r.Level, r.Severity, r.VersionsText())
	fmt.Fprintf(&b, "%s\n\nfix: %s\n", r.Doc, r.Fix)
	return b.String()
}
