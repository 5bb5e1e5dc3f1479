package rules

import "strings"

// Kind says which part of mcpschema a rule belongs to.
type Kind string

// Rule kinds.
const (
	// Validation rules judge one revision of a tool file (package validate
	// and the config rules of the CLI).
	Validation Kind = "validation"
	// Breaking rules judge a change between the base and the head revision
	// (package diffcheck); an error of a breaking rule is a breaking change.
	Breaking Kind = "breaking"
)

// Direction is the part of a tool's contract a rule judges. For breaking
// rules it says which way a change breaks: Input is contravariant (narrowing
// breaks callers), Output covariant (widening breaks consumers).
type Direction string

// Directions.
const (
	// Input is a tool's inputSchema: what callers send.
	Input Direction = "input"
	// Output is a tool's outputSchema: what consumers receive.
	Output Direction = "output"
	// Tool is the tool as a whole: its presence and its name.
	Tool Direction = "tool"
	// Annotation is a tool's behaviour hints (readOnlyHint and the like).
	Annotation Direction = "annotation"
	// Example is a tool's examples.
	Example Direction = "example"
	// File is a tool file as a whole.
	File Direction = "file"
	// Document is an MCP Description document's own fields.
	Document Direction = "document"
	// Prompt is an MCP Description prompt: its presence, name and arguments.
	Prompt Direction = "prompt"
	// Resource is an MCP Description static resource.
	Resource Direction = "resource"
	// ResourceTemplate is an MCP Description resource template.
	ResourceTemplate Direction = "resource-template"
	// Security is the security schemes and requirements of a document.
	Security Direction = "security"
	// Capability is the server capabilities a document declares and the
	// client capabilities its primitives require.
	Capability Direction = "capability"
	// Transport is the transports a document declares.
	Transport Direction = "transport"
	// Deprecation is the announced lifecycle of a tool, parameter,
	// resource or prompt: its deprecation, sunset date and successor.
	Deprecation Direction = "deprecation"
)

// Directions lists every direction.
var Directions = []Direction{Input, Output, Tool, Annotation, Example, File, Document,
	Prompt, Resource, ResourceTemplate, Security, Capability, Transport, Deprecation}

// IsDirection reports whether d is a known direction.
func IsDirection(d Direction) bool {
	for _, x := range Directions {
		if x == d {
			return true
		}
	}
	return false
}

// directionSegments maps an id segment (after the owner) to the direction
// it declares, for validation rules registered without one. The id
// namespace thus declares the direction: mcpschema.file.* is about a file,
// mcpdesc.document.* about a document, *.tool.example.* about an example,
// *.tool.input-schema.* about the input, and any other *.tool.* about the
// tool. Ids outside these (config rules) have no direction.
var directionSegments = []struct {
	prefix string
	dir    Direction
}{
	{"file.", File},
	{"document.", Document},
	{"protocol.", Document},
	{"tool.example.", Example},
	{"tool.interaction-example.", Example},
	{"tool.input-schema.", Input},
	{"tool.output-schema.", Output},
	{"tool.", Tool},
	{"tool-schema.", Tool},
}

// DirectionOf is the direction the id namespace declares for a validation
// rule ("" when it declares none).
func DirectionOf(id string) Direction {
	_, rest, ok := strings.Cut(id, ".")
	if !ok {
		return ""
	}
	for _, s := range directionSegments {
		if strings.HasPrefix(rest, s.prefix) {
			return s.dir
		}
	}
	return ""
}
