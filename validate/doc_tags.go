package validate

import (
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// RuleDocTags checks the root tag catalogue and duplicate tag references.
var RuleDocTags = rules.New(rules.Rule{
	ID: "mcpdesc.document.tags", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
	Title:   "bad tags",
	Summary: "the root tags catalogue holds Tag Objects with unique string names, and no entity lists a tag twice",
	Doc: "MCP Description 0.8.0 section 13: each Tag Object of the root tags array has a string name, unique across the catalogue (implementations MUST reject duplicate tag names), and an optional string description; x-* extensions are allowed and other members are mcpdesc.document.unknown-property. " +
		"A per-entity tags array (on a tool, resource, resource template or prompt) MUST NOT contain duplicate values. References to undeclared tags are reported by the entity's own rule (mcpdesc.tool.tags, mcpdesc.resource.shape, mcpdesc.prompt.shape).",
	Fix: "give every tag a unique string name, and list each tag once per entity",
})

// checkDocTags checks the root Tag Objects and every entity's tags for repeats.
func checkDocTags(fc *FileContext) {
	root, ok := docRoot(fc)
	if !ok {
		return
	}
	if list, ok := root["tags"].([]any); ok {
		seen := map[string]string{}
		for i, e := range list {
			ptr := source.JoinIndex("/tags", i)
			tag, isObj := e.(map[string]any)
			if !isObj {
				fc.Report(RuleDocTags, ptr, nil, "tag is %s, not a Tag Object: write it as {\"name\": \"<tag>\"}", jsonType(e))
				continue
			}
			reportUnknownMembers(fc, tag, ptr, []string{"name", "description"}, "tag")
			if d, has := tag["description"]; has {
				if _, isStr := d.(string); !isStr {
					fc.Report(RuleDocTags, source.Join(ptr, "description"), nil, "tag description is %s, not a string: write it as a string", jsonType(d))
				}
			}
			name, has := tag["name"]
			s, isStr := name.(string)
			switch {
			case !has:
				fc.Report(RuleDocTags, ptr, nil, "tag has no \"name\": add it as a string")
			case !isStr:
				fc.Report(RuleDocTags, source.Join(ptr, "name"), nil, "tag name is %s, not a string: write it as a string", jsonType(name))
			case seen[s] != "":
				fc.Report(RuleDocTags, source.Join(ptr, "name"), nil, "tag %q is declared twice (also at %s): remove the repeat, or rename it", s, seen[s])
			default:
				seen[s] = ptr
			}
		}
	}
	for _, key := range []string{"tools", "resources", "resourceTemplates", "prompts"} {
		list, _ := root[key].([]any)
		for i, e := range list {
			obj, _ := e.(map[string]any)
			tags, _ := obj["tags"].([]any)
			seen := map[string]bool{}
			for j, t := range tags {
				s, isStr := t.(string)
				if !isStr {
					continue // the entity's own rule reports it
				}
				if seen[s] {
					fc.Report(RuleDocTags, source.Join(source.JoinIndex("/"+key, i), "tags", itoa(j)), nil, "%s lists tag %q twice: remove the repeat", singular(key), s)
				}
				seen[s] = true
			}
		}
	}
}
