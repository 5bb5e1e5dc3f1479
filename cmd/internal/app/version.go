package app

import (
	"fmt"
	"runtime/debug"
	"strings"
)

// Version, Commit and Date describe the build. The release build stamps them
// with -ldflags "-X github.com/mcpschema/mcpschema/cmd/internal/app.Version=…";
// otherwise they are read from the module's build information (a `go install
// …@vX.Y.Z` build has the module version, a build in a git checkout has the
// revision and commit time), and Version stays "dev" for a plain `go build`.
var (
	Version = "dev"
	Commit  = ""
	Date    = ""
)

// BuildInfo is what `mcpschema version` prints.
type BuildInfo struct {
	Version, Commit, Date string
	// Modified is true for a build from a work tree with uncommitted changes.
	Modified bool
}

// readBuildInfo is debug.ReadBuildInfo, replaceable in tests.
var readBuildInfo = debug.ReadBuildInfo

// currentBuild combines the stamped values with the build information.
func currentBuild() BuildInfo {
	b := BuildInfo{Version: Version, Commit: Commit, Date: Date}
	info, ok := readBuildInfo()
	if !ok {
		return b
	}
	return fillBuild(b, info)
}

// fillBuild fills what the release build did not stamp from info.
func fillBuild(b BuildInfo, info *debug.BuildInfo) BuildInfo {
	if b.Version == "dev" || b.Version == "" {
		if v := info.Main.Version; v != "" && v != "(devel)" {
			b.Version = v
		} else {
			b.Version = "dev"
		}
	}
	stamped := b.Commit != ""
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			if !stamped {
				b.Commit = s.Value
			}
		case "vcs.time":
			if b.Date == "" {
				b.Date = s.Value
			}
		case "vcs.modified":
			// Said only of the revision read here, not of a stamped commit.
			b.Modified = !stamped && s.Value == "true"
		}
	}
	return b
}

// String is the one-line form: "mcpschema v1.2.3 (commit abc123, built 2026-…)".
func (b BuildInfo) String() string {
	var parts []string
	if b.Commit != "" {
		c := "commit " + b.Commit
		if b.Modified {
			c += ", modified"
		}
		parts = append(parts, c)
	}
	if b.Date != "" {
		parts = append(parts, "built "+b.Date)
	}
	s := "mcpschema " + b.Version
	if len(parts) > 0 {
		s += " (" + strings.Join(parts, ", ") + ")"
	}
	return s
}

// runVersion prints the version line.
func runVersion(args []string, env Env) int {
	if len(args) > 0 {
		fmt.Fprintf(env.Stderr, "mcpschema: version takes no arguments, got %q\n", args[0])
		return ExitUsage
	}
	fmt.Fprintln(env.Stdout, currentBuild().String())
	return ExitOK
}
