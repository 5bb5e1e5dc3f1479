package app

import (
	"fmt"

	"github.com/mcpschema/mcpschema/cmd/internal/pipeline"
	"github.com/mcpschema/mcpschema/cmd/internal/service"
	"github.com/mcpschema/mcpschema/internal/source"
)

// proposeBump proposes the version bump the changes call for: major for a
// breaking change, minor for an addition (a tool, an argument, a result
// field), else patch; with the version of the first head document that
// declares one, the version to release (below 1.0.0 a break bumps the
// minor version, as majorBump reads it).
func proposeBump(tools []ChangelogTool, base, head []*source.File) *Bump {
	if len(tools) == 0 {
		return nil
	}
	kind := "patch"
	for _, t := range tools {
		if t.Status == "added" && kind == "patch" {
			kind = "minor"
		}
		for _, c := range t.Changes {
			switch {
			case c.Kind == "breaking":
				kind = "major"
			case (c.Kind == "added" || c.Kind == kindDeprecation) && kind == "patch":
				kind = "minor"
			}
		}
	}
	b := &Bump{Kind: kind}
	before := map[string]string{}
	for _, f := range base {
		if v := pipeline.DocumentVersion(f); v != "" {
			before[f.Path] = v
		}
	}
	for _, f := range head {
		v := pipeline.DocumentVersion(f)
		if v == "" {
			continue
		}
		from := before[f.Path]
		if from == "" {
			from = v
		}
		M, m, ok := service.SemverMajor(from)
		if !ok {
			continue
		}
		_, _, patch, _ := service.SemverParts(from)
		switch {
		case kind == "major" && M == 0:
			b.To = fmt.Sprintf("0.%d.0", m+1)
		case kind == "major":
			b.To = fmt.Sprintf("%d.0.0", M+1)
		case kind == "minor":
			b.To = fmt.Sprintf("%d.%d.0", M, m+1)
		default:
			b.To = fmt.Sprintf("%d.%d.%d", M, m, patch+1)
		}
		b.File, b.From = f.Path, from
		break
	}
	return b
}
