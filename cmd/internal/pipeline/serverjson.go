package pipeline

import (
	"fmt"

	"github.com/mcpschema/mcpschema/internal/load"
	"github.com/mcpschema/mcpschema/internal/serverjson"
	"github.com/mcpschema/mcpschema/internal/source"
)

// withServerJSON is in with the server.json's path added to the patterns
// the files are listed with (the excludes apply to it as to every path).
func withServerJSON(in Input) (Input, error) {
	if in.ServerJSON == "" {
		return in, nil
	}
	if load.HasMeta(in.ServerJSON) {
		return in, fmt.Errorf("server-json %q is a pattern: name one file", in.ServerJSON)
	}
	out := in
	out.Patterns = append(append([]string(nil), in.Patterns...), in.ServerJSON)
	m, err := load.NewMatcher(out.Patterns)
	if err != nil {
		return in, err
	}
	out.Matcher = m
	return out, nil
}

// splitServerHits drops the server.json's pattern from the hit counts
// (the patterns' own, which the caller judges), and says whether the head
// holds the file.
func splitServerHits(in Input, head, base []int) ([]int, []int, bool) {
	if in.ServerJSON == "" {
		return head, base, false
	}
	found := len(head) > 0 && head[len(head)-1] > 0
	head = head[:len(head)-1]
	if base != nil {
		base = base[:len(base)-1]
	}
	return head, base, found
}

// missingServerJSON is the error of a server-json the config names that
// the head does not hold.
func missingServerJSON(in Input) error {
	where := "the working tree"
	if in.HeadRef != "" {
		where = in.HeadRef
	}
	return fmt.Errorf("server-json %q names no file in %s: fix the path in the config, or remove server-json to look for server.json at the root", in.ServerJSON, where)
}

// serverKind says how a path of the run is a server.json.
type serverKind uint8

const (
	serverNone serverKind = iota
	// serverFound: the root server.json, looked for by default.
	serverFound
	// serverFoundSelected: that file, also selected by the patterns.
	serverFoundSelected
	// serverNamed: the server-json the config names.
	serverNamed
)

// serverPaths holds, per path of the run, whether it is the server.json,
// and which such files were not checked (not a registry entry).
type serverPaths struct {
	kinds   []serverKind
	skipped []bool
}

// markServerJSON finds the server.json among the run's paths.
func markServerJSON(in Input, paths []*basePath) serverPaths {
	s := serverPaths{kinds: make([]serverKind, len(paths)), skipped: make([]bool, len(paths))}
	if in.ServerJSON == "" {
		return s
	}
	want := load.Clean(in.ServerJSON)
	for i, bp := range paths {
		if bp.path != want {
			continue
		}
		_, selected := in.Matcher.Select(bp.path)
		switch {
		case in.ServerJSONRequired:
			s.kinds[i] = serverNamed
		case selected:
			s.kinds[i] = serverFoundSelected
		default:
			s.kinds[i] = serverFound
		}
	}
	return s
}

// kind returns the server.json kind of path i.
func (s serverPaths) kind(i int) serverKind { return s.kinds[i] }

// shape makes the head file of path i a server.json when it is one: the
// config named it, or it reads as a registry entry. A root server.json
// that is none is checked as the patterns' file when they select it, and
// otherwise not at all (nil; notes says so). A file that cannot be read is
// checked, so that its problems are reported.
func (s serverPaths) shape(i int, head *source.File) *source.File {
	if head == nil || head.Fatal() || head.Shape == source.ShapeServerJSON {
		return head
	}
	switch {
	case s.kinds[i] == serverNamed || serverjson.Recognize(head.Root):
		source.AsServerJSON(head)
	case s.kinds[i] == serverFound:
		s.skipped[i] = true
		return nil
	}
	return head
}

// notes are the run's notes about root server.json files not checked.
func (s serverPaths) notes(paths []*basePath) []string {
	var out []string
	for i, skipped := range s.skipped {
		if skipped {
			out = append(out, fmt.Sprintf("%s is not an MCP Registry server.json (its \"$schema\" names no registry schema, and it lacks a namespaced name with packages or remotes), so it was not checked: set server-json: in the config to check it anyway, or server-json: false to stop looking for it", paths[i].path))
		}
	}
	return out
}

// isServerJSON reports whether f is a server.json of the run.
func isServerJSON(f *source.File) bool { return f != nil && f.Shape == source.ShapeServerJSON }
