package service

import (
	"context"
	"fmt"
	"slices"
	"sort"

	"github.com/mcpschema/mcpschema/diffcheck"
	"github.com/mcpschema/mcpschema/internal/load"
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
	"github.com/mcpschema/mcpschema/validate"
)

// configScope is what a changed config's files, exclude, limits and aliases
// would do to the findings of this run, told without a second run: the
// findings are tested against the changed settings, nothing is read again.
type configScope struct {
	// selects reports whether the changed config's patterns select a slash
	// path (nil: they select what the applied ones do).
	selects func(string) bool
	// files are the paths of the files this run checked: only findings in
	// them (and diff findings) are about a file; the others are run-level.
	files map[string]bool
	// raised and lowered map a limit key to its applied and changed values
	// when the changed config raises or lowers it.
	raised, lowered map[string][2]string
	// pairs maps the base name of a compat.tool.removed finding to the head
	// name a new alias pairs it with.
	pairs map[string]string
	// unknown are the lines of report.ConfigChange.Unknown.
	unknown []string
	// checkedFully are the files a raised limit would check fully.
	checkedFully map[string]string
	// work is the matching work the changed patterns may still cost (nil:
	// unchanged patterns).
	work *noteWork
}

// prepareScope compares the changed config's files, exclude and limits
// with the applied ones, given the run's patterns and matcher.
func (tc *trustedConfig) prepareScope(ctx context.Context, o RunOptions, patterns []string, m *load.Matcher) {
	if tc == nil || tc.Change == nil || tc.Proposed == nil {
		return
	}
	s := &configScope{raised: map[string][2]string{}, lowered: map[string][2]string{}, checkedFully: map[string]string{}}
	tc.scope = s
	prop := *tc.Proposed
	pp, _, err := RunPatterns(o, &prop)
	switch {
	case err != nil:
		s.unknown = append(s.unknown, fmt.Sprintf("the changed files or exclude cannot be compared (%v): the files they would read after merge are not known here", err))
	case !slices.Equal(pp, patterns):
		nb := defaultNoteBounds
		if o.noteBounds != nil {
			nb = *o.noteBounds
		}
		if why := nb.tooLarge(pp); why != "" {
			s.unknown = append(s.unknown, notComputedLine(why))
			break
		}
		pm, err := load.NewMatcher(pp)
		if err != nil {
			s.unknown = append(s.unknown, fmt.Sprintf("the changed files or exclude cannot be compared (%v): the files they would read after merge are not known here", err))
			break
		}
		w := newNoteWork(nb, pp)
		s.work = w
		// Past the work bound a finding counts as still selected: it is
		// not listed as hidden, and the note says what was not computed.
		s.selects = func(p string) bool {
			if !w.spend(1, int64(len(p))) {
				return true
			}
			_, ok := pm.Select(p)
			return ok
		}
		if line := addedFilesLine(ctx, o, pp, pm, m, w); line != "" {
			s.unknown = append(s.unknown, line)
		}
	}
	a, p := limitValues(tc.Applied.Limits), limitValues(tc.Proposed.Limits)
	for _, k := range limitKeys {
		switch {
		case p[k].n > a[k].n:
			s.raised[k] = [2]string{a[k].text, p[k].text}
		case p[k].n < a[k].n:
			s.lowered[k] = [2]string{a[k].text, p[k].text}
			s.unknown = append(s.unknown, fmt.Sprintf("limits.%s is lowered from %s to %s: the bound findings it would add after merge are not computed here", k, a[k].text, p[k].text))
		}
	}
	s.pairs = map[string]string{}
	for head, base := range tc.Proposed.Aliases {
		if tc.Applied.Aliases[head] != base {
			s.pairs[base] = head
		}
	}
}

// addedFilesLine says how many more files the changed patterns pm would
// read than the applied ones m, counted over the paths they list (the
// working tree walked, or the head revision's tree), without reading them
// ("" when none).
func addedFilesLine(ctx context.Context, o RunOptions, pp []string, pm, m *load.Matcher, w *noteWork) string {
	treeFiles, treeBytes, err := countTree(ctx, o, w.b)
	if err != nil {
		return notComputedLine(err.Error())
	}
	if !w.spend(treeFiles, treeBytes) {
		return notComputedLine(w.out)
	}
	var paths []string
	counted := false
	if o.HeadRef == "" {
		if exp, err := load.Expand(o.Dir, pm); err == nil {
			counted = true
			for _, f := range exp.Files {
				paths = append(paths, f.Display)
			}
		}
	} else if rv, err := load.ListRevision(ctx, o.Dir, o.HeadRef, pp); err == nil {
		counted = true
		for _, b := range rv.Blobs() {
			paths = append(paths, b.Path)
		}
	}
	if !counted && ctx.Err() != nil {
		return notComputedLine(errRunBudget.Error())
	}
	if !counted {
		return "the changed files or exclude may read more files after merge; their findings are not known here"
	}
	n := 0
	for _, p := range paths {
		if _, ok := m.Select(p); !ok {
			n++
		}
	}
	if n == 0 {
		return ""
	}
	files := "files"
	if n == 1 {
		files = "file"
	}
	return fmt.Sprintf("%d more %s would be read after merge; their findings are not known here", n, files)
}

// limitValue is one limit's effective value, as a number and as text.
type limitValue struct {
	n    int64
	text string
}

// limitValues are the effective limits (defaults filled) by config key.
func limitValues(l validate.Limits) map[string]limitValue {
	l = l.WithDefaults()
	if l.MaxTools <= 0 {
		l.MaxTools = source.DefaultLimits.MaxTools
	}
	out := make(map[string]limitValue, len(limitTable))
	for _, spec := range limitTable {
		n := spec.get(l)
		out[spec.key] = limitValue{n, spec.text(n)}
	}
	return out
}

// boundKey is the limit key of a bound finding ("" for other findings):
// the field the bound set where it was hit, never read from the message.
func boundKey(f report.Finding) string { return string(f.Limit) }

// inFile reports whether f is about one file (not run-level).
func (s *configScope) inFile(f report.Finding) bool {
	return f.File != "" && (s.files[f.File] || rules.IsBreaking(f.Rule))
}

// gone reports whether the changed files, exclude or limits would make f
// disappear after merge: its file is no longer selected, or the limit it
// crossed is raised (its file would then be checked fully: noted once).
func (s *configScope) gone(f report.Finding, kept bool) bool {
	if s == nil {
		return false
	}
	if s.selects != nil && s.inFile(f) && !s.selects(f.File) {
		return true
	}
	if k := boundKey(f); k != "" {
		if v, ok := s.raised[k]; ok {
			if kept && f.File != "" && s.checkedFully[f.File] == "" {
				s.checkedFully[f.File] = fmt.Sprintf("%q would be checked fully once limits.%s is raised from %s to %s: its other findings are not known here", f.File, k, v[0], v[1])
			}
			return true
		}
	}
	return false
}

// finishUnknown returns the lines of report.ConfigChange.Unknown.
func (s *configScope) finishUnknown() []string {
	if s == nil {
		return nil
	}
	out := append([]string(nil), s.unknown...)
	if s.work != nil && s.work.out != "" && !slices.Contains(out, notComputedLine(s.work.out)) {
		out = append(out, notComputedLine(s.work.out))
	}
	var files []string
	for _, line := range s.checkedFully {
		files = append(files, line)
	}
	sort.Strings(files)
	return append(out, files...)
}

// pairedRemovals returns, among the findings kept by the applied config,
// the compat.tool.removed findings whose base tool a new alias pairs with a
// tool reported as compat.tool.added.
func (s *configScope) pairedRemovals(raw []report.Finding, kept []bool) map[int]bool {
	out := map[int]bool{}
	if s == nil || len(s.pairs) == 0 {
		return out
	}
	added := map[string]bool{}
	for i, f := range raw {
		if kept[i] && f.Rule == diffcheck.RuleToolAdded.ID {
			added[f.Tool] = true
		}
	}
	for i, f := range raw {
		if head, ok := s.pairs[f.Tool]; ok && kept[i] && f.Rule == diffcheck.RuleToolRemoved.ID && added[head] {
			out[i] = true
		}
	}
	return out
}

// scopeFiles records the files this run checked.
func (tc *trustedConfig) scopeFiles(files []report.FileSummary) {
	if tc.scope == nil {
		return
	}
	tc.scope.files = map[string]bool{}
	for _, f := range files {
		tc.scope.files[f.Path] = true
	}
}
