package validate

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mcpschema/mcpschema/internal/rules"
)

// A tool can be valid MCP and still be unusable in a client: the client
// forwards it to a model API with stricter rules, or applies limits of its
// own. Each such constraint is one record here (ClientConstraint): which
// client, what it rejects, what happens then, the public sources that show
// it and the day it was checked against them. Every record is a registry
// rule "client.<profile>.<constraint>", so `mcpschema rules`, SARIF, the
// rule table of docs/rules.md and config validation list it like any other
// rule, and `mcpschema rules --clients` lists the profiles with their sources.
//
// Precision first: a constraint says only what its sources show the
// client rejects (gemini-cli removed an over-strict check of its own, PR
// 9574, because false alarms cost users as much as misses).

// ClientProfile is one MCP client, or the model API clients forward tools
// to, whose limits tools are checked against.
type ClientProfile struct {
	// ID is the profile's name in clients:, --client and the rule ids.
	ID string
	// Name names the client in messages ("Claude").
	Name string
	// Covers says which hosts and APIs the profile stands for.
	Covers string
	// Default: its findings are warnings when no clients are named; a
	// profile that is not a default is checked only when it is named.
	Default bool
}

// Consequence is what a client does with a tool that breaks one of its
// constraints.
type Consequence string

// Consequences.
const (
	// RequestFails: the model API rejects the request that lists the tool,
	// so every request of a session fails while the tool is listed.
	RequestFails Consequence = "the whole request fails"
	// ListRejected: the client rejects the server's whole tools/list result.
	ListRejected Consequence = "the whole tool list is rejected"
	// ToolDropped: the client leaves the tool (or the tools past a limit) out.
	ToolDropped Consequence = "the tool is dropped"
	// NameCut: the client cuts the tool's name.
	NameCut Consequence = "the name is cut"
)

// ClientSource is public evidence of a constraint.
type ClientSource struct {
	// Ref names it: "owner/repo#123" (an issue or pull request) or the
	// file of the client's source it was read in.
	Ref string
	// Date is when the report was filed or the source committed (YYYY-MM-DD).
	Date string
	// Shows is what it shows, in a few words.
	Shows string
}

// ClientConstraint is one constraint of a client profile.
type ClientConstraint struct {
	Profile *ClientProfile
	// Name is the constraint's part of the rule id.
	Name string
	// Rejects says what the client rejects.
	Rejects string
	// Consequence says what happens then.
	Consequence Consequence
	// Sources are the public reports and source files that show it.
	Sources []ClientSource
	// Observed is the day the constraint was last checked against its sources.
	Observed string
	// Restates are the protocol rules that report the same place for the
	// same reason (a shape the client enforces too): where both report, the
	// more severe finding is kept, and on a tie the client's.
	Restates []*rules.Rule
	// Rule is the constraint's registry rule.
	Rule *rules.Rule
}

// The client profiles.
var (
	ProfileAnthropic = &ClientProfile{ID: "anthropic", Name: "Claude", Default: true,
		Covers: "the Anthropic Messages API and every host that forwards MCP tools to it: Claude Code, Claude Desktop, claude.ai connectors, the Claude add-ins, agents built on the API"}
	ProfileTSSDK = &ClientProfile{ID: "mcp-ts-sdk", Name: "the MCP TypeScript SDK client", Default: true,
		Covers: "clients built on the MCP TypeScript SDK 1.x (@modelcontextprotocol/sdk, protocol versions up to 2025-11-25; 2.x where it says so), which validate every tools/list result before the host sees it"}
	ProfileCursor = &ClientProfile{ID: "cursor", Name: "Cursor", Default: true,
		Covers: "the Cursor editor's agent"}
	ProfileVSCode = &ClientProfile{ID: "vscode", Name: "VS Code", Default: true,
		Covers: "VS Code's MCP support and GitHub Copilot chat in VS Code (and the Copilot plugins that share its request limits)"}
	ProfileOpenAIStrict = &ClientProfile{ID: "openai-strict", Name: "OpenAI strict function calling",
		Covers: "OpenAI function calling with \"strict\": true (the default of some SDKs and hosts, e.g. the Responses API helpers), which accepts a subset of JSON Schema"}
	ProfileGemini = &ClientProfile{ID: "gemini", Name: "the Gemini API",
		Covers: "Gemini API function declarations given as \"parameters\" (the OpenAPI 3.0 Schema subset of generativelanguage v1beta), as hosts and proxies that convert MCP tools for Gemini send them; gemini-cli sends parametersJsonSchema and is not held to this"}
)

// clientProfiles lists every profile, in the order they are shown.
var clientProfiles = []*ClientProfile{ProfileAnthropic, ProfileTSSDK, ProfileCursor, ProfileVSCode, ProfileOpenAIStrict, ProfileGemini}

// clientConstraints are the registered constraints, in registration
// order, and byClientRule the same by rule id.
var (
	clientConstraints []*ClientConstraint
	byClientRule      = map[string]*ClientConstraint{}
)

// ClientProfiles returns every profile, defaults first.
func ClientProfiles() []*ClientProfile { return append([]*ClientProfile(nil), clientProfiles...) }

// ClientIDs are the ids of every profile.
func ClientIDs() []string {
	out := make([]string, len(clientProfiles))
	for i, p := range clientProfiles {
		out[i] = p.ID
	}
	return out
}

// LookupClient returns the profile with the given id.
func LookupClient(id string) (*ClientProfile, bool) {
	for _, p := range clientProfiles {
		if p.ID == id {
			return p, true
		}
	}
	return nil, false
}

// ClientConstraints returns every constraint, sorted by rule id.
func ClientConstraints() []*ClientConstraint {
	out := append([]*ClientConstraint(nil), clientConstraints...)
	sort.Slice(out, func(i, j int) bool { return out[i].Rule.ID < out[j].Rule.ID })
	return out
}

// ClientOfRule returns the constraint whose rule has the given id.
func ClientOfRule(id string) (*ClientConstraint, bool) {
	c, ok := byClientRule[id]
	return c, ok
}

// registerClientConstraint registers c's rule from r (Summary, Doc, Fix,
// Title, Direction, Versions): the id, owner, level and severity follow
// from the profile, and the doc ends with what happens and the sources.
func registerClientConstraint(c ClientConstraint, r rules.Rule) *ClientConstraint {
	r.ID = "client." + c.Profile.ID + "." + c.Name
	r.Owner, r.Level = "client", rules.Must
	if c.Profile.Default {
		r.Severity, r.Also = rules.Warning, []rules.Severity{rules.Error}
		r.Varies = fmt.Sprintf("error when clients: names %s", c.Profile.ID)
	} else {
		r.Severity = rules.Error
		r.Varies = fmt.Sprintf("reported only when clients: names %s", c.Profile.ID)
	}
	var b strings.Builder
	b.WriteString(r.Doc)
	fmt.Fprintf(&b, " What happens: %s. Client: %s (%s).", c.Consequence, c.Profile.Name, c.Profile.Covers)
	b.WriteString(" Sources (checked ")
	b.WriteString(c.Observed)
	b.WriteString("):")
	for i, s := range c.Sources {
		if i > 0 {
			b.WriteString(";")
		}
		fmt.Fprintf(&b, " %s (%s): %s", s.Ref, s.Date, s.Shows)
	}
	b.WriteString(".")
	r.Doc = b.String()
	c.Rule = rules.New(r)
	cc := &c
	clientConstraints = append(clientConstraints, cc)
	byClientRule[cc.Rule.ID] = cc
	return cc
}

// clientActive reports whether the profile's checks run in this run.
func (o Options) clientActive(p *ClientProfile) bool {
	if o.Clients == nil {
		return p.Default
	}
	for _, id := range o.Clients {
		if id == p.ID {
			return true
		}
	}
	return false
}
