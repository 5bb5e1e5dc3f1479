package validate

import (
	"github.com/mcpschema/mcpschema/internal/rules"
)

// Rules about a document tool's tags and deprecation flag.
var (
	RuleToolTags = rules.New(rules.Rule{
		ID: "mcpdesc.tool.tags", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Title:   "undeclared tag",
		Summary: "a tool's tags are strings naming tags the document declares",
		Doc: "MCP Description 0.8.0 sections 9.1 and 13.3: a tool's tags is a non-empty array of strings (an empty or non-array tags is mcpdesc.document.collection); when the document has a root tags catalogue, every tool tag MUST reference the name of a declared Tag Object. " +
			"A misspelt tag otherwise silently drops the tool from its category. Checked in MCP Description documents only.",
		Fix: "write each tag as a string, and use a name from the root tags catalogue or declare the tag there",
	})
	RuleToolDeprecated = rules.New(rules.Rule{
		ID: "mcpdesc.tool.deprecated", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Title:   "deprecated not a boolean",
		Summary: "a tool's deprecated flag is a boolean",
		Doc:     "MCP Description 0.8.0 section 9.1: deprecated is a boolean saying whether the tool is deprecated. A string such as \"true\" or a note in its place is not a flag tooling can read. Checked in MCP Description documents only.",
		Fix:     "write \"deprecated\": true (or false), and move any note into the description",
	})
)

// checkToolTags checks tag values and their references to the root catalogue.
func checkToolTags(c *ToolContext) {
	if c.Tool.Value == nil || !closedObjects(c.FileContext) {
		return
	}
	list, ok := c.Tool.Value["tags"].([]any)
	if !ok {
		return
	}
	tags := c.rootTags()
	for i, e := range list {
		ptr := c.Ptr("tags", itoa(i))
		s, isStr := e.(string)
		switch {
		case !isStr:
			c.Report(RuleToolTags, ptr, nil, "tool tag is %s, not a string: write the tag name as a string", jsonType(e))
		case tags.undeclared(s):
			c.Report(RuleToolTags, ptr, nil,
				"tool tag %q is not declared in the root tags: declare {\"name\": %q} in the root tags, or use a declared tag%s", s, s, declaredText(tags.names))
		}
	}
}

// tagCatalogue is a file's root tag catalogue: the declared names in order
// (for messages), as a set (for lookups), and whether the root has tags.
type tagCatalogue struct {
	names []string
	set   map[string]bool
	ok    bool
}

// rootTags returns the file's root tag catalogue, read once per file so
// that each tagged tool, resource, template or prompt does not walk it again.
func (c *FileContext) rootTags() *tagCatalogue {
	if c.tags == nil {
		names, ok := rootTagNames(c.File.Root)
		c.tags = &tagCatalogue{names: names, set: stringSet(names), ok: ok}
	}
	return c.tags
}

// undeclared reports whether the root has a tag catalogue without name.
func (t *tagCatalogue) undeclared(name string) bool { return t.ok && !t.set[name] }

// rootTagNames returns the names of the root Tag Objects and whether the root
// has a tags array.
func rootTagNames(root any) ([]string, bool) {
	obj, _ := root.(map[string]any)
	tags, ok := obj["tags"].([]any)
	if !ok {
		return nil, false
	}
	var names []string
	for _, t := range tags {
		if tag, isObj := t.(map[string]any); isObj {
			if n, isStr := tag["name"].(string); isStr {
				names = append(names, n)
			}
		}
	}
	return names, true
}

// checkToolDeprecated reports a deprecated member that is not a boolean.
func checkToolDeprecated(c *ToolContext) {
	if c.Tool.Value == nil || !closedObjects(c.FileContext) {
		return
	}
	if v, has := c.Tool.Value["deprecated"]; has {
		if _, isBool := v.(bool); !isBool {
			c.Report(RuleToolDeprecated, c.Ptr("deprecated"), nil,
				"tool deprecated is %s, not a boolean: write true or false, and move any note into the description", jsonType(v))
		}
	}
}

// declaredText lists the declared tag names for messages, when there are any.
func declaredText(names []string) string {
	if len(names) == 0 {
		return ""
	}
	return " (" + quoteList(names) + ")"
}
