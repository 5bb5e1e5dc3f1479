package service

import (
	"fmt"
	"strings"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
	"github.com/mcpschema/mcpschema/validate"
)

// Which clients count (issue 28): the findings of a client profile's
// rules (client.<profile>.*) are warnings for the default profiles when
// clients: names none of them, and not shown at all for the others; a
// profile named in clients: (or --client, or the action's clients input)
// is a target, whose findings are errors, so an incompatibility a pull
// request introduces fails the gate, while one the base already has is
// reported apart like every pre-existing finding. An explicit severity in
// rules: wins over both. On a pull request the base config decides.

// readClients reads clients: a list of profile ids (or one string of
// comma-separated ids).
func (c *Config) readClients(v any, ptr string) error {
	ids, err := c.stringList(v, ptr)
	if err != nil {
		return c.errAt(ptr, "clients must be a list of client profiles: "+strings.Join(validate.ClientIDs(), ", "))
	}
	for i, id := range ids {
		if err := CheckClient(id); err != nil {
			at := ptr
			if _, isList := v.([]any); isList {
				at = source.JoinIndex(ptr, i)
			}
			return c.errAt(at, err.Error())
		}
	}
	c.Clients = ids
	if c.Clients == nil {
		c.Clients = []string{}
	}
	return nil
}

// serverName reads server-name: the name users give the server.
func (c *Config) serverName(v any, ptr string) (string, error) {
	s, ok := v.(string)
	if !ok || strings.TrimSpace(s) == "" {
		return "", c.errAt(ptr, fmt.Sprintf("server-name must be the name of the server, as users name it in their client's configuration, not %s", configValueText(v)))
	}
	return s, nil
}

// CheckClient says what is wrong with a client profile id ("" when it is known).
func CheckClient(id string) error {
	if _, ok := validate.LookupClient(id); ok {
		return nil
	}
	return fmt.Errorf("unknown client %q%s", id, UnknownHint(id, validate.ClientIDs(), "%q", "use "+strings.Join(validate.ClientIDs(), ", ")))
}

// isTarget reports whether clients: (or its override) names the profile.
func (c *Config) isTarget(id string) bool {
	for _, t := range c.Clients {
		if t == id {
			return true
		}
	}
	return false
}

// clientSeverity is the severity the clients policy gives a finding of a
// client rule, and whether it is shown; any other finding keeps its own.
func (c *Config) clientSeverity(f report.Finding) (rules.Severity, bool) {
	cc, ok := validate.ClientOfRule(f.Rule)
	switch {
	case !ok:
		return f.Severity, true
	case c.isTarget(cc.Profile.ID):
		return rules.Error, true
	case cc.Profile.Default:
		return f.Severity, true
	}
	return rules.Off, false
}

// checkedClients are the profiles whose constraints a run under c checks:
// the defaults, the targets and those with a rule given a severity in
// rules:.
func (c *Config) checkedClients() []string {
	var out []string
	for _, p := range validate.ClientProfiles() {
		on := p.Default || c.isTarget(p.ID)
		for _, cc := range validate.ClientConstraints() {
			if sev, set := c.Severity[cc.Rule.ID]; set && cc.Profile == p {
				on = on || sev != rules.Off
			}
		}
		if on {
			out = append(out, p.ID)
		}
	}
	return out
}

// runClients are the profiles checked in a run: those of the applied
// config and, on a pull request, those of its changed config too, so
// that the config change note can say what the change would report.
func runClients(applied *Config, tc *trustedConfig) []string {
	out := applied.checkedClients()
	if tc != nil && tc.Proposed != nil {
		seen := map[string]bool{}
		for _, id := range out {
			seen[id] = true
		}
		for _, id := range tc.Proposed.checkedClients() {
			if !seen[id] {
				out = append(out, id)
			}
		}
	}
	if out == nil {
		out = []string{}
	}
	return out
}

// newForTarget rewrites the message of a finding the pull request
// introduces for a target client: it says what the change does first.
func newForTarget(f *report.Finding, cfg *Config) {
	cc, ok := validate.ClientOfRule(f.Rule)
	if !ok || !cfg.baseRun || f.PreExisting || f.Severity != rules.Error || !cfg.isTarget(cc.Profile.ID) {
		return
	}
	tool := "a tool"
	if f.Tool != "" {
		tool = fmt.Sprintf("%q", f.Tool)
	}
	what := fmt.Sprintf("this pull request makes %s unusable in %s", tool, cc.Profile.Name)
	switch cc.Consequence {
	case validate.ListRejected:
		what = fmt.Sprintf("this pull request makes %s reject the server's whole tool list (at %s)", cc.Profile.Name, tool)
	case validate.NameCut:
		what = fmt.Sprintf("this pull request makes %s cut the name of %s", cc.Profile.Name, tool)
	case validate.ToolDropped:
		what = fmt.Sprintf("this pull request makes %s drop %s", cc.Profile.Name, tool)
	}
	f.Message = what + " (clients: " + cc.Profile.ID + "): " + f.Message
}

// dropRestated removes a finding that says what a client rule's finding
// says at the same place for the same tool (a protocol shape rule the
// client enforces too), keeping the more severe one, and on a tie the
// client's, which names the consequence.
func dropRestated(fs []report.Finding) []report.Finding {
	type place struct{ rule, tool, file, ptr string }
	at := func(f report.Finding) string { return strings.TrimSuffix(f.Pointer, "/type") }
	clients := map[place]rules.Severity{}
	restating := map[string]bool{}
	for _, f := range fs {
		cc, ok := validate.ClientOfRule(f.Rule)
		if !ok {
			continue
		}
		for _, r := range cc.Restates {
			restating[r.ID] = true
			k := place{r.ID, f.Tool, f.File, at(f)}
			if s, seen := clients[k]; !seen || f.Severity > s {
				clients[k] = f.Severity
			}
		}
	}
	if len(restating) == 0 {
		return fs
	}
	shadowed := map[place]bool{} // client findings a more severe protocol finding shadows
	out := fs[:0]
	for _, f := range fs {
		if restating[f.Rule] {
			if s, ok := clients[place{f.Rule, f.Tool, f.File, at(f)}]; ok {
				if f.Severity <= s {
					continue
				}
				shadowed[place{"", f.Tool, f.File, at(f)}] = true
			}
		}
		out = append(out, f)
	}
	if len(shadowed) == 0 {
		return out
	}
	kept := out[:0]
	for _, f := range out {
		if cc, ok := validate.ClientOfRule(f.Rule); ok && len(cc.Restates) > 0 && shadowed[place{"", f.Tool, f.File, at(f)}] {
			continue
		}
		kept = append(kept, f)
	}
	return kept
}
