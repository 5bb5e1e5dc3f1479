package app

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/mcpschema/mcpschema/internal/rules"
)

// rulesFlags are the flags of `mcpschema rules`.
type rulesFlags struct {
	format  *string
	clients *bool
}

// rulesFormats are the formats `mcpschema rules` prints.
var rulesFormats = []string{"text", "json"}

func newRulesFlags(fs *flag.FlagSet) *rulesFlags {
	return &rulesFlags{format: fs.String("format", "text", "output `format`: text (fits 100 columns) or json (every field)"),
		clients: fs.Bool("clients", false, "list the client profiles instead: what each MCP client rejects, what happens then, the sources and the day they were checked (ID: one profile)")}
}

// runRules implements `mcpschema rules [--format text|json] [ID]`.
func runRules(args []string, env Env) int {
	fs := newFlagSet("rules")
	rf := newRulesFlags(fs)
	args, code, ok := parseCommandFlags("rules", fs, args, env)
	if !ok {
		return code
	}
	if *rf.format != "text" && *rf.format != "json" {
		fmt.Fprintf(env.Stderr, "mcpschema rules: unknown format %q%s\n", *rf.format, unknownHint(*rf.format, rulesFormats, "%q", "use text or json"))
		return ExitUsage
	}
	if *rf.clients {
		return runClients(args, *rf.format, env)
	}
	if len(args) > 1 {
		fmt.Fprintf(env.Stderr, "mcpschema rules: give at most one rule id, got %d: run 'mcpschema help rules'\n", len(args))
		return ExitUsage
	}
	list := rules.All()
	if len(args) == 1 {
		r, ok := rules.Lookup(args[0])
		if !ok {
			ids := make([]string, len(list))
			for i, r := range list {
				ids[i] = r.ID
			}
			fmt.Fprintf(env.Stderr, "mcpschema: unknown rule %q%s\n", args[0], unknownHint(args[0], ids, "%s", "run 'mcpschema rules' for the list"))
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
	writeRulesTable(env.Stdout, list)
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

// writeRulesTable lists the rules in helpWidth columns: id, severity and
// the summary, wrapped under its column, followed by the protocol versions
// when the rule does not apply to all of them.
func writeRulesTable(w io.Writer, list []*rules.Rule) {
	idW := len("ID")
	for _, r := range list {
		idW = max(idW, len(r.ID))
	}
	const kindW, sevW = len("validation"), len("SEVERITY")
	textW := max(helpWidth-idW-kindW-sevW-6, 30)
	fmt.Fprintf(w, "%-*s  %-*s  %-*s  %s\n", idW, "ID", kindW, "KIND", sevW, "SEVERITY", "SUMMARY")
	for _, r := range list {
		text := r.Summary
		if len(r.Versions) > 0 {
			text += " (" + versionsRange(r.Versions) + ")"
		}
		if r.Varies != "" {
			text += " [" + r.Varies + "]"
		}
		lines := wrap(text, textW)
		fmt.Fprintf(w, "%-*s  %-*s  %-*s  %s\n", idW, r.ID, kindW, r.Kind, sevW, r.Severity, lines[0])
		for _, l := range lines[1:] {
			fmt.Fprintf(w, "%*s%s\n", idW+kindW+sevW+6, "", l)
		}
	}
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
