package app

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"regexp"
	"strings"
)

// gitOut runs git in dir and returns its trimmed standard output.
func gitOut(ctx context.Context, dir string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(errb.String())
		if msg == "" {
			msg = err.Error()
		}
		return "", fmt.Errorf("%s", msg)
	}
	return strings.TrimSpace(out.String()), nil
}

var shaRe = regexp.MustCompile(`^[0-9a-f]{7,64}$`)

// ensureRevision returns the commit rev names in the repository at dir,
// fetching it from origin when a shallow checkout lacks it. what names the
// revision in messages ("base", "head").
func ensureRevision(ctx context.Context, dir, what, rev string) (string, error) {
	if strings.HasPrefix(rev, "-") || strings.ContainsAny(rev, "\x00\n ") {
		return "", fmt.Errorf("invalid %s revision %q", what, rev)
	}
	if sha, err := gitOut(ctx, dir, "rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}"); err == nil && sha != "" {
		return sha, nil
	}
	if _, err := gitOut(ctx, dir, "rev-parse", "--git-dir"); err != nil {
		return "", fmt.Errorf("the workspace %q is not a git repository (%v): check out the repository with actions/checkout before this step", dir, err)
	}
	if _, err := gitOut(ctx, dir, "fetch", "--no-tags", "--depth=1", "origin", rev); err != nil {
		return "", fmt.Errorf("the %s commit %q is not in the checkout and `git fetch --no-tags --depth=1 origin %s` failed (%v): %s", what, rev, rev, err, fetchAdvice(what))
	}
	fetched := rev
	if !shaRe.MatchString(rev) {
		fetched = "FETCH_HEAD"
	}
	sha, err := gitOut(ctx, dir, "rev-parse", "--verify", "--quiet", "--end-of-options", fetched+"^{commit}")
	if err != nil || sha == "" {
		return "", fmt.Errorf("the %s commit %q is still missing after fetching it: %s", what, rev, fetchAdvice(what))
	}
	return sha, nil
}

// fetchAdvice says how to make a commit present in the checkout.
func fetchAdvice(what string) string {
	if what == "head" {
		return "set `fetch-depth: 2` on actions/checkout (the merge commit's parents), or check out `ref: ${{ github.event.pull_request.head.sha }}`"
	}
	return "set `fetch-depth: 0` on actions/checkout so the " + what + " commit is present"
}

// checkedOut returns the commit the workspace has checked out ("" if unknown).
func checkedOut(ctx context.Context, dir string) string {
	sha, err := gitOut(ctx, dir, "rev-parse", "--verify", "--quiet", "HEAD")
	if err != nil {
		return ""
	}
	return sha
}
