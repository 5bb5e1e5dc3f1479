package validate

import (
	"fmt"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// Limits on a whole server's tools. The servers are the one model of
// mcpschema.tool.name.unique-across-files (toolName.server): an MCP
// Description's info.name, a tools/list snapshot's serverInfo.name, and
// one unnamed server for every other file of the run (config server-name
// names it). A server's tools are its distinct tool names per protocol
// version, over every file of the run.
var (
	ClientCursorToolCount = registerClientConstraint(ClientConstraint{
		Profile: ProfileCursor, Name: "tool-count", Consequence: ToolDropped, Observed: "2026-12-03",
		Rejects: "more than 80 tools across the servers it connects to (40 before late 2025)",
		Sources: []ClientSource{
			{"bun913/mcp-testrail#6", "2025-04-02", "Cursor's documentation: \"Currently, Cursor will only send the first 40 tools to the Agent\""},
			{"anyproto/anytype-mcp#5", "2025-06-25", "tools past the first 40 never work in Cursor"},
			{"Snowflake-Labs/mcp#77", "2025-09-02", "Cursor warns when the tool count of all connected servers exceeds 80; the limit was 40 before"},
			{"Snowflake-Labs/mcp#79", "2025-09-03", "\"Cursor, for example, warns at 80, previously 40\""},
			{"DaxianLee/cocos-mcp-server#11", "2026-02-06", "Cursor and Antigravity limit enabled tools to 80 or 100"},
		},
	}, rules.Rule{
		Title: "dropped by Cursor: too many tools", Direction: rules.Tool,
		Summary: "a server has at most 80 tools, the most Cursor gives its agent",
		Doc: "Cursor gives its agent at most 80 tools across every server it is connected to and warns past that (until late 2025 the limit was 40 and only the first 40 tools were sent): a server that alone has more tools than that never has all of them reach the agent, and other servers' tools leave it fewer still. " +
			"Reported once per server, at its first tool past the limit (files in path order).",
		Fix: "let users enable groups of tools (a small default toolset) or split the server",
	})
	ClientVSCodeToolCount = registerClientConstraint(ClientConstraint{
		Profile: ProfileVSCode, Name: "tool-count", Consequence: ToolDropped, Observed: "2026-12-03",
		Rejects: "more than 128 tools in one request, its own and every server's together",
		Sources: []ClientSource{
			{"microsoft/vscode-copilot-release#9375", "2025-05-10", "\"Reason: You may not include more than 128 tools in your request\": the request fails"},
			{"microsoft/vscode-copilot-release#11653", "2025-06-05", "Copilot chat: if (n.tools && n.tools.length > 128) throw new Error(\"Cannot have more than 128 tools per request.\")"},
			{"microsoft/vscode#255585", "2025-07-12", "the same error with 5 servers in mcp.json"},
			{"microsoft/vscode-copilot-release#13065", "2025-07-24", "fixed only by selecting fewer than 128 tools"},
			{"mario-andreschak/mcp-abap-abap-adt-api#13", "2026-07-02", "over the cap VS Code silently loads only a subset of the tools"},
		},
	}, rules.Rule{
		Title: "dropped by VS Code: too many tools", Direction: rules.Tool,
		Summary: "a server has at most 128 tools, the most GitHub Copilot in VS Code sends in a request",
		Doc: "GitHub Copilot chat in VS Code sends at most 128 tools in a request, counting its built-in tools and every server's: with more, the request fails (\"You may not include more than 128 tools in your request\") or, in later versions, only some of the tools are loaded. A server that alone has more than 128 tools always hits it. " +
			"Reported once per server, at its first tool past the limit (files in path order).",
		Fix: "let users enable groups of tools (a small default toolset) or split the server",
	})
)

// serverLimits are the whole-server tool counts checked, in order.
var serverLimits = []struct {
	c   *ClientConstraint
	max int
	// says is what happens past the limit, for messages.
	says string
}{
	{ClientCursorToolCount, 80, "Cursor gives its agent at most 80 tools across every server it connects to (it warns past that; before late 2025 it sent only the first 40)"},
	{ClientVSCodeToolCount, 128, "GitHub Copilot in VS Code sends at most 128 tools in a request, its own and every server's together (more fail the request, \"You may not include more than 128 tools in your request\", or only some are loaded)"},
}

// ServerTools is what one file contributes to its server's tool list.
type ServerTools struct{ names []toolName }

// ServerTools is what the checked file contributes to its server's tool list.
func (r Result) ServerTools() ServerTools { return ServerTools{names: r.names} }

// ServerToolsOf lists what f contributes to its server's tool list
// without checking it (a base revision's file), with the protocol
// versions opts gives a file that declares none.
func ServerToolsOf(f *source.File, opts Options) ServerTools {
	if f == nil || f.Fatal() {
		return ServerTools{}
	}
	opts = opts.withDefaults()
	fc := &FileContext{File: f, Opts: opts, Versions: fileVersions(f, opts)}
	for _, t := range f.Tools {
		fc.Tools = append(fc.Tools, &ToolContext{FileContext: fc, Tool: t, Versions: effectiveVersions(t, fc.Versions)})
	}
	return ServerTools{names: toolNames(fc, false)} // a base file's names are never compared across files
}

// serverTally counts one server's distinct tool names for one protocol
// version and keeps the tools at the positions the limits need.
type serverTally struct {
	seen map[string]bool
	n    int
	// at are the tools counted at the limits' positions (index = limit).
	at map[int]*toolName
}

type serverVersion struct{ server, version string }

// tallyServers counts the distinct tool names of each server per version.
// The servers appear in order of their first tool.
func tallyServers(files [][]toolName, keep map[int]bool) (map[serverVersion]*serverTally, []string) {
	tallies := map[serverVersion]*serverTally{}
	seenServer := map[string]bool{}
	var servers []string
	for _, names := range files {
		for i := range names {
			d := &names[i]
			if !seenServer[d.server] {
				seenServer[d.server] = true
				servers = append(servers, d.server)
			}
			vs := d.versions
			if len(vs) == 0 {
				vs = []string{""}
			}
			for _, v := range vs {
				k := serverVersion{d.server, v}
				t := tallies[k]
				if t == nil {
					t = &serverTally{seen: map[string]bool{}, at: map[int]*toolName{}}
					tallies[k] = t
				}
				if t.seen[d.name] {
					continue
				}
				t.seen[d.name] = true
				if keep[t.n] {
					t.at[t.n] = d
				}
				t.n++
			}
		}
	}
	return tallies, servers
}

// checkServerLimits reports each server with more tools than a client
// takes, once per server and limit, at the first tool past it. With base
// (a run with a base revision), a server already over the limit at the
// base is reported pre-existing.
func checkServerLimits(results []Result, opts Options, base []ServerTools) []report.Finding {
	keep := map[int]bool{}
	active := false
	for _, l := range serverLimits {
		if opts.clientActive(l.c.Profile) {
			keep[l.max], active = true, true
		}
	}
	if !active {
		return nil
	}
	files := make([][]toolName, len(results))
	for i := range results {
		files[i] = results[i].names
	}
	head, servers := tallyServers(files, keep)
	var was map[serverVersion]*serverTally
	if base != nil {
		bfiles := make([][]toolName, len(base))
		for i := range base {
			bfiles[i] = base[i].names
		}
		was, _ = tallyServers(bfiles, nil)
	}
	var out []report.Finding
	for _, l := range serverLimits {
		if !opts.clientActive(l.c.Profile) {
			continue
		}
		for _, s := range servers {
			var over []string
			most, at := 0, (*toolName)(nil)
			existing := false
			scoped := 0 // the versions the server has tools for
			for _, v := range append(append([]string(nil), rules.ProtocolVersions...), "") {
				t := head[serverVersion{s, v}]
				if t != nil && v != "" {
					scoped++
				}
				if t == nil || t.n <= l.max {
					continue
				}
				if v != "" {
					over = append(over, v)
				}
				if t.n > most {
					most, at = t.n, t.at[l.max]
				}
				if b := was[serverVersion{s, v}]; b != nil && b.n > l.max {
					existing = true
				}
			}
			if at == nil {
				continue
			}
			scope := ""
			if len(over) > 0 && len(over) < scoped {
				scope = " for " + versionsText(over)
			}
			out = append(out, report.Finding{Rule: l.c.Rule.ID, Severity: l.c.Rule.Severity,
				File: at.file, Pointer: at.pointer(), Line: int(at.line), Column: int(at.column), Tool: at.name, ToolPointer: at.toolPtr,
				ProtocolVersions: over, PreExisting: existing,
				Message: fmt.Sprintf("%s has %d tools%s, and %s: %s, the %s, and every tool after it may never reach the model, fewer with other servers connected; %s",
					serverLabel(s, opts.ServerName), most, scope, l.says, quote(at.name), ordinal(l.max+1), l.c.Rule.Fix)})
		}
	}
	return out
}

// serverLabel names a server in messages.
func serverLabel(server, configured string) string {
	switch {
	case server != "":
		return fmt.Sprintf("server %q", server)
	case configured != "":
		return fmt.Sprintf("server %q (server-name in the config)", configured)
	}
	return "the server of this run's tool files (one server: no info.name or serverInfo.name)"
}

// ordinal writes 81 as "81st".
func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprintf("%d%s", n, suffix)
}
