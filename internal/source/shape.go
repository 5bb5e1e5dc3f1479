package source

import (
	"fmt"

	"github.com/mcpschema/mcpschema/internal/limits"
	"github.com/mcpschema/mcpschema/internal/mcpdesc"
	"github.com/mcpschema/mcpschema/internal/serverjson"
)

// Shape says how a file lays out its tools.
type Shape string

// Recognised file shapes.
const (
	// ShapeDescription is an MCP Description document (root object with "mcpdesc").
	ShapeDescription Shape = "mcp-description"
	// ShapeListResult is a tools/list result {"tools": [...]}.
	ShapeListResult Shape = "tools-list-result"
	// ShapeJSONRPC is a JSON-RPC response whose result is a tools/list result.
	ShapeJSONRPC Shape = "json-rpc-response"
	// ShapeArray is a bare JSON array of tool objects.
	ShapeArray Shape = "tool-array"
	// ShapeTool is a single tool object (for example a __toolsnaps__ snapshot).
	ShapeTool Shape = "tool"
	// ShapeServerJSON is an MCP Registry server.json: its "$schema" names
	// the registry's server schema, or the run was told it is one
	// (AsServerJSON). It holds no tools.
	ShapeServerJSON Shape = "server-json"
	// ShapeUnknown is JSON or YAML that holds no tool definitions.
	ShapeUnknown Shape = "unknown"
	// ShapeText is a file that is neither JSON nor YAML (Markdown, plain text, binary).
	ShapeText Shape = "text"
)

// Tool is one entry of a file's tool list.
type Tool struct {
	// Pointer selects the tool in its file ("" when the file is a single tool).
	Pointer string
	// Value is the tool object, nil when the entry is not an object.
	Value map[string]any
	// Raw is the entry as found, whatever its type.
	Raw any
	// Name is the tool's name when it is a string.
	Name string
	// HasName reports whether the tool has a string name.
	HasName bool
	// DeclaredVersions are the tool's own protocolVersions, when it declares them.
	DeclaredVersions []string
	// VersionsDeclared reports whether the tool declares protocolVersions at all.
	VersionsDeclared bool
}

// findTools detects the file's shape and collects its tools. A root array
// longer than maxTools is taken as a tool list (and refused by boundTools)
// without judging its entries.
func (f *File) findTools(maxTools int) {
	switch root := f.Root.(type) {
	case []any:
		if len(root) <= maxTools && !isToolArray(root) {
			f.Shape = ShapeUnknown
			return
		}
		f.Shape = ShapeArray
		f.collect(root, "")
	case map[string]any:
		switch {
		case root["mcpdesc"] != nil:
			f.Shape = ShapeDescription
			f.DeclaredVersions, f.VersionsDeclared = stringList(root["protocolVersions"])
			if tools, ok := root["tools"].([]any); ok {
				f.ToolsPointer = "/tools"
				f.collect(tools, "/tools")
			}
		case isArray(root["tools"]):
			f.Shape = ShapeListResult
			// A snapshot written by `mcpschema snapshot` records the
			// protocol version the server agreed as a root protocolVersions,
			// as an MCP Description does.
			f.DeclaredVersions, f.VersionsDeclared = stringList(root["protocolVersions"])
			f.ToolsPointer = "/tools"
			f.collect(root["tools"].([]any), "/tools")
		case root["jsonrpc"] != nil || root["result"] != nil:
			if res, ok := root["result"].(map[string]any); ok && isArray(res["tools"]) {
				f.Shape = ShapeJSONRPC
				f.ToolsPointer = "/result/tools"
				f.collect(res["tools"].([]any), "/result/tools")
			} else {
				f.Shape = ShapeUnknown
			}
		case serverjson.Declares(root):
			f.Shape = ShapeServerJSON
		case isSnapshot(f.Path) || isToolObject(root):
			f.Shape = ShapeTool
			f.Tools = []Tool{newTool("", root)}
		default:
			f.Shape = ShapeUnknown
		}
	default:
		f.Shape = ShapeUnknown
	}
}

// AsServerJSON makes a readable file an MCP Registry server.json, whatever
// it looks like (the run was told so: config server-json, or a root
// server.json serverjson.Recognize accepts): it holds no tools then.
func AsServerJSON(f *File) {
	if f == nil || f.Fatal() {
		return
	}
	f.Shape, f.Tools, f.ToolsPointer = ShapeServerJSON, nil, ""
	f.DeclaredVersions, f.VersionsDeclared = nil, false
}

// boundTools refuses a file with more than max tool entries: checking each
// of, say, a million empty objects would print millions of findings and
// take long, so the file is reported once, at its tools array, instead.
func (f *File) boundTools(max int) {
	if len(f.Tools) <= max {
		return
	}
	pos, _ := f.Index.Locate(f.ToolsPointer)
	f.Problems = append(f.Problems, Problem{Kind: ProblemTooMany, Pointer: f.ToolsPointer, Pos: pos, Fatal: true, Limit: limits.MaxFileTools,
		Message: fmt.Sprintf("file holds %d tools, more than %d; it is not checked (%s to allow it)", len(f.Tools), max, limits.MaxFileTools.Raise())})
	f.Tools = nil
}

func (f *File) collect(items []any, base string) {
	f.Tools = make([]Tool, 0, len(items))
	for i, it := range items {
		f.Tools = append(f.Tools, newTool(JoinIndex(base, i), it))
	}
}

func newTool(ptr string, raw any) Tool {
	t := Tool{Pointer: ptr, Raw: raw}
	if obj, ok := raw.(map[string]any); ok {
		t.Value = obj
		t.Name, t.HasName = obj["name"].(string)
		t.DeclaredVersions, t.VersionsDeclared = stringList(obj["protocolVersions"])
	}
	return t
}

// Label names the tool for messages: its name, or its pointer.
func (t Tool) Label() string {
	if t.HasName {
		return t.Name
	}
	if t.Pointer == "" {
		return "the tool"
	}
	return "tool at " + t.Pointer
}

func isArray(v any) bool { _, ok := v.([]any); return ok }

// stringList returns the strings of v when v is an array (mcpdesc.Strings);
// present reports whether v was given at all.
func stringList(v any) (list []string, present bool) {
	if v == nil {
		return nil, false
	}
	return mcpdesc.Strings(v), true // trimmed as every reader of a scope trims
}
