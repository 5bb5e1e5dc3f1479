package service

import (
	"context"
	"fmt"
	"sort"

	"github.com/mcpschema/mcpschema/cmd/internal/pipeline"
	"github.com/mcpschema/mcpschema/diffcheck"
	"github.com/mcpschema/mcpschema/internal/load"
	"github.com/mcpschema/mcpschema/internal/serverjson"
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
			case c.Kind == "breaking", c.Rule == diffcheck.RuleRemovedAfterSunset.ID:
				// semantic versioning removes deprecated functionality in
				// a major release, however well it was announced
				kind = "major"
			case (c.Kind == "added" || c.Kind == KindDeprecation) && kind == "patch":
				kind = "minor"
			}
		}
	}
	b := &Bump{Kind: kind}
	before := map[string]string{}
	for _, f := range base {
		if v, ptr, _ := pipeline.DeclaredVersion(f); v != "" {
			before[f.Path+"#"+ptr] = v
		}
	}
	for _, f := range head {
		v, ptr, _ := pipeline.DeclaredVersion(f)
		if v == "" {
			continue
		}
		from := before[f.Path+"#"+ptr]
		if from == "" {
			from = v
		}
		to, ok := bumped(kind, from)
		if !ok {
			continue
		}
		if b.File == "" && ptr == "" {
			// the first head document, as before the other files counted
			b.File, b.From, b.To = f.Path, from, to
		}
		b.Files = append(b.Files, BumpFile{File: f.Path, From: from, To: to})
	}
	if b.File == "" && len(b.Files) > 0 {
		b.File, b.From, b.To = b.Files[0].File, b.Files[0].From, b.Files[0].To
	}
	sort.Slice(b.Files, func(i, j int) bool { return b.Files[i].File < b.Files[j].File })
	if len(b.Files) < 2 {
		b.Files = nil
	}
	return b
}

// bumped is the version after from that a bump of kind gives (below 1.0.0
// a break bumps the minor version, as majorBump reads it).
func bumped(kind, from string) (string, bool) {
	M, m, ok := SemverMajor(from)
	if !ok {
		return "", false
	}
	_, _, patch, _ := SemverParts(from)
	switch {
	case kind == "major" && M == 0:
		return fmt.Sprintf("0.%d.0", m+1), true
	case kind == "major":
		return fmt.Sprintf("%d.0.0", M+1), true
	case kind == "minor":
		return fmt.Sprintf("%d.%d.0", M, m+1), true
	}
	return fmt.Sprintf("%d.%d.%d", M, m, patch+1), true
}

// changelogServerJSON reads the run's server.json (the config's
// server-json, else server.json at the root) at the base revision and at
// the head (the working tree, or head), so that the bump names its version
// too; nothing when there is none or it is no registry entry.
func changelogServerJSON(ctx context.Context, dir string, cfg *Config, baseRev, head string, lim source.Limits) (base, headFiles []*source.File) {
	path, named := ServerJSONInput(cfg)
	if path == "" {
		return nil, nil
	}
	keep := func(files []*source.File) []*source.File {
		var out []*source.File
		for _, f := range files {
			if f == nil || f.Fatal() || f.Path != load.Clean(path) {
				continue
			}
			if named || serverjson.Recognize(f.Root) {
				source.AsServerJSON(f)
				out = append(out, f)
			}
		}
		return out
	}
	if files, err := load.LoadRevision(ctx, dir, baseRev, []string{path}, lim); err == nil {
		base = keep(files)
	}
	if head != "" {
		if files, err := load.LoadRevision(ctx, dir, head, []string{path}, lim); err == nil {
			headFiles = keep(files)
		}
		return base, headFiles
	}
	m, err := load.NewMatcher([]string{path})
	if err != nil {
		return base, nil
	}
	exp, err := load.Expand(dir, m)
	if err != nil {
		return base, nil
	}
	var files []*source.File
	for _, wf := range exp.Files {
		files = append(files, load.ReadWorkFile(wf, lim))
	}
	return base, keep(files)
}
