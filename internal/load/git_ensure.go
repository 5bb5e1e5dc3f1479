package load

import (
	"context"
	"fmt"
	"regexp"
	"strings"
)

var shaRe = regexp.MustCompile(`^[0-9a-f]{7,64}$`)

// EnsureRevision returns the commit rev names in the repository at dir,
// fetching it from origin when a shallow checkout lacks it. what names the
// revision in messages ("base", "head").
func EnsureRevision(ctx context.Context, dir, what, rev string) (string, error) {
	if strings.HasPrefix(rev, "-") || strings.ContainsAny(rev, "\x00\n ") {
		return "", fmt.Errorf("invalid %s revision %q", what, rev)
	}
	if sha, err := GitOut(ctx, dir, "rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}"); err == nil && sha != "" {
		return sha, nil
	}
	if _, err := GitOut(ctx, dir, "rev-parse", "--git-dir"); err != nil {
		return "", fmt.Errorf("the workspace %q is not a git repository (%v): check out the repository with actions/checkout before this step", dir, err)
	}
	// A commit fetched by sha needs no FETCH_HEAD (a file later steps of
	// the job must be able to write); a name is read back from it.
	fetch := []string{"fetch", "--no-tags", "--depth=1"}
	if shaRe.MatchString(rev) {
		fetch = append(fetch, "--no-write-fetch-head")
	}
	if _, err := GitOut(ctx, dir, append(fetch, "origin", rev)...); err != nil {
		return "", fmt.Errorf("the %s commit %q is not in the checkout and `git fetch --no-tags --depth=1 origin %s` failed (%v): %s", what, rev, rev, err, CheckoutAdvice(what))
	}
	fetched := rev
	if !shaRe.MatchString(rev) {
		fetched = "FETCH_HEAD"
	}
	sha, err := GitOut(ctx, dir, "rev-parse", "--verify", "--quiet", "--end-of-options", fetched+"^{commit}")
	if err != nil || sha == "" {
		return "", fmt.Errorf("the %s commit %q is still missing after fetching it: %s", what, rev, CheckoutAdvice(what))
	}
	return sha, nil
}

// CheckedOut returns the commit the workspace has checked out ("" if unknown).
func CheckedOut(ctx context.Context, dir string) string {
	sha, err := GitOut(ctx, dir, "rev-parse", "--verify", "--quiet", "HEAD")
	if err != nil {
		return ""
	}
	return sha
}

// LooksLikeSHA reports whether s is a (possibly abbreviated) commit id:
// 7 to 64 lower-case hexadecimal digits.
func LooksLikeSHA(s string) bool { return shaRe.MatchString(s) }
