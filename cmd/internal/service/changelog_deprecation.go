package service

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mcpschema/mcpschema/internal/deprecation"
	"github.com/mcpschema/mcpschema/internal/source"
)

// KindDeprecation is the changelog kind of a lifecycle change: a
// deprecation added or withdrawn, a new successor, a sunset added or moved
// later (a sunset moved earlier, or a removal, is a finding of diffcheck).
const KindDeprecation = "deprecation"

// deprecationChanges lists the lifecycle changes between base and head:
// of each tool paired by name and of its parameters and output properties
// (by tool name), and of the resources, resource templates and prompts of
// each MCP Description document (by its path, documents true).
func deprecationChanges(base, head []*source.File) (changes map[string][]Change, documents map[string]bool) {
	changes, documents = map[string][]Change{}, map[string]bool{}
	bt, ht := toolsByName(base), toolsByName(head)
	for name, h := range ht {
		b, ok := bt[name]
		if !ok {
			continue
		}
		bd, _ := deprecation.Read(deprecation.Tool, name, b.tool.Value, b.tool.Pointer)
		hd, _ := deprecation.Read(deprecation.Tool, name, h.tool.Value, h.tool.Pointer)
		add := func(c *Change) {
			if c != nil {
				changes[name] = append(changes[name], *c)
			}
		}
		add(lifecycleChange(bd, hd, fmt.Sprintf("tool %q", name), h.file))
		for _, s := range []struct {
			key  string
			kind deprecation.Kind
		}{{"inputSchema", deprecation.Parameter}, {"outputSchema", deprecation.OutputProperty}} {
			bp, hp := propertyDeprecations(b, s.key, s.kind), propertyDeprecations(h, s.key, s.kind)
			for _, p := range sortedNames(bp, hp) {
				if !schemaHas(b, s.key, p) || !schemaHas(h, s.key, p) {
					continue // added or removed: other entries say so
				}
				who := fmt.Sprintf("%s %q of tool %q", s.kind, p, name)
				add(lifecycleChange(bp[p], hp[p], who, h.file))
			}
		}
	}
	headDocs := map[string]*source.File{}
	for _, f := range head {
		if f != nil && !f.Fatal() && f.Shape == source.ShapeDescription {
			headDocs[f.Path] = f
		}
	}
	for _, b := range base {
		h := headDocs[b.Path]
		if b == nil || b.Fatal() || h == nil {
			continue
		}
		bd, hd := primitiveDeprecations(b), primitiveDeprecations(h)
		for _, key := range sortedKeys(hd) {
			bp := bd[key]
			if bp == nil {
				continue // added: other entries say so
			}
			if c := lifecycleChange(bp.d, hd[key].d, key, h); c != nil {
				changes[h.Path] = append(changes[h.Path], *c)
				documents[h.Path] = true
			}
		}
	}
	return changes, documents
}

// lifecycleChange is the change from the deprecation b to h of the item
// who (nil: none, or nothing for changelog).
func lifecycleChange(b, h *deprecation.Deprecation, who string, f *source.File) *Change {
	var msg, at string
	switch {
	case b == nil && h == nil:
		return nil
	case b == nil:
		msg, at = who+" is deprecated"+terms(h), h.Marker
	case h == nil:
		msg = who + " is no longer deprecated"
	case h.Use != "" && h.Use != b.Use:
		msg, at = fmt.Sprintf("%s names a new successor, %q", who, h.Use), h.UsePointer
		if b.Use != "" {
			msg += fmt.Sprintf(" (was %q)", b.Use)
		}
	case h.Sunset != "" && b.Sunset == "":
		msg, at = fmt.Sprintf("%s has a sunset now, %q", who, h.Sunset), h.SunsetPointer
	case h.Sunset > b.Sunset && b.Sunset != "":
		msg, at = fmt.Sprintf("the sunset of %s moved later, from %q to %q", who, b.Sunset, h.Sunset), h.SunsetPointer
	default:
		return nil
	}
	c := &Change{Kind: KindDeprecation, Message: msg, File: f.Path}
	if at != "" {
		pos, _ := f.Index.Locate(at)
		c.Line = pos.Line
	}
	return c
}

// terms says what a deprecation announces: `: sunset "2027-01-31", use
// "find", since "1.4.0"`, or that it names neither date nor successor.
func terms(d *deprecation.Deprecation) string {
	var parts []string
	if d.Sunset != "" {
		parts = append(parts, fmt.Sprintf("sunset %q", d.Sunset))
	}
	if d.Use != "" {
		parts = append(parts, fmt.Sprintf("use %q", d.Use))
	}
	if d.Since != "" {
		parts = append(parts, fmt.Sprintf("since %q", d.Since))
	}
	if len(parts) == 0 {
		return ", without a sunset date or a successor"
	}
	return ": " + strings.Join(parts, ", ")
}

// maxChangelogNodes bounds the schema objects read per tool schema.
const maxChangelogNodes = 100000

// propertyDeprecations are the deprecated properties of a tool's schema under key.
func propertyDeprecations(t toolAt, key string, kind deprecation.Kind) map[string]*deprecation.Deprecation {
	list, _ := deprecation.Properties(kind, t.tool.Value[key], source.Join(t.tool.Pointer, key), maxChangelogNodes)
	out := map[string]*deprecation.Deprecation{}
	for i := range list {
		if _, dup := out[list[i].Name]; !dup {
			out[list[i].Name] = &list[i]
		}
	}
	return out
}

// schemaHas reports whether a tool's schema under key declares the
// property at path (names joined with ".", "[]" for items) somewhere.
func schemaHas(t toolAt, key, path string) bool {
	list, _ := deprecation.Properties(deprecation.Parameter, markAll(t.tool.Value[key]), "", maxChangelogNodes)
	for _, d := range list {
		if d.Name == path {
			return true
		}
	}
	return false
}

// markAll is a copy of schema in which every property says "deprecated":
// true, so that deprecation.Properties lists every property path.
func markAll(schema any) any {
	switch v := schema.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[k] = markAll(x)
		}
		if props, ok := v["properties"].(map[string]any); ok {
			np := make(map[string]any, len(props))
			for k, p := range props {
				if m, ok := markAll(p).(map[string]any); ok {
					m["deprecated"] = true
					np[k] = m
				} else {
					np[k] = p
				}
			}
			out["properties"] = np
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = markAll(x)
		}
		return out
	}
	return schema
}

// primitive is a resource, resource template or prompt of a document and
// its deprecation (d nil: not deprecated).
type primitive struct {
	d *deprecation.Deprecation
}

// primitiveDeprecations are the resources, resource templates and prompts
// of a document by label (`resource "file:///a"`).
func primitiveDeprecations(f *source.File) map[string]*primitive {
	out := map[string]*primitive{}
	root, _ := f.Root.(map[string]any)
	for _, k := range []struct {
		member, key string
		kind        deprecation.Kind
	}{{"resources", "uri", deprecation.Resource}, {"resourceTemplates", "uriTemplate", deprecation.ResourceTemplate}, {"prompts", "name", deprecation.Prompt}} {
		list, _ := root[k.member].([]any)
		for i, v := range list {
			obj, _ := v.(map[string]any)
			name, _ := obj[k.key].(string)
			if name == "" {
				continue
			}
			label := fmt.Sprintf("%s %q", k.kind, name)
			if _, dup := out[label]; dup {
				continue
			}
			d, _ := deprecation.Read(k.kind, name, obj, source.JoinIndex("/"+k.member, i))
			out[label] = &primitive{d: d}
		}
	}
	return out
}

// sortedNames are the keys of a and b, sorted, once each.
func sortedNames(a, b map[string]*deprecation.Deprecation) []string {
	seen := map[string]bool{}
	var out []string
	for _, m := range []map[string]*deprecation.Deprecation{a, b} {
		for k := range m {
			if !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
	}
	sort.Strings(out)
	return out
}

// withDeprecationChanges adds the lifecycle changes to the changelog's
// entries (a new entry for an item nothing else changed), sorted as
// groupChanges sorts.
func withDeprecationChanges(tools []ChangelogTool, changes map[string][]Change, documents map[string]bool) []ChangelogTool {
	if len(changes) == 0 {
		return tools
	}
	at := map[string]int{}
	for i, t := range tools {
		at[t.Name] = i
	}
	for name, cs := range changes {
		i, ok := at[name]
		if !ok {
			tools = append(tools, ChangelogTool{Name: name, Status: "changed", Document: documents[name]})
			i = len(tools) - 1
			at[name] = i
		}
		tools[i].Changes = append(tools[i].Changes, cs...)
		sort.SliceStable(tools[i].Changes, func(a, b int) bool {
			return kindOrder[tools[i].Changes[a].Kind] < kindOrder[tools[i].Changes[b].Kind]
		})
	}
	sort.Slice(tools, func(i, j int) bool { return tools[i].Name < tools[j].Name })
	return tools
}
