package app

import (
	"fmt"
	"io"
	"strings"

	"github.com/mcpschema/mcpschema/cmd/internal/service"
)

// runClients implements `mcpschema rules --clients [--format text|json]
// [PROFILE]`: the client profiles, each constraint with what happens, its
// rule, its sources and the day they were checked (service.ClientProfiles:
// the records of validate's client_*.go, which are also registry rules).
func runClients(args []string, format string, env Env) int {
	if len(args) > 1 {
		fmt.Fprintf(env.Stderr, "mcpschema rules --clients: give at most one client profile, got %d: run 'mcpschema help rules'\n", len(args))
		return ExitUsage
	}
	profiles := service.ClientProfiles()
	if len(args) == 1 {
		p, ok := service.LookupClient(args[0])
		if !ok {
			fmt.Fprintf(env.Stderr, "mcpschema: unknown client %q%s\n", args[0], unknownHint(args[0], service.ClientIDs(), "%q", "run 'mcpschema rules --clients' for the list"))
			return ExitUsage
		}
		profiles = []service.ClientProfile{p}
	}
	if format == "json" {
		out := make([]jsonClient, len(profiles))
		for i, p := range profiles {
			out[i] = clientJSON(p)
		}
		return writeJSON(env, out)
	}
	writeClients(env.Stdout, profiles)
	return ExitOK
}

// jsonClient is a profile as `mcpschema rules --clients --format json` prints it.
type jsonClient struct {
	ID          string               `json:"id"`
	Name        string               `json:"name"`
	Covers      string               `json:"covers"`
	Default     bool                 `json:"default"`
	Constraints []jsonClientRuleData `json:"constraints"`
}

// jsonClientRuleData is one constraint of a profile.
type jsonClientRuleData struct {
	Rule        string             `json:"rule"`
	Rejects     string             `json:"rejects"`
	Consequence string             `json:"consequence"`
	Observed    string             `json:"observed"`
	Sources     []jsonClientSource `json:"sources"`
}

type jsonClientSource struct {
	Ref   string `json:"ref"`
	Date  string `json:"date"`
	Shows string `json:"shows"`
}

func clientJSON(p service.ClientProfile) jsonClient {
	out := jsonClient{ID: p.ID, Name: p.Name, Covers: p.Covers, Default: p.Default, Constraints: []jsonClientRuleData{}}
	for _, c := range p.Constraints {
		d := jsonClientRuleData{Rule: c.Rule.ID, Rejects: c.Rejects, Consequence: string(c.Consequence), Observed: c.Observed}
		for _, s := range c.Sources {
			d.Sources = append(d.Sources, jsonClientSource{Ref: s.Ref, Date: s.Date, Shows: s.Shows})
		}
		out.Constraints = append(out.Constraints, d)
	}
	return out
}

// writeClients lists the profiles in helpWidth columns.
func writeClients(w io.Writer, profiles []service.ClientProfile) {
	indent := func(prefix string, text string) {
		for i, l := range wrap(text, helpWidth-len(prefix)) {
			if i == 0 {
				fmt.Fprintf(w, "%s%s\n", prefix, l)
			} else {
				fmt.Fprintf(w, "%s%s\n", strings.Repeat(" ", len(prefix)), l)
			}
		}
	}
	for i, p := range profiles {
		if i > 0 {
			fmt.Fprintln(w)
		}
		counts := "checked only when named in clients: (then errors)"
		if p.Default {
			counts = "checked by default (warnings; errors when named in clients:)"
		}
		indent("", fmt.Sprintf("%s: %s, %s", p.ID, p.Name, counts))
		indent("  ", p.Covers)
		for _, c := range p.Constraints {
			fmt.Fprintln(w)
			fmt.Fprintf(w, "  %s\n", c.Rule.ID)
			indent("    rejects:  ", c.Rejects)
			indent("    then:     ", string(c.Consequence))
			fmt.Fprintf(w, "    checked:  %s, against:\n", c.Observed)
			for _, s := range c.Sources {
				indent("      - ", fmt.Sprintf("%s (%s): %s", s.Ref, s.Date, s.Shows))
			}
		}
	}
	fmt.Fprintln(w)
	indent("", "name the clients that count in .mcpschema.yaml (clients: [anthropic, cursor]), with --client or with the action's clients input; 'mcpschema rules ID' prints a rule's documentation.")
}
