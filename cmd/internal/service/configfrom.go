package service

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/mcpschema/mcpschema/internal/load"
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// RuleConfigValid reports a changed config file that cannot be read; the
// config of the revision the run trusts applies instead.
var RuleConfigValid = rules.New(rules.Rule{
	ID: "mcpschema.config.valid", Title: "config invalid", Owner: "mcpschema", Level: rules.Must, Severity: rules.Error,
	Summary: "a config file changed by a pull request is valid",
	Doc:     "On a pull request the config of the base revision applies and the pull request's config is only compared with it. When the pull request's config cannot be read (bad YAML, an unknown key or rule, an ignore without a reason), it is reported here at its position, the base config still applies, and the run is not aborted: merging it would break every later run.",
	Fix:     "fix the config file at the position given, or run 'mcpschema check' locally to see the error",
})

// MaxConfigBytes bounds the config file read from a revision (as from the working tree).
const MaxConfigBytes = 1 << 20

// trustedConfig is the outcome of reading the config from a trusted
// revision: Applied is used for this run; Proposed (nil when invalid) is the
// working tree's config, which only applies after merge.
type trustedConfig struct {
	Applied  *Config
	Proposed *Config
	// Change is nil when the working tree's config is the trusted one.
	Change *report.ConfigChange
	// Invalid is the error of the working tree's config, if any.
	Invalid error
	// scope is what the working tree's files, exclude, limits and aliases
	// would do (nil until prepareScope).
	scope *configScope
}

// loadTrustedConfig reads the config at o.ConfigFrom (through git, never
// checking anything out) and compares the working tree's config with it.
// An invalid config at the trusted revision is an error (the run stops); an
// invalid working-tree config is reported and the trusted one applies.
func loadTrustedConfig(ctx context.Context, o RunOptions) (*trustedConfig, error) {
	name, explicit := o.ConfigPath, o.ConfigPath != ""
	if !explicit {
		name = DefaultConfigName
	}
	rel, err := filepath.Rel(o.Dir, ResolveConfigPath(o.Dir, name))
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return nil, fmt.Errorf("config %q is outside the repository: --config-from reads the config inside it at a revision", name)
	}
	baseData, baseFound, err := readConfigAt(ctx, o.Dir, o.ConfigFrom, filepath.ToSlash(rel))
	if err != nil {
		return nil, err
	}
	headData, headErr := readRegularFile(ResolveConfigPath(o.Dir, name), MaxConfigBytes)
	headFound := headErr == nil
	if headErr != nil && !os.IsNotExist(headErr) {
		headFound = true // unreadable: reported as an invalid config below
	}
	if !baseFound && !headFound && explicit {
		return nil, fmt.Errorf("cannot read config: %q exists neither at %q nor in the working tree", name, o.ConfigFrom)
	}
	tc := &trustedConfig{Applied: DefaultConfig()}
	if baseFound {
		if tc.Applied, err = ParseConfig(baseData, name, o.Rules); err != nil {
			return nil, fmt.Errorf("the config at %q (the revision the config is read from) is invalid: %w", o.ConfigFrom, err)
		}
	}
	if !baseFound && !headFound {
		// no config anywhere: the defaults apply, nothing changed
		tc.Proposed = tc.Applied
		return tc, nil
	}
	if baseFound == headFound && headErr == nil && bytes.Equal(baseData, headData) {
		tc.Proposed = tc.Applied
		return tc, nil
	}
	if o.ConfigSince != "" && o.ConfigSince != o.ConfigFrom && (headErr == nil || !headFound) {
		sinceData, sinceFound, err := readConfigAt(ctx, o.Dir, o.ConfigSince, filepath.ToSlash(rel))
		if err == nil && sinceFound == headFound && bytes.Equal(sinceData, headData) {
			// the change left the config as it was where it branched off:
			// the config at ConfigFrom applies, and nothing is proposed.
			tc.Proposed = tc.Applied
			return tc, nil
		}
	}
	tc.Change = &report.ConfigChange{File: name, From: o.ConfigFrom, Added: !baseFound, Removed: !headFound,
		Settings: []report.SettingChange{}, Hidden: []report.Finding{}, Reclassified: []report.Reclassified{}, Shown: []report.Finding{}}
	switch {
	case headErr != nil && headFound:
		tc.Invalid = fmt.Errorf("cannot read config: %w", headErr)
	case !headFound:
		tc.Proposed = DefaultConfig()
	default:
		tc.Proposed, tc.Invalid = ParseConfig(headData, name, o.Rules)
	}
	if tc.Invalid != nil {
		tc.Proposed = nil
		tc.Change.Invalid = tc.Invalid.Error()
		return tc, nil
	}
	tc.Change.Settings = settingChanges(tc.Applied, tc.Proposed)
	return tc, nil
}

// readConfigAt reads the blob at path (slash-separated, relative to dir) of
// the commit rev. found is false when the commit has no such file.
func readConfigAt(ctx context.Context, dir, rev, path string) (data []byte, found bool, err error) {
	if rev == "" || strings.HasPrefix(rev, "-") || strings.ContainsAny(rev, "\x00\n ") {
		return nil, false, fmt.Errorf("invalid config revision %q", rev)
	}
	sha, err := load.GitOut(ctx, dir, "rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}")
	if err != nil || sha == "" {
		return nil, false, fmt.Errorf("cannot read the config at %q: %w", rev, load.MissingRevision(ctx, dir, rev))
	}
	ls, err := load.GitOut(ctx, dir, "ls-tree", "-z", sha, "--", "./"+path)
	if err != nil {
		return nil, false, fmt.Errorf("cannot read the config %q at %q: %v", path, rev, err)
	}
	ls = strings.TrimSuffix(ls, "\x00")
	if ls == "" {
		return nil, false, nil
	}
	meta, _, _ := strings.Cut(ls, "\t")
	fields := strings.Fields(meta)
	if len(fields) != 3 || fields[1] != "blob" || (fields[0] != "100644" && fields[0] != "100755") {
		return nil, false, fmt.Errorf("the config %q at %q is not a regular file (mode %s): a symlink or directory is not read", path, rev, meta)
	}
	size, err := load.GitOut(ctx, dir, "cat-file", "-s", fields[2])
	if n, perr := strconv.ParseInt(size, 10, 64); err != nil || perr != nil || n > MaxConfigBytes {
		return nil, false, fmt.Errorf("the config %q at %q is larger than %d bytes or unreadable", path, rev, MaxConfigBytes)
	}
	out, err := load.Git(ctx, dir, nil, "cat-file", "blob", fields[2])
	if err != nil {
		ge := err.(*load.GitError)
		return nil, false, fmt.Errorf("cannot read the config %q at %q: %v %s", path, rev, ge.Err, ge.Stderr)
	}
	return out, true, nil
}

// readRegularFile reads the regular file at p, at most max bytes: a
// symlink, a device or a FIFO committed or placed by the changed tree is
// never followed or read.
func readRegularFile(p string, max int64) ([]byte, error) {
	fi, err := os.Lstat(p)
	if err != nil {
		return nil, err
	}
	if fi.Mode()&os.ModeSymlink != 0 {
		return nil, fmt.Errorf("%q is a symlink: it is not followed", filepath.Base(p))
	}
	return readBoundedFile(p, max)
}

// readBoundedFile reads the file at p (through a symlink) when it is a
// regular file, at most max bytes: a device or a FIFO is never read.
func readBoundedFile(p string, max int64) ([]byte, error) {
	fi, err := os.Stat(p)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%q is not a regular file: it is not read", filepath.Base(p))
	}
	fh, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	data, err := io.ReadAll(io.LimitReader(fh, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("%q is larger than %d bytes", filepath.Base(p), max)
	}
	return data, nil
}

// configInvalidFinding reports the working tree's invalid config at its position.
func configInvalidFinding(tc *trustedConfig) report.Finding {
	f := report.Finding{Rule: RuleConfigValid.ID, Severity: RuleConfigValid.Severity, File: tc.Change.File}
	msg := tc.Invalid.Error()
	var ce *ConfigError
	if errors.As(tc.Invalid, &ce) {
		f.Line, f.Column, msg = ce.Pos.Line, ce.Pos.Column, ce.Msg
	}
	f.Message = fmt.Sprintf("changed config %q is invalid and is not used: %s; the config at %q applies to this run, and merging the change would break every later run: fix it", tc.Change.File, msg, tc.Change.From)
	return f
}

// compareOutcomes fills the change with the findings the proposed config
// would hide, reclassify or show, given the findings before any config;
// scope (nil: none) adds what its files, exclude, limits and aliases would do.
func compareOutcomes(c *report.ConfigChange, raw []report.Finding, applied, proposed *Config, now time.Time, scope *configScope) {
	kept := make([]bool, len(raw))
	for i, f := range raw {
		_, kept[i] = applied.outcome(f, now)
	}
	paired := scope.pairedRemovals(raw, kept)
	for i, f := range raw {
		sa, ka := applied.outcome(f, now)
		sp, kp := proposed.outcome(f, now)
		if kp && scope.gone(f, ka) {
			kp = false
		}
		switch {
		case ka && kp && paired[i]:
			f.Severity = sa
			c.Paired = append(c.Paired, f)
		case ka && !kp:
			f.Severity = sa
			c.Hidden = append(c.Hidden, f)
		case ka && kp && sa != sp:
			f.Severity = sa
			c.Reclassified = append(c.Reclassified, report.Reclassified{Finding: f, To: sp})
		case !ka && kp:
			f.Severity = sp
			c.Shown = append(c.Shown, f)
		}
	}
	c.Unknown = scope.finishUnknown()
	sort.SliceStable(c.Paired, func(i, j int) bool { return report.Less(c.Paired[i], c.Paired[j]) })
	sort.SliceStable(c.Hidden, func(i, j int) bool { return report.Less(c.Hidden[i], c.Hidden[j]) })
	sort.SliceStable(c.Shown, func(i, j int) bool { return report.Less(c.Shown[i], c.Shown[j]) })
	sort.SliceStable(c.Reclassified, func(i, j int) bool {
		return report.Less(c.Reclassified[i].Finding, c.Reclassified[j].Finding)
	})
}

// settingValueMax bounds a setting's value shown in a config change.
const settingValueMax = 300

// settingChanges lists the top-level settings that differ, and inside the
// mappings rules and limits the single entries that differ.
func settingChanges(a, b *Config) []report.SettingChange {
	ra, rb := configRoot(a), configRoot(b)
	out := []report.SettingChange{}
	for _, k := range unionKeys(ra, rb) {
		va, oka := ra[k]
		vb, okb := rb[k]
		ma, isMapA := va.(map[string]any)
		mb, isMapB := vb.(map[string]any)
		if (k == "rules" || k == "limits") && (isMapA || !oka) && (isMapB || !okb) {
			for _, sub := range unionKeys(ma, mb) {
				sa, oka := ma[sub]
				sb, okb := mb[sub]
				if from, to := settingValue(sa, oka), settingValue(sb, okb); from != to {
					out = append(out, report.SettingChange{Key: k + "." + sub, From: from, To: to})
				}
			}
			continue
		}
		if from, to := settingValue(va, oka), settingValue(vb, okb); from != to {
			out = append(out, report.SettingChange{Key: k, From: from, To: to})
		}
	}
	return out
}

func configRoot(c *Config) map[string]any {
	if c == nil || c.File == nil {
		return nil
	}
	m, _ := c.File.Root.(map[string]any)
	return m
}

func unionKeys(a, b map[string]any) []string {
	seen := map[string]any{}
	for k := range a {
		seen[k] = nil
	}
	for k := range b {
		seen[k] = nil
	}
	return sortedKeys(seen)
}

// settingValue is v as compact JSON ("" when not set), cut to settingValueMax bytes.
func settingValue(v any, set bool) string {
	if !set {
		return ""
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Sprint(v)
	}
	s := strings.TrimSuffix(b.String(), "\n")
	if len(s) > settingValueMax {
		cut := settingValueMax
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}
