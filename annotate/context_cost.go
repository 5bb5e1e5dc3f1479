package annotate

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mcpschema/mcpschema/internal/limits"
	"github.com/mcpschema/mcpschema/internal/report"
)

// Bounds of the context cost in Markdown: the servers listed, and the
// tools whose cost changed most.
const (
	costServersShown = 10
	costChangesShown = 5
)

// contextCostMarkdown says what the tool definitions cost a model's
// context, per server, and with a base what the pull request changes:
// "Tool definitions: 12,400 tokens (+2,300 in this pull request)", then the
// tools that changed most. "" when nothing was counted.
func contextCostMarkdown(cc *report.ContextCost) string {
	if cc == nil || len(cc.Servers) == 0 {
		return ""
	}
	var b strings.Builder
	enc := fmt.Sprintf("sent to the model on every turn (counted with %s; other models count differently)", mdCode(cc.Encoding))
	if len(cc.Servers) == 1 {
		s := cc.Servers[0]
		fmt.Fprintf(&b, "\n**Tool definitions%s: %s**, %s.\n", namedServer(s.Server), serverTokens(s), enc)
	} else {
		fmt.Fprintf(&b, "\n**Tool definitions**, %s:\n", enc)
		for i, s := range cc.Servers {
			if i == costServersShown {
				fmt.Fprintf(&b, "- and %d more servers (see the JSON report)\n", len(cc.Servers)-i)
				break
			}
			name := "the run's unnamed server"
			if s.Server != "" {
				name = "server " + mdCode(s.Server)
			}
			fmt.Fprintf(&b, "- %s: %s\n", name, serverTokens(s))
		}
	}
	if cc.Incomplete {
		b.WriteString("\nNot every tool was counted: the run's time budget (" + limits.RunTimeout.Config() + ") ran out first, so these totals are lower bounds.\n")
	}
	if ch := costChanges(cc); ch != "" {
		b.WriteString("\n" + ch + "\n")
	}
	return b.String()
}

// serverTokens is "12,400 tokens (+2,300 in this pull request)", with the
// budget when the config sets one.
func serverTokens(s report.ServerCost) string {
	t := report.Thousands(s.Tokens) + " tokens"
	if d, ok := s.Delta(); ok {
		t += fmt.Sprintf(" (%s in this pull request)", report.SignedThousands(d))
	}
	if s.MaxTokens > 0 {
		t += fmt.Sprintf(" of max-tokens %s", report.Thousands(s.MaxTokens))
	}
	return t
}

func namedServer(server string) string {
	if server == "" {
		return ""
	}
	return " of server " + mdCode(server)
}

// costChanges names the tools whose cost changed most in the pull request
// (new and removed tools included), "" without a base or a change.
func costChanges(cc *report.ContextCost) string {
	if !cc.Compared {
		return ""
	}
	type change struct {
		tool  report.ToolCost
		delta int
	}
	var all []change
	for _, s := range cc.Servers {
		for _, t := range s.Tools {
			if d := t.Delta(); d != 0 {
				all = append(all, change{t, d})
			}
		}
	}
	if len(all) == 0 {
		return ""
	}
	abs := func(n int) int { return max(n, -n) }
	sort.SliceStable(all, func(i, j int) bool { return abs(all[i].delta) > abs(all[j].delta) })
	var parts []string
	for _, c := range all[:min(len(all), costChangesShown)] {
		p := fmt.Sprintf("%s %s", mdCode(c.tool.Name), report.SignedThousands(c.delta))
		switch {
		case c.tool.Removed:
			p += " (removed)"
		case c.tool.BaseTokens == nil:
			p += " (new)"
		}
		parts = append(parts, p)
	}
	more := ""
	if len(all) > costChangesShown {
		more = fmt.Sprintf(" and %d more", len(all)-costChangesShown)
	}
	return "Largest changes: " + strings.Join(parts, ", ") + more + "."
}
