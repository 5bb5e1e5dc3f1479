// Package load chooses and reads tool files. Its Matcher decides which
// paths a list of patterns selects, the same way for the working tree and
// for a git revision's tree.
package load

import (
	"fmt"
	"path"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// DefaultSkipped are the directories no pattern walks into unless it names
// them in its literal part ("node_modules/pkg/tools.json" or
// "vendor/**/*.json" do; "**/*.json" does not).
var DefaultSkipped = []string{".git", "node_modules", "vendor"}

// Matcher is a parsed list of file patterns: doublestar globs or paths,
// relative to the directory mcpschema runs in (absolute ones are matched as
// they are). A pattern starting with "!" is an exclude: it removes every
// path it matches, and everything under a directory it matches, whatever
// the order of the list. Write "\!" for a file name that starts with "!".
type Matcher struct {
	includes []include
	excludes []string
}

// include is one pattern that selects files.
type include struct {
	text string // as given
	glob string // cleaned: slash-separated, without a leading "./"
	// names are the default-skipped directory names the pattern's literal
	// segments name: it may select files under them.
	names map[string]bool
	// literal: the pattern has no glob meta character (a path).
	literal bool
	// base is the directory the pattern's glob starts from ("." for none).
	base string
	// depth is the most segments a match has below base (-1: unbounded, "**").
	depth int
}

// NewMatcher parses patterns. Excludes are written "!pattern". An invalid
// glob, an empty exclude, and a list without any include are errors.
func NewMatcher(patterns []string) (*Matcher, error) {
	m := &Matcher{}
	for _, p := range patterns {
		if rest, ok := strings.CutPrefix(p, "!"); ok {
			// "!dir/" names the directory, as in .gitignore
			g := strings.TrimRight(Clean(rest), "/")
			if g == "" || g == "." {
				return nil, fmt.Errorf("exclude %q names no file: write \"!\" followed by a pattern, such as \"!node_modules/**\"", p)
			}
			if !doublestar.ValidatePattern(g) {
				return nil, fmt.Errorf("invalid pattern %q: check its brackets and escapes", p)
			}
			m.excludes = append(m.excludes, g)
			continue
		}
		g := Clean(p)
		if g == "" {
			return nil, fmt.Errorf("empty pattern: give a path or a glob such as 'tools/**/*.json'")
		}
		if !doublestar.ValidatePattern(g) {
			return nil, fmt.Errorf("invalid pattern %q: check its brackets and escapes", p)
		}
		in := include{text: p, glob: g, names: map[string]bool{}, literal: !HasMeta(g)}
		for _, seg := range strings.Split(g, "/") {
			if !HasMeta(seg) {
				in.names[seg] = true
			}
		}
		var rest string
		in.base, rest = doublestar.SplitPattern(g)
		if err := checkAlternatives(p, g, in.base); err != nil {
			return nil, err
		}
		in.depth = len(strings.Split(rest, "/"))
		if strings.Contains(rest, "**") {
			in.depth = -1
		}
		m.includes = append(m.includes, in)
	}
	if len(m.includes) == 0 {
		return nil, fmt.Errorf("no pattern selects files, only excludes (%s): add one such as 'tools/**/*.json'", quoteAll(m.excludeTexts()))
	}
	return m, nil
}

// Clean turns a pattern into the form matched against paths: slash
// separated, without a leading "./".
func Clean(p string) string {
	for strings.HasPrefix(p, "./") {
		p = strings.TrimLeft(p[2:], "/")
	}
	return p
}

// HasMeta reports whether p holds a doublestar meta character.
func HasMeta(p string) bool { return strings.ContainsAny(p, "*?[{\\") }

// Len is the number of include patterns.
func (m *Matcher) Len() int { return len(m.includes) }

// Pattern returns include pattern i as it was given.
func (m *Matcher) Pattern(i int) string { return m.includes[i].text }

// Glob returns include pattern i cleaned (see Clean).
func (m *Matcher) Glob(i int) string { return m.includes[i].glob }

// Literal reports whether include pattern i is a plain path.
func (m *Matcher) Literal(i int) bool { return m.includes[i].literal }

// Base returns the directory include pattern i starts from ("." for none).
func (m *Matcher) Base(i int) string { return m.includes[i].base }

// Excludes returns the exclude patterns, cleaned and without "!".
func (m *Matcher) Excludes() []string { return append([]string(nil), m.excludes...) }

// Selects reports whether include pattern i selects the slash path p: the
// glob matches p, no exclude matches p or a directory above it, and p is
// under no default-skipped directory the pattern does not name.
func (m *Matcher) Selects(i int, p string) bool {
	in := &m.includes[i]
	if ok, _ := doublestar.Match(in.glob, p); !ok {
		return false
	}
	return !m.Excluded(p) && !m.skippedFor(in, p)
}

// Select returns the first include pattern that selects p.
func (m *Matcher) Select(p string) (int, bool) {
	for i := range m.includes {
		if m.Selects(i, p) {
			return i, true
		}
	}
	return -1, false
}

// Hits counts, per include pattern, the slash paths it selects.
func (m *Matcher) Hits(paths []string) []int {
	hits := make([]int, len(m.includes))
	for _, p := range paths {
		for i := range hits {
			if m.Selects(i, p) {
				hits[i]++
			}
		}
	}
	return hits
}

// RemovedBy returns the excludes ("!pattern") that remove the slash path p
// from include pattern i's matches: its glob matches p, p lies under no
// default-skipped directory the pattern does not name, and these excludes
// match p or a directory above it. It is empty when p is no such match.
func (m *Matcher) RemovedBy(i int, p string) []string {
	in := &m.includes[i]
	if ok, _ := doublestar.Match(in.glob, p); !ok || m.skippedFor(in, p) {
		return nil
	}
	var by []string
	for _, e := range m.excludes {
		for q := p; q != "." && q != "/" && q != ""; q = path.Dir(q) {
			if ok, _ := doublestar.Match(e, q); ok {
				by = append(by, "!"+e)
				break
			}
		}
	}
	return by
}

// Excluded reports whether an exclude matches p or a directory above it.
func (m *Matcher) Excluded(p string) bool {
	for _, e := range m.excludes {
		for q := p; q != "." && q != "/" && q != ""; q = path.Dir(q) {
			if ok, _ := doublestar.Match(e, q); ok {
				return true
			}
		}
	}
	return false
}

// SkipDir reports whether a walk for include pattern i does not enter the
// directory d (a slash path below the pattern's base): it is excluded, it
// is a default-skipped directory the pattern does not name, or it is deeper
// than any match of the pattern can be.
func (m *Matcher) SkipDir(i int, d string) bool {
	in := &m.includes[i]
	if m.Excluded(d) {
		return true
	}
	if in.depth >= 0 {
		below := strings.TrimPrefix(d, in.base+"/")
		if in.base == "." {
			below = d
		}
		if len(strings.Split(below, "/")) >= in.depth {
			return true
		}
	}
	return isSkippedName(path.Base(d)) && !in.names[path.Base(d)]
}

// skippedFor reports whether p lies in a default-skipped directory that
// pattern in does not name.
func (m *Matcher) skippedFor(in *include, p string) bool {
	dirs := strings.Split(p, "/")
	for _, d := range dirs[:len(dirs)-1] {
		if isSkippedName(d) && !in.names[d] {
			return true
		}
	}
	return false
}

func isSkippedName(name string) bool {
	for _, s := range DefaultSkipped {
		if name == s {
			return true
		}
	}
	return false
}

func (m *Matcher) excludeTexts() []string {
	out := make([]string, len(m.excludes))
	for i, e := range m.excludes {
		out[i] = "!" + e
	}
	return out
}

// quoteAll quotes each string and joins them with ", ".
func quoteAll(list []string) string {
	q := make([]string, len(list))
	for i, s := range list {
		q[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(q, ", ")
}

// QuoteAll quotes each pattern and joins them with ", ", for messages.
func QuoteAll(list []string) string { return quoteAll(list) }
