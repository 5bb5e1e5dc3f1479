package app

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/mcpschema/mcpschema/cmd/internal/ruleset"
	"github.com/mcpschema/mcpschema/cmd/internal/service"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// rulesFlags are the flags of `mcpschema rules`.
type rulesFlags struct {
	format  *string
	full    *bool
	clients *bool
}

// rulesFormats are the formats `mcpschema rules` prints.
var rulesFormats = []string{"text", "json"}

func newRulesFlags(fs *flag.FlagSet) *rulesFlags {
	return &rulesFlags{
		format:  fs.String("format", "text", "output `format`: text (one line a rule, fitted to the width) or json (every field)"),
		full:    fs.Bool("full", false, "text: print each summary whole, wrapped to the width, with the protocol versions it applies to (one rule's whole documentation: rules ID)"),
		clients: fs.Bool("clients", false, "list the client profiles instead: what each MCP client rejects, what happens then, the sources and the day they were checked (ID: one profile)"),
	}
}

// runRules implements `mcpschema rules [--format text|json] [--full] [--clients] [ID]`.
func runRules(args []string, env Env) int {
	fs := newFlagSet("rules")
	rf := newRulesFlags(fs)
	args, code, ok := parseCommandFlags("rules", fs, args, env)
	if !ok {
		return code
	}
	if *rf.format != "text" && *rf.format != "json" {
		fmt.Fprintf(env.Stderr, "mcpschema rules: unknown format %q%s\n", *rf.format, service.UnknownHint(*rf.format, rulesFormats, "%q", "use text or json"))
		return ExitUsage
	}
	if *rf.clients {
		return runClients(args, *rf.format, env)
	}
	if len(args) > 1 {
		fmt.Fprintf(env.Stderr, "mcpschema rules: give at most one rule id, got %d: run 'mcpschema help rules'\n", len(args))
		return ExitUsage
	}
	set := ruleset.All()
	list := set.All()
	if len(args) == 1 {
		r, ok := set.Lookup(args[0])
		if !ok {
			fmt.Fprintf(env.Stderr, "mcpschema: unknown rule %q%s\n", args[0], service.UnknownHint(args[0], set.IDs(), "%s", "run 'mcpschema rules' for the list"))
			return ExitUsage
		}
		if *rf.format == "json" {
			return writeJSON(env, ruleJSON(r))
		}
		fmt.Fprint(env.Stdout, RuleDoc(r))
		return ExitOK
	}
	if *rf.format == "json" {
		out := make([]jsonRule, len(list))
		for i, r := range list {
			out[i] = ruleJSON(r)
		}
		return writeJSON(env, out)
	}
	writeRulesTable(env.Stdout, list, listingWidth(env), *rf.full)
	return ExitOK
}

// jsonRule is a rule as `mcpschema rules --format json` prints it.
type jsonRule struct {
	ID        string `json:"id"`
	Kind      string `json:"kind"`
	Direction string `json:"direction,omitempty"`
	Owner     string `json:"owner"`
	Level     string `json:"level"`
	Severity  string `json:"severity"`
	// SeverityVaries says when a finding gets another severity (Severities lists them all).
	SeverityVaries string   `json:"severityVaries,omitempty"`
	Severities     []string `json:"severities"`
	Versions       []string `json:"protocolVersions"`
	Summary        string   `json:"summary"`
	Doc            string   `json:"doc"`
	Fix            string   `json:"fix"`
}

func ruleJSON(r *rules.Rule) jsonRule {
	vs := r.Versions
	if len(vs) == 0 {
		vs = rules.ProtocolVersions
	}
	sevs := []string{r.Severity.String()}
	for _, a := range r.Also {
		sevs = append(sevs, a.String())
	}
	return jsonRule{ID: r.ID, Kind: string(r.Kind), Direction: string(r.Direction), Owner: r.Owner, Level: string(r.Level), Severity: r.Severity.String(),
		SeverityVaries: r.Varies, Severities: sevs,
		Versions: append([]string(nil), vs...), Summary: r.Summary, Doc: r.Doc, Fix: r.Fix}
}

func writeJSON(env Env, v any) int {
	enc := json.NewEncoder(env.Stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		fmt.Fprintf(env.Stderr, "mcpschema: %v\n", err)
		return ExitUsage
	}
	return ExitOK
}

// writeRulesTable lists the rules in width columns: id, kind, severity and
// the summary, followed by the protocol versions when the rule does not
// apply to all of them and by when its severity varies. By default each
// rule is one line, its summary cut with "…" to fit: when the summary
// column would be narrower than narrowSummary the kind is left out (the
// breaking rules are the compat.* ids), and narrower still the columns are
// not aligned. With full each summary is whole, wrapped under its column,
// or under the rule's line when the width leaves no room for a column.
func writeRulesTable(w io.Writer, list []*rules.Rule, width int, full bool) {
	idW := len("ID")
	for _, r := range list {
		idW = max(idW, len(r.ID))
	}
	const kindW, sevW = len("validation"), len("SEVERITY")
	showKind := width-idW-kindW-sevW-6 >= narrowSummary
	aligned := width-idW-sevW-4 >= narrowSummary/2
	row := func(id, kind, sev string) string {
		switch {
		case showKind:
			return fmt.Sprintf("%-*s  %-*s  %-*s  ", idW, id, kindW, kind, sevW, sev)
		case aligned:
			return fmt.Sprintf("%-*s  %-*s  ", idW, id, sevW, sev)
		}
		return id + "  " + sev + "  "
	}
	head := row("ID", "KIND", "SEVERITY")
	textW := width - len(head)
	if !aligned {
		textW = 0
	}
	fmt.Fprintln(w, fitLine(head+"SUMMARY", width))
	for _, r := range list {
		text := r.Summary
		if full && len(r.Versions) > 0 {
			text += " (" + versionsRange(r.Versions) + ")"
		}
		if full && r.Varies != "" {
			text += " [" + r.Varies + "]"
		}
		left := row(r.ID, string(r.Kind), r.Severity.String())
		switch {
		case !full:
			fmt.Fprintln(w, fitLine(left+text, width))
		case textW >= narrowSummary:
			lines := wrap(text, textW)
			fmt.Fprintln(w, left+lines[0])
			for _, l := range lines[1:] {
				fmt.Fprintf(w, "%*s%s\n", len(head), "", l)
			}
		default:
			fmt.Fprintln(w, fitLine(strings.TrimRight(left, " "), width))
			for _, l := range wrap(text, width-4) {
				fmt.Fprintf(w, "    %s\n", l)
			}
		}
	}
}

// narrowSummary is the narrowest summary column: below it the listing
// leaves out the kind, and --full wraps each summary under its rule.
const narrowSummary = 24

// fitLine cuts line to width runes, ending a cut line with "…"; trailing
// spaces are dropped.
func fitLine(line string, width int) string {
	line = strings.TrimRight(line, " ")
	r := []rune(line)
	if len(r) <= width {
		return line
	}
	return strings.TrimRight(string(r[:width-1]), " ") + "…"
}

// versionsRange writes versions compactly: "2025-06-18+" for every version
// from one on, else the list.
func versionsRange(vs []string) string {
	all := rules.ProtocolVersions
	if n := len(vs); n < len(all) && strings.Join(all[len(all)-n:], ",") == strings.Join(vs, ",") {
		return vs[0] + "+"
	}
	return strings.Join(vs, ", ")
}

// RuleDoc renders one rule's documentation.
func RuleDoc(r *rules.Rule) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n\n%s\n\n", r.ID, r.Summary)
	fmt.Fprintf(&b, "kind:      %s\n", r.Kind)
	if r.Direction != "" {
		fmt.Fprintf(&b, "direction: %s\n", r.Direction)
	}
	fmt.Fprintf(&b, "owner:     %s\nlevel:     %s\nseverity:  %s\nversions:  %s\n\n", r.Owner, r.Level, r.SeverityText(), r.VersionsText())
	fmt.Fprintf(&b, "%s\n\nfix: %s\n", r.Doc, r.Fix)
	return b.String()
}
