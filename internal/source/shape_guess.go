package source

import (
	"bytes"
	"path"
	"strings"
)

// toolMembers are the members an MCP Tool (and an MCP Description tool
// entry) may have. An object whose members are all among them, with a
// string "name", reads as a tool even without "inputSchema", so that a
// tool missing it is reported rather than skipped.
var toolMembers = map[string]bool{
	"name": true, "title": true, "description": true, "inputSchema": true, "outputSchema": true,
	"annotations": true, "execution": true, "icons": true, "_meta": true, "protocolVersions": true,
	"examples": true, "interactionExamples": true, "tags": true, "elicitations": true, "deprecated": true,
	"security": true, "clientRequirements": true,
}

// isToolObject reports whether a root object is a tool: it has an
// "inputSchema" or an "outputSchema", or a string "name" and only members
// a tool may have. A package.json ({"name", "version", "scripts", ...}) or
// any other object with foreign members is not a tool.
func isToolObject(obj map[string]any) bool {
	if _, ok := obj["inputSchema"]; ok {
		return true
	}
	if _, ok := obj["outputSchema"]; ok {
		return true
	}
	if _, ok := obj["name"].(string); !ok {
		return false
	}
	for k := range obj {
		if !toolMembers[k] && !strings.HasPrefix(k, "x-") {
			return false
		}
	}
	return true
}

// isToolArray reports whether a root array is a list of tools: it is
// empty (a server with no tools) or holds at least one object (entries that
// are not objects are then reported as such). An array of strings, such as
// a roster of tool names, is not.
func isToolArray(arr []any) bool {
	if len(arr) == 0 {
		return true
	}
	for _, v := range arr {
		if _, ok := v.(map[string]any); ok {
			return true
		}
	}
	return false
}

// isSnapshot reports whether the file is a tool snapshot (a *.snap file or
// a file under a __toolsnaps__ directory), whose root object is one tool.
func isSnapshot(name string) bool {
	name = strings.ReplaceAll(name, "\\", "/")
	if strings.EqualFold(path.Ext(name), ".snap") {
		return true
	}
	return strings.HasPrefix(name, "__toolsnaps__/") || strings.Contains(name, "/__toolsnaps__/")
}

// knownExtension reports whether the file's extension says JSON or YAML.
func knownExtension(name string) bool {
	switch strings.ToLower(path.Ext(strings.ReplaceAll(name, "\\", "/"))) {
	case ".json", ".snap", ".jsonc", ".yaml", ".yml":
		return true
	}
	return false
}

// proseExtension reports whether the file's extension names a prose
// format (Markdown, plain text, reStructuredText, AsciiDoc, HTML), whose
// text is never read as YAML even when a line happens to read as a mapping.
func proseExtension(name string) bool {
	switch strings.ToLower(path.Ext(strings.ReplaceAll(name, "\\", "/"))) {
	case ".md", ".markdown", ".mdx", ".txt", ".rst", ".adoc", ".html", ".htm":
		return true
	}
	return false
}

// markText turns a file whose extension names no JSON or YAML format and
// whose text is prose (see proseExtension) or reads as neither (a syntax error, several YAML documents, or a
// bare scalar such as a paragraph of prose) into a ShapeText file: it is
// reported as not a JSON or YAML file rather than with a YAML syntax error
// about, say, a Markdown backtick (or as an empty file when it holds only
// Markdown headings, which YAML reads as comments). Text that starts like JSON ('{' or '[')
// keeps its JSON syntax error.
func (f *File) markText(data []byte) bool {
	if knownExtension(f.Path) {
		return false
	}
	trimmed := bytes.TrimLeft(data, " \t\r\n")
	if len(trimmed) > 0 && (trimmed[0] == '{' || trimmed[0] == '[') {
		return false
	}
	text := proseExtension(f.Path)
	for _, p := range f.Problems {
		switch p.Kind {
		case ProblemSyntax, ProblemMultiDoc, ProblemEmpty:
			text = true
		case ProblemTooLarge, ProblemTooDeep, ProblemTooMany:
			return false
		}
	}
	// A plain (unquoted) string root is prose; a quoted string, a number,
	// true, false or null is a JSON or YAML value, if not a tool file.
	if _, isString := f.Root.(string); isString && trimmed[0] != '"' && trimmed[0] != '\'' {
		text = true
	}
	if !text {
		return false
	}
	f.Root, f.Problems, f.Shape = nil, nil, ShapeText
	f.Index = NewIndex()
	return true
}
