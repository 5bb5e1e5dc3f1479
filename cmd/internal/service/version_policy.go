package service

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// RuleMajorBumpUnused: a major version bump without a breaking change
// (version-policy: semver).
var RuleMajorBumpUnused = rules.New(rules.Rule{
	ID: "mcpschema.document.major-bump-unused", Owner: "mcpschema", Level: rules.May, Severity: rules.Notice,
	Summary: "a major version bump of a document announces a breaking change",
	Doc: "Under version-policy: semver (read from the base's config), a document that declares its version (MCP Description info.version, which a snapshot carries too) and bumps its major version (below 1.0.0, its minor version) announces breaking changes; " +
		"when the comparison finds none, the bump is listed as a notice, since consumers pinned to the old major version upgrade by hand for nothing. Without the policy a version changes nothing.",
	Fix:   "release a minor version instead, unless the break lies outside what mcpschema compares",
	Title: "major version bump without a breaking change",
})

// SemverMajor reads the major and minor numbers of a semantic version
// ("v" prefix allowed); false when v is not one.
func SemverMajor(v string) (major, minor int, ok bool) {
	major, minor, _, ok = SemverParts(v)
	return major, minor, ok
}

// SemverParts reads the three numbers of a semantic version.
func SemverParts(v string) (major, minor, patch int, ok bool) {
	v = strings.TrimPrefix(strings.TrimSpace(v), "v")
	if i := strings.IndexAny(v, "-+"); i >= 0 {
		v = v[:i]
	}
	parts := strings.Split(v, ".")
	if len(parts) != 3 {
		return 0, 0, 0, false
	}
	nums := make([]int, 3)
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 {
			return 0, 0, 0, false
		}
		nums[i] = n
	}
	return nums[0], nums[1], nums[2], true
}

// majorBump reports whether after announces breaking changes against
// before under semantic versioning: a greater major version, or, below
// 1.0.0, a greater minor version (semver: anything may change in 0.y.z,
// and 0.y → 0.(y+1) is how such packages announce a break).
func majorBump(before, after string) bool {
	bM, bm, ok1 := SemverMajor(before)
	aM, am, ok2 := SemverMajor(after)
	if !ok1 || !ok2 {
		return false
	}
	return aM > bM || (aM == 0 && bM == 0 && am > bm)
}

// applyVersionPolicy applies version-policy: semver (read from the
// trusted config only: on a pull request the base's, so the change cannot
// opt itself in). In a document that declares its version, a breaking
// change with a major version bump is announced: accepted, a notice that
// still counts as breaking; one without says to bump the major version;
// a major bump without any breaking change is a notice. Without the
// policy a version changes nothing.
func applyVersionPolicy(rep *report.Report, cfg *Config) {
	if cfg == nil || cfg.VersionPolicy != "semver" || len(rep.Versions) == 0 {
		return
	}
	byFile := map[string]report.VersionChange{}
	for _, v := range rep.Versions {
		byFile[v.File] = v
	}
	broke := map[string]bool{}
	for i, f := range rep.Findings {
		v, ok := byFile[f.File]
		if !ok || !f.IsBreaking() || f.PreExisting {
			continue
		}
		broke[f.File] = true
		if majorBump(v.Before, v.After) {
			how := fmt.Sprintf("announced by %s → %s", v.Before, v.After)
			rep.Findings[i].Severity = rules.Notice
			rep.Findings[i].Accepted = how
			rep.Findings[i].Message = f.Message + " (breaking, " + how + ")"
			continue
		}
		rep.Findings[i].Message = f.Message + fmt.Sprintf("; bump the major version (info.version, now %q) to announce it", v.After)
	}
	for _, v := range rep.Versions {
		if v.Before != "" && majorBump(v.Before, v.After) && !broke[v.File] {
			rep.Findings = append(rep.Findings, report.Finding{Rule: RuleMajorBumpUnused.ID, Severity: RuleMajorBumpUnused.Severity,
				File: v.File, Pointer: "/info/version", Line: v.Line, Column: v.Column,
				Message: fmt.Sprintf("info.version went from %q to %q, a major bump, yet no breaking change was found: release a minor version instead, unless the break lies outside what mcpschema compares", v.Before, v.After)})
		}
	}
}
