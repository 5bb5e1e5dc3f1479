package app

import (
	"bytes"
	"context"
	"runtime/debug"
	"testing"
)

// withBuild sets the stamped values and the build information for one test.
func withBuild(t *testing.T, version, commit, date string, info *debug.BuildInfo) {
	t.Helper()
	v, c, d, r := Version, Commit, Date, readBuildInfo
	t.Cleanup(func() { Version, Commit, Date, readBuildInfo = v, c, d, r })
	Version, Commit, Date = version, commit, date
	readBuildInfo = func() (*debug.BuildInfo, bool) { return info, info != nil }
}

func vcs(rev, time, modified string) []debug.BuildSetting {
	return []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: rev},
		{Key: "vcs.time", Value: time}, {Key: "vcs.modified", Value: modified}}
}

func TestVersionCommand(t *testing.T) {
	goInstall := &debug.BuildInfo{Main: debug.Module{Path: "github.com/mcpschema/mcpschema", Version: "v1.4.0"}}
	checkout := &debug.BuildInfo{Main: debug.Module{Path: "github.com/mcpschema/mcpschema", Version: "(devel)"},
		Settings: vcs("0123456789abcdef0123456789abcdef01234567", "2026-11-30T10:00:00Z", "true")}
	cases := []struct {
		name                  string
		version, commit, date string
		info                  *debug.BuildInfo
		want                  string
	}{
		{"release build (ldflags win)", "v1.2.3", "abc1234", "2026-12-01T00:00:00Z", checkout,
			"mcpschema v1.2.3 (commit abc1234, built 2026-12-01T00:00:00Z)\n"},
		{"go install @version", "dev", "", "", goInstall, "mcpschema v1.4.0\n"},
		{"go build in a git checkout", "dev", "", "", checkout,
			"mcpschema dev (commit 0123456789abcdef0123456789abcdef01234567, modified, built 2026-11-30T10:00:00Z)\n"},
		{"plain go build without vcs", "dev", "", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "mcpschema dev\n"},
		{"no build information", "dev", "", "", nil, "mcpschema dev\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			withBuild(t, tc.version, tc.commit, tc.date, tc.info)
			for _, arg := range []string{"version", "--version"} {
				var out, errb bytes.Buffer
				code := Main(context.Background(), []string{arg}, Env{Stdout: &out, Stderr: &errb})
				if code != ExitOK || out.String() != tc.want || errb.Len() != 0 {
					t.Errorf("%s: exit %d, stdout %q, stderr %q; want 0, %q", arg, code, out.String(), errb.String(), tc.want)
				}
			}
		})
	}
}

func TestVersionRejectsArguments(t *testing.T) {
	t.Parallel()
	var out, errb bytes.Buffer
	if code := Main(context.Background(), []string{"version", "extra"}, Env{Stdout: &out, Stderr: &errb}); code != ExitUsage || out.Len() != 0 {
		t.Fatalf("exit %d, stdout %q; want %d and nothing", code, out.String(), ExitUsage)
	}
}
