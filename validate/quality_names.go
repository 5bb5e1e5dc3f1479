package validate

import (
	"fmt"
	"strings"

	"github.com/mcpschema/mcpschema/internal/report"
)

// nameKey is a tool name as a model or a normalising client reads it:
// lower case, "-" as "_".
func nameKey(name string) string { return strings.ReplaceAll(strings.ToLower(name), "-", "_") }

// checkNearDuplicates reports, per server, each tool whose name differs
// from an earlier tool's only by case or "-"/"_", once per pair, at the
// later one; a pair the base revision's files already have (base not
// nil) is pre-existing.
func checkNearDuplicates(results []Result, opts Options, base []ServerTools) []report.Finding {
	if !opts.Quality {
		return nil
	}
	type key struct{ server, name string }
	first := map[key]*toolName{}
	var out []report.Finding
	existing := map[string]bool{} // server + "\x00" + both names, at the base
	if base != nil {
		seen := map[key]map[string]bool{}
		for _, st := range base {
			for _, n := range st.names {
				k := key{n.server, nameKey(n.name)}
				if seen[k] == nil {
					seen[k] = map[string]bool{}
				}
				for other := range seen[k] {
					if other != n.name {
						existing[pairKey(n.server, other, n.name)] = true
					}
				}
				seen[k][n.name] = true
			}
		}
	}
	reported := map[string]bool{}
	for i := range results {
		for j := range results[i].names {
			n := &results[i].names[j]
			k := key{n.server, nameKey(n.name)}
			f, ok := first[k]
			if !ok {
				first[k] = n
				continue
			}
			pk := pairKey(n.server, f.name, n.name)
			if f.name == n.name || reported[pk] {
				continue // the same name (mcpschema.tool.name.unique-across-files judges it), or said once
			}
			reported[pk] = true
			out = append(out, report.Finding{Rule: RuleQualityNearDuplicate.ID, Severity: RuleQualityNearDuplicate.Severity,
				File: n.file, Pointer: n.pointer(), Line: int(n.line), Column: int(n.column), Tool: n.name, ToolPointer: n.toolPtr,
				PreExisting: existing[pk],
				Message: fmt.Sprintf("tool %q differs from tool %q (%s) only by case or \"-\" and \"_\", so a model or a user asking for one may get the other, and clients that normalise names see one tool: rename one so the names differ in words, or remove the copy",
					n.name, f.name, f.file)})
		}
	}
	return out
}

// pairKey identifies a pair of names of a server, in either order.
func pairKey(server, a, b string) string {
	if a > b {
		a, b = b, a
	}
	return server + "\x00" + a + "\x00" + b
}
