package service

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mcpschema/mcpschema/diffcheck"
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/source"
)

// toolAt is a tool and the file it is in.
type toolAt struct {
	file *source.File
	tool source.Tool
}

// toolsByName indexes the named tools of readable files (the first of a name wins).
func toolsByName(files []*source.File) map[string]toolAt {
	out := map[string]toolAt{}
	for _, f := range files {
		if f == nil || f.Fatal() {
			continue
		}
		for _, t := range f.Tools {
			if !t.HasName || t.Value == nil {
				continue
			}
			if _, ok := out[t.Name]; !ok {
				out[t.Name] = toolAt{f, t}
			}
		}
	}
	return out
}

// schemaMembers are the top-level properties of a tool's schema and the
// required ones.
func schemaMembers(tool map[string]any, key string) (props map[string]bool, required map[string]bool) {
	props, required = map[string]bool{}, map[string]bool{}
	s, _ := tool[key].(map[string]any)
	if p, ok := s["properties"].(map[string]any); ok {
		for k := range p {
			props[k] = true
		}
	}
	if r, ok := s["required"].([]any); ok {
		for _, v := range r {
			if n, ok := v.(string); ok {
				required[n] = true
			}
		}
	}
	return props, required
}

// addedMembers lists, per tool, the optional arguments and the result
// fields added since the base (a required argument added is a breaking
// finding already), and the arguments of each new tool.
// A renamed tool (renamed: head name to base tool) is compared with the
// tool it replaces.
func addedMembers(base, head []*source.File, renamed map[string]toolAt) map[string][]Change {
	bt, ht := toolsByName(base), toolsByName(head)
	out := map[string][]Change{}
	for name, h := range ht {
		b, paired := bt[name]
		if r, ok := renamed[name]; ok && !paired {
			b, paired = r, true
		}
		for _, side := range []struct{ key, noun string }{{"inputSchema", "argument"}, {"outputSchema", "result field"}} {
			hp, hr := schemaMembers(h.tool.Value, side.key)
			var bp map[string]bool
			if paired {
				bp, _ = schemaMembers(b.tool.Value, side.key)
			}
			var names []string
			for p := range hp {
				if !bp[p] && !(paired && side.key == "inputSchema" && hr[p]) {
					names = append(names, p)
				}
			}
			sort.Strings(names)
			for _, p := range names {
				msg := fmt.Sprintf("%s %q added", side.noun, p)
				if side.key == "inputSchema" {
					if hr[p] {
						msg += " (required)"
					} else {
						msg += " (optional)"
					}
				}
				pos, _ := h.file.Index.Locate(h.tool.Pointer + "/" + side.key + "/properties/" + escapeToken(p))
				out[name] = append(out[name], Change{Kind: "added", Message: msg, File: h.file.Path, Line: pos.Line})
			}
		}
	}
	return out
}

// renamedFrom maps the head name of each renamed tool (a
// compat.tool.renamed finding, guessed or from the config's aliases) to the
// base tool at (or around) the finding's base location.
func renamedFrom(findings []report.Finding, base []*source.File) map[string]toolAt {
	out := map[string]toolAt{}
	for _, f := range findings {
		if f.Rule != diffcheck.RuleToolRenamed.ID || f.Base == nil || f.Tool == "" {
			continue
		}
		for _, bf := range base {
			if bf == nil || bf.Path != f.Base.File {
				continue
			}
			for _, t := range bf.Tools {
				at := f.Base.Pointer // the tool's, or a member's inside it (its name)
				if t.Value != nil && (at == t.Pointer || strings.HasPrefix(at, t.Pointer+"/")) {
					out[f.Tool] = toolAt{bf, t}
				}
			}
		}
	}
	return out
}

// escapeToken escapes a JSON Pointer reference token.
func escapeToken(s string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(s)
}
