package service

import (
	"fmt"
	"strings"

	"github.com/mcpschema/mcpschema/internal/load"
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// RulePatternUnmatched reports a file pattern that selects no file.
var RulePatternUnmatched = rules.New(rules.Rule{
	ID: "mcpschema.files.pattern-unmatched", Title: "pattern matches no file", Owner: "mcpschema", Level: rules.Should, Severity: rules.Warning,
	Summary: "every file pattern matches a file",
	Doc:     "A pattern (given on the command line, in the action's files input or in the config's files) that matches no file, neither in the head tree nor (with a base) in the base tree, is most likely a typo or a stale path. It is reported and the files the other patterns match are checked. When no pattern matches any file the run stops with a usage error (exit status 2). A pattern that matches files only at the base is not reported: its files were deleted, and the comparison reports their tools as removed. Excludes (\"!pattern\", exclude: in the config) remove matches first, and node_modules, vendor and .git are skipped unless the pattern names them.",
	Fix:     "fix the pattern's spelling or remove it",
})

// RunPatterns returns the run's patterns (the command line's, else the
// config's files), with the config's exclude appended as "!pattern"
// entries, and whether they come from the config.
func RunPatterns(o RunOptions, cfg *Config) ([]string, bool, error) {
	cfg.runDir = o.Dir
	patterns, fromConfig := o.Patterns, false
	if len(patterns) == 0 {
		patterns, fromConfig = cfg.Files, true
		for _, p := range patterns {
			if err := CheckWorkspacePattern(p); err != nil {
				return nil, false, usageErr("%s, files: %v", DefaultConfigName, err)
			}
		}
	}
	if len(patterns) == 0 {
		return nil, false, &UsageError{Err: NoFilesError{config: DefaultConfigName}}
	}
	out := append([]string(nil), patterns...)
	for _, e := range cfg.Exclude {
		out = append(out, "!"+strings.TrimPrefix(e, "!"))
	}
	return out, fromConfig, nil
}

// NoFilesError is the error of a run given no patterns and no files: in the
// config; the action names its own input instead (see actionNoFiles).
type NoFilesError struct{ config string }

func (e NoFilesError) Error() string {
	return fmt.Sprintf("no files to check: give patterns such as 'tools/**/*.json' or set files: in %s", e.config)
}

// unmatchedPatterns returns a warning finding for each include pattern
// that selected nothing, at the head (headHits) nor at the base (baseHits,
// nil without a base), or a usage error when no pattern selected anything.
// head and base name the trees in messages ("" for the working tree).
func unmatchedPatterns(m *load.Matcher, headHits, baseHits []int, cfg *Config, fromConfig bool, head, base string) ([]report.Finding, error) {
	var none []string
	var findings []report.Finding
	excluded := map[string]string{}
	tree := revisionTrees(cfg.runDir)
	for i := 0; i < m.Len(); i++ {
		if headHits[i] > 0 || (baseHits != nil && baseHits[i] > 0) {
			continue
		}
		none = append(none, m.Pattern(i))
		msg := fmt.Sprintf("pattern %q matches no file%s: fix or remove it (node_modules, vendor and .git are skipped unless the pattern names them)", m.Pattern(i), where(head, base))
		if by := removedBy(m, i, cfg.runDir, head, base, tree); len(by) > 0 {
			msg = excludedMessage(m.Pattern(i), by, head, base)
			excluded[m.Pattern(i)] = msg
		}
		f := report.Finding{Rule: RulePatternUnmatched.ID, Severity: RulePatternUnmatched.Severity, Message: msg}
		if fromConfig && cfg.File != nil {
			f.File = cfg.Path
			f.Pointer = cfg.filesPointer(m.Pattern(i))
			pos, _ := cfg.File.Index.Locate(f.Pointer)
			f.Line, f.Column = pos.Line, pos.Column
		}
		f.Fingerprint = report.Fingerprint(f.Rule, m.Pattern(i))
		findings = append(findings, f)
	}
	if len(none) < m.Len() {
		return findings, nil
	}
	if len(none) == 1 {
		if msg, ok := excluded[none[0]]; ok {
			return nil, usageErr("%s", msg)
		}
		return nil, usageErr("pattern %q matches no file%s", none[0], where(head, base))
	}
	var why []string
	for _, p := range none {
		if msg, ok := excluded[p]; ok {
			why = append(why, msg)
		}
	}
	if len(why) > 0 {
		return nil, usageErr("no pattern matches a file%s: %s (%s)", where(head, base), load.QuoteAll(none), strings.Join(why, "; "))
	}
	return nil, usageErr("no pattern matches a file%s: %s", where(head, base), load.QuoteAll(none))
}

// where names the trees searched, for messages.
func where(head, base string) string {
	s := ""
	switch {
	case head != "":
		s = " at " + head
	case base != "":
		s = " in the working tree"
	}
	if base != "" {
		s += " nor at the base " + base
	}
	return s
}

// filesPointer is the pointer of pattern p in the config's files.
func (c *Config) filesPointer(p string) string {
	root, _ := c.File.Root.(map[string]any)
	list, ok := root["files"].([]any)
	if !ok {
		return "/files"
	}
	for i, e := range list {
		if s, _ := e.(string); s == p {
			return source.JoinIndex("/files", i)
		}
	}
	return "/files"
}

// patternList reads a list of patterns: a YAML list, or a string with one
// pattern per line.
func (c *Config) patternList(v any, ptr string) ([]string, error) {
	if one, ok := v.(string); ok {
		return SplitPatterns(one), nil
	}
	return c.stringList(v, ptr)
}
