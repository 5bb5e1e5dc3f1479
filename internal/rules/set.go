package rules

import (
	"fmt"
	"sort"
	"strings"
)

// Set is a checked set of rules, sorted by id: what `mcpschema rules`
// lists, SARIF describes and the config may name.
type Set struct {
	all  []*Rule
	byID map[string]*Rule
}

// NewSet puts the rules of lists in one set. It fails on a malformed or
// duplicate id, an unknown kind, a rule whose kind is not its id's
// namespace (compat.* ids, and only they, are Breaking) and a breaking rule
// without a known direction. A record listed twice counts once.
func NewSet(lists ...[]*Rule) (*Set, error) {
	s := &Set{byID: map[string]*Rule{}}
	for _, list := range lists {
		for _, r := range list {
			if prev, ok := s.byID[r.ID]; ok {
				if prev == r {
					continue
				}
				return nil, fmt.Errorf("rules: duplicate id %q", r.ID)
			}
			if err := check(r); err != nil {
				return nil, err
			}
			s.byID[r.ID] = r
			s.all = append(s.all, r)
		}
	}
	sort.Slice(s.all, func(i, j int) bool { return s.all[i].ID < s.all[j].ID })
	return s, nil
}

// check is what NewSet asks of one record.
func check(r *Rule) error {
	switch {
	case !idRe.MatchString(r.ID):
		return fmt.Errorf("rules: malformed id %q", r.ID)
	case r.Kind != Validation && r.Kind != Breaking:
		return fmt.Errorf("rules: %s: unknown kind %q", r.ID, r.Kind)
	case (r.Kind == Breaking) != IsBreaking(r.ID):
		return fmt.Errorf("rules: %s: kind %q, but compat.* ids and only they are %q", r.ID, r.Kind, Breaking)
	case (r.Kind == Breaking || r.Direction != "") && !IsDirection(r.Direction):
		return fmt.Errorf("rules: %s: unknown direction %q", r.ID, r.Direction)
	}
	return nil
}

// Lookup returns the rule with the given id (none in a nil set).
func (s *Set) Lookup(id string) (*Rule, bool) {
	if s == nil {
		return nil, false
	}
	r, ok := s.byID[id]
	return r, ok
}

// All returns the rules, sorted by id (the set's own slice: do not change
// it); none for a nil set.
func (s *Set) All() []*Rule {
	if s == nil {
		return nil
	}
	return s.all
}

// IDs returns the rules' ids, sorted.
func (s *Set) IDs() []string {
	if s == nil {
		return nil
	}
	out := make([]string, len(s.all))
	for i, r := range s.all {
		out[i] = r.ID
	}
	return out
}

// Title is the short title of the rule with the given id (ShortTitle), or
// the id when the set does not know it.
func (s *Set) Title(id string) string {
	if r, ok := s.Lookup(id); ok {
		return r.ShortTitle()
	}
	return id
}

// breakingPrefix is the namespace of every breaking rule.
const breakingPrefix = "compat."

// IsBreaking reports whether id names a breaking rule: its namespace is
// compat. (NewSet holds every rule of a set to it.)
func IsBreaking(id string) bool { return strings.HasPrefix(id, breakingPrefix) }
