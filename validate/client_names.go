package validate

import (
	"fmt"
	"strings"
	"unicode/utf16"

	"github.com/mcpschema/mcpschema/internal/rules"
)

// Clients that put the server's name before each tool's name and limit the
// result. The server's name there is the one users give it in their
// client's configuration (the key in Cursor's mcp.json, the server's label
// in VS Code), which the tool files do not hold: config server-name says
// it, and without it the shortest name (one character) is assumed, so a
// finding is certain whatever users call the server.
var (
	ClientCursorToolName = registerClientConstraint(ClientConstraint{
		Profile: ProfileCursor, Name: "tool-name-length", Consequence: ToolDropped, Observed: "2026-12-03",
		Rejects: "a tool whose server name and tool name together have 60 characters or more",
		Sources: []ClientSource{
			{"idosal/git-mcp#31", "2025-04-06", "\"Combined server and tool name length (63) exceeds 60 characters\""},
			{"sparfenyuk/mcp-proxy#45", "2025-04-08", "Cursor limits the combined server and tool name to 60 characters"},
			{"aashari/mcp-server-atlassian-confluence#16", "2025-04-29", "\"Some tools have naming issues and may be filtered out\": the tool is not available"},
			{"executeautomation/mcp-playwright#145", "2025-06-17", "Cursor suppresses any tool whose server name + tool name exceeds 60 characters"},
			{"awslabs/mcp#1283", "2025-09-15", "Cursor 1.6.14 filters the tools out; they cannot be called"},
			{"ComposioHQ/composio#2788", "2026-02-27", "server \"g\" (1) + a 59-character tool name: \"length (60) exceeds 60 characters\", filtered out: 60 is already too long"},
		},
	}, rules.Rule{
		Title: "dropped by Cursor: name too long", Direction: rules.Tool,
		Summary: "a tool's name and its server's name together have fewer than 60 characters",
		Doc: "Cursor filters out a tool when the name of its server (the key users give it in mcp.json) and the tool's name together have 60 characters or more (\"Combined server and tool name length (60) exceeds 60 characters\"): the agent never sees the tool. " +
			"The server's name is config server-name when set; otherwise a one-character name is assumed, so a tool name of 59 characters or more is always reported.",
		Fix: "shorten the tool name (or the server name your README suggests) so that both together stay under 60 characters",
	})
	ClientVSCodeToolName = registerClientConstraint(ClientConstraint{
		Profile: ProfileVSCode, Name: "tool-name-length", Consequence: NameCut, Observed: "2026-12-03",
		Rejects: "a tool name longer than what is left of 64 characters after VS Code's prefix \"mcp_<server>_\"",
		Sources: []ClientSource{
			{"microsoft/vscode#243602", "2025-03-14", "prefixed tool names over 64 characters caused 400 errors; VS Code cuts them since"},
			{"microsoft/vscode src/vs/workbench/contrib/mcp/common/mcpServer.ts (McpTool, McpPrefixGenerator)", "2026-12-03", "id = (prefix + name).replaceAll('.', '_').slice(0, McpToolName.MaxLength = 64); prefix = \"mcp_\" + the lower-cased server label with runs outside [a-z0-9_.-] as \"_\", cut so that the prefix has at most 18 characters, + \"_\""},
		},
	}, rules.Rule{
		Title: "cut by VS Code: name too long", Direction: rules.Tool,
		Summary: "a tool's name fits in 64 characters after VS Code's prefix \"mcp_<server>_\"",
		Doc: "VS Code names each MCP tool \"mcp_\" + its server's label (lower case, at most 13 characters) + \"_\" + the tool's name, with dots as underscores, and cuts the result to 64 characters: the model sees a cut name, and two tools that differ only after the cut look the same. " +
			"The server's label is config server-name when set; otherwise the shortest prefix (\"mcp_\" + one character + \"_\") is assumed, so a tool name of 59 characters or more is always reported.",
		Fix: "shorten the tool name so that the prefixed name stays within 64 characters",
	})
)

// utf16Len is the length of s as JavaScript counts it (the clients that
// apply these limits are written in TypeScript).
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n += max(utf16.RuneLen(r), 1)
	}
	return n
}

// utf16Cut returns the longest prefix of s of at most n UTF-16 units.
func utf16Cut(s string, n int) string {
	used := 0
	for i, r := range s {
		w := max(utf16.RuneLen(r), 1)
		if used+w > n {
			return s[:i]
		}
		used += w
	}
	return s
}

// vscodePrefix is the prefix VS Code puts before the tools of a server
// with the given label ("mcp_" + label, lower case, runs of other
// characters than [a-z0-9_.-] as "_", cut to 13 characters, + "_").
func vscodePrefix(label string) string {
	var b strings.Builder
	run := false
	for _, r := range strings.ToLower(label) {
		if 'a' <= r && r <= 'z' || '0' <= r && r <= '9' || r == '_' || r == '.' || r == '-' {
			b.WriteRune(r)
			run = false
		} else if !run {
			b.WriteByte('_')
			run = true
		}
	}
	return "mcp_" + utf16Cut(b.String(), 13) + "_"
}

func checkClientToolNames(c *ToolContext) {
	if !c.Tool.HasName {
		return
	}
	name, server := c.Tool.Name, c.Opts.ServerName
	n := utf16Len(name)
	if c.Opts.clientActive(ProfileCursor) {
		sl, with := utf16Len(server), fmt.Sprintf("with the server name %s (server-name in the config)", quote(server))
		if server == "" {
			sl, with = 1, "even with a one-character server name in mcp.json"
		}
		if sl+n >= 60 {
			c.Report(ClientCursorToolName.Rule, c.Ptr("name"), nil,
				"tool %s: its name has %d characters, and Cursor filters out a tool whose server name and name together reach 60 characters (%d %s): the agent never sees it; shorten the name to at most %d characters",
				quote(name), n, sl+n, with, max(59-sl, 1))
		}
	}
	if c.Opts.clientActive(ProfileVSCode) {
		prefix, with := vscodePrefix(server), fmt.Sprintf("with the server label %s (server-name in the config)", quote(server))
		if server == "" {
			prefix, with = "mcp_s_", "even with a one-character server label"
		}
		id := strings.ReplaceAll(prefix+name, ".", "_")
		if utf16Len(id) > 64 {
			left := 64 - utf16Len(prefix)
			c.Report(ClientVSCodeToolName.Rule, c.Ptr("name"), nil,
				"tool %s: VS Code names it %s + its name and cuts that to 64 characters (%s), so the model sees %s and loses %s: shorten the name to at most %d characters",
				quote(name), quote(prefix), with, quote(utf16Cut(id, 64)), quote(strings.TrimPrefix(id, utf16Cut(id, 64))), left)
		}
	}
}
