package service

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/validate"
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

// RuleVersionNotRaised: under version-policy: semver, a file of the
// release whose version lags while another file breaks callers.
var RuleVersionNotRaised = rules.New(rules.Rule{
	ID: "mcpschema.document.version-not-raised", Owner: "mcpschema", Level: rules.Must, Severity: rules.Error,
	Summary: "a breaking change raises the major version in every file of the release",
	Doc: "Under version-policy: semver (read from the base's config), a pull request with a breaking change must raise the major version (below 1.0.0, the minor version) in each file that declares the server's version: the MCP Registry server.json (`version`), MCP Description documents (`info.version`) and tools/list snapshots (`serverInfo.version`), grouped by server as mcpschema.document.version-mismatch groups them. " +
		"Each file that existed at the base and lags is reported at its version while a breaking change lies in another file (a file's own breaking changes say to bump it); the breaking changes count as announced only once every such file is raised. Without the policy a version changes nothing.",
	Fix:   "raise the major version in this file too, as in the others",
	Title: "version not raised",
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
// opt itself in) to each version story (validate.VersionStories: the
// server.json, MCP Description info.version and snapshot serverInfo.version
// of one server). A breaking change in a file of a story (or, when the run
// has one story, in any file) is announced when every file of the story
// that existed at the base raised its major version: accepted, a notice
// that still counts as breaking; one not announced says which version to
// bump, and each file that lags while another file breaks is reported
// (RuleVersionNotRaised); a major bump without any breaking change is a
// notice. Without the policy a version changes nothing.
func applyVersionPolicy(rep *report.Report, cfg *Config) {
	if cfg == nil || cfg.VersionPolicy != "semver" || len(rep.Versions) == 0 {
		return
	}
	stories := validate.VersionStories(rep.Versions)
	storyOf := map[string]int{}
	for i, g := range stories {
		for _, v := range g {
			storyOf[v.File] = i
		}
	}
	// broke: per story, the files with a breaking change
	broke := make([]map[string]bool, len(stories))
	for i := range broke {
		broke[i] = map[string]bool{}
	}
	story := func(file string) (int, bool) {
		if i, ok := storyOf[file]; ok {
			return i, true
		}
		return 0, len(stories) == 1
	}
	for i, f := range rep.Findings {
		if !f.IsBreaking() || f.PreExisting {
			continue
		}
		si, ok := story(f.File)
		if !ok {
			continue
		}
		broke[si][f.File] = true
		g := stories[si]
		lag, own := lagging(g), (*report.VersionChange)(nil)
		for k := range g {
			if g[k].File == f.File {
				own = &g[k]
			}
		}
		if len(lag) == 0 {
			v := g[0]
			if own != nil && own.Before != "" {
				v = *own
			} else {
				for _, x := range g {
					if x.Before != "" {
						v = x
						break
					}
				}
			}
			if v.Before == "" {
				continue // nothing existed at the base to bump
			}
			how := fmt.Sprintf("announced by %s → %s", v.Before, v.After)
			rep.Findings[i].Severity = rules.Notice
			rep.Findings[i].Accepted = how
			rep.Findings[i].Message = f.Message + " (breaking, " + how + ")"
			continue
		}
		v := lag[0]
		if own != nil && !majorBump(own.Before, own.After) && own.Before != "" {
			v = *own
		}
		rep.Findings[i].Message = f.Message + fmt.Sprintf("; bump the major version (%s, now %q) to announce it", versionWhat(v, f.File), v.After)
	}
	for si, g := range stories {
		if len(broke[si]) == 0 {
			for _, v := range g {
				if v.Before != "" && majorBump(v.Before, v.After) {
					rep.Findings = append(rep.Findings, report.Finding{Rule: RuleMajorBumpUnused.ID, Severity: RuleMajorBumpUnused.Severity,
						File: v.File, Pointer: v.VersionPointer(), Line: v.Line, Column: v.Column,
						Message: fmt.Sprintf("%s went from %q to %q, a major bump, yet no breaking change was found: release a minor version instead, unless the break lies outside what mcpschema compares", versionWhat(v, v.File), v.Before, v.After)})
				}
			}
			continue
		}
		for _, v := range lagging(g) {
			if broke[si][v.File] {
				continue // its own breaking changes say to bump it
			}
			rep.Findings = append(rep.Findings, report.Finding{Rule: RuleVersionNotRaised.ID, Severity: RuleVersionNotRaised.Severity,
				File: v.File, Pointer: v.VersionPointer(), Line: v.Line, Column: v.Column,
				Message: fmt.Sprintf("%s is still %q, but this change breaks callers (%s): raise its major version to %q, with the other files of the release", validate.VersionLabel(v), v.After, brokeText(broke[si]), nextMajor(v.Before))})
		}
	}
}

// lagging are the files of a story that existed at the base with a
// version and did not raise its major version.
func lagging(g []report.VersionChange) []report.VersionChange {
	var out []report.VersionChange
	for _, v := range g {
		if v.Before != "" && !majorBump(v.Before, v.After) {
			out = append(out, v)
		}
	}
	return out
}

// versionWhat names a version for a message about file: "info.version"
// (today's wording) in the file itself, else the file and its member.
func versionWhat(v report.VersionChange, file string) string {
	if v.File == file && v.Pointer == "" {
		return "info.version"
	}
	return validate.VersionLabel(v)
}

// brokeText names the files with breaking changes: "in tools.json".
func brokeText(files map[string]bool) string {
	names := make([]string, 0, len(files))
	for f := range files {
		names = append(names, f)
	}
	sort.Strings(names)
	if len(names) > 3 {
		return fmt.Sprintf("breaking changes in %s and %d more files", strings.Join(names[:3], ", "), len(names)-3)
	}
	return "breaking changes in " + strings.Join(names, ", ")
}

// nextMajor is the version that announces a break after v (below 1.0.0,
// the next minor version, as majorBump reads it).
func nextMajor(v string) string {
	M, m, ok := SemverMajor(v)
	switch {
	case !ok:
		return "the next major version"
	case M == 0:
		return fmt.Sprintf("0.%d.0", m+1)
	}
	return fmt.Sprintf("%d.0.0", M+1)
}
