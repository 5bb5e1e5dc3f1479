package service

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mcpschema/mcpschema/internal/load"
)

// noteRepo commits a base whose config selects tools/*.json and a head
// whose config proposes headFiles, with n more JSON files under more/.
func noteRepo(t *testing.T, headFiles []string, n int) (repo, base string) {
	t.Helper()
	repo = t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	base = actCommit(t, repo, "base", map[string]string{"tools/tools.json": toolsJSON(2, 0, 0), DefaultConfigName: "files: [\"tools/*.json\"]\n"})
	quoted := make([]string, len(headFiles))
	for i, f := range headFiles {
		quoted[i] = fmt.Sprintf("%q", f)
	}
	files := map[string]string{DefaultConfigName: "files: [" + strings.Join(quoted, ", ") + "]\n"}
	for i := range n {
		files[fmt.Sprintf("more/m%03d/a.json", i)] = `{"tools": []}`
	}
	actCommit(t, repo, "head", files)
	return repo, base
}

func noteUnknown(t *testing.T, repo, base string) []string {
	t.Helper()
	res, err := Run(t.Context(), RunOptions{Rules: testRules, Dir: repo, Base: base, ConfigFrom: base, ConfigSince: base})
	if err != nil {
		t.Fatal(err)
	}
	if res.Report.ConfigChange == nil {
		t.Fatal("no configChange")
	}
	return res.Report.ConfigChange.Unknown
}

// TestConfigNoteBoundsPatterns: a proposed config with more patterns than
// the note compares is not matched at all; the note says the files could
// not be computed, and why.
func TestConfigNoteBoundsPatterns(t *testing.T) {
	var pats []string
	for i := range 300 {
		pats = append(pats, fmt.Sprintf("more/m%03d/*.json", i))
	}
	repo, base := noteRepo(t, pats, 3)
	got := strings.Join(noteUnknown(t, repo, base), "\n")
	if !strings.Contains(got, "could not be computed (its 300 files and exclude patterns") {
		t.Errorf("unknown: %q", got)
	}
}

// TestConfigNoteBoundsBraceWork: 100 brace-heavy patterns (512 alternatives
// each) over the tree are more matching work than the note's bound: the
// note says so instead of matching them (330 s before for 2,000 files).
func TestConfigNoteBoundsBraceWork(t *testing.T) {
	var pats []string
	for i := range 100 {
		pats = append(pats, fmt.Sprintf("{a,b,c,d}{e,f,g,h}{i,j,k,l}{m,n,o,p}{q,r}%d/**/*.json", i))
	}
	pats = append(pats, "more/**/*.json")
	repo, base := noteRepo(t, pats, 200)
	got := strings.Join(noteUnknown(t, repo, base), "\n")
	if !strings.Contains(got, "could not be computed (matching its patterns against") || !strings.Contains(got, "more work than the note's bound") {
		t.Errorf("unknown: %q", got)
	}
}

// TestConfigNoteWorkBudgetInjected: with a tiny work budget the note is not
// computed, and findings are not listed as hidden on a guess; with the
// default one the same change is computed.
func TestConfigNoteWorkBudgetInjected(t *testing.T) {
	repo, base := noteRepo(t, []string{"more/**/*.json"}, 3)
	o := RunOptions{Rules: testRules, Dir: repo, Base: base, ConfigFrom: base}
	res, err := Run(t.Context(), o)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(res.Report.ConfigChange.Unknown, "\n"); !strings.Contains(got, "3 more files would be read after merge") {
		t.Errorf("default bounds: unknown %q", got)
	}
	tiny := defaultNoteBounds
	tiny.work = 10
	o.noteBounds = &tiny
	res, err = Run(t.Context(), o)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(res.Report.ConfigChange.Unknown, "\n")
	if !strings.Contains(got, "could not be computed (matching its patterns against") || strings.Contains(got, "more files would be read") {
		t.Errorf("tiny work budget: unknown %q", got)
	}
	if len(res.Report.ConfigChange.Hidden) != 0 {
		t.Errorf("findings listed as hidden without the matching done: %+v", res.Report.ConfigChange.Hidden)
	}
}

// TestRunTimeoutCoversListing: a run whose budget is already spent when
// the files are listed from git (Started an hour ago) stops with the
// reason instead of listing without bound; the config note under the same
// budget says it could not be computed.
func TestRunTimeoutCoversListing(t *testing.T) {
	repo, base := noteRepo(t, []string{"more/**/*.json"}, 3)
	_, err := Run(t.Context(), RunOptions{Rules: testRules, Dir: repo, HeadRef: "HEAD", Base: base, Started: time.Now().Add(-time.Hour)})
	if err == nil || !strings.Contains(err.Error(), "ran out while listing the files") {
		t.Errorf("Run past its budget: %v, want the budget named", err)
	}
	o := RunOptions{Rules: testRules, Dir: repo, HeadRef: "HEAD", Base: base, ConfigFrom: base}
	tc, err := loadTrustedConfig(t.Context(), o)
	if err != nil {
		t.Fatal(err)
	}
	m, _ := load.NewMatcher([]string{"tools/*.json"})
	ctx, cancel := context.WithDeadline(t.Context(), time.Now().Add(-time.Second))
	defer cancel()
	tc.prepareScope(ctx, o, []string{"tools/*.json"}, m)
	if got := strings.Join(tc.scope.finishUnknown(), "\n"); !strings.Contains(got, "could not be computed (the run's time budget (limits.run-timeout) ran out)") {
		t.Errorf("note past the budget: %q", got)
	}
}
