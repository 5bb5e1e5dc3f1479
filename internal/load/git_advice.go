package load

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// ErrRevisionMissing is wrapped when a revision is not in the local
// repository (a shallow clone, a branch never fetched, or a name that does
// not exist); the message says how to fetch it.
var ErrRevisionMissing = errors.New("revision not present in the local repository")

var (
	fullSHA   = regexp.MustCompile(`^([0-9a-f]{40}|[0-9a-f]{64})$`)
	shortSHA  = regexp.MustCompile(`^[0-9a-f]{7,63}$`)
	relSuffix = regexp.MustCompile(`(~[0-9]*|\^[0-9]*)+$`)
)

// MissingRevision is the error for a revision that is not in the
// repository at dir. The advice depends on what ref names: a full commit
// sha is fetched by sha, a remote-tracking branch from its remote, a branch
// or tag by name, and a relative revision (HEAD~1) needs a deeper history.
// Shallow clones are only mentioned when the repository is one.
func MissingRevision(ctx context.Context, dir, ref string) error {
	shallow := gitText(ctx, dir, "rev-parse", "--is-shallow-repository") == "true"
	where := "is not in the repository"
	if shallow {
		where = "is not in this shallow clone"
	}
	return fmt.Errorf("%w: %q %s: %s", ErrRevisionMissing, ref, where, fetchAdvice(ctx, dir, ref, shallow))
}

// fetchAdvice says how to make ref readable (the CLI: name what to fetch).
func fetchAdvice(ctx context.Context, dir, ref string, shallow bool) string {
	orDeep := ""
	if shallow {
		orDeep = ", or set `fetch-depth: 0` in actions/checkout"
	}
	remotes := strings.Fields(gitText(ctx, dir, "remote"))
	remote := "origin"
	if len(remotes) > 0 && !slices.Contains(remotes, "origin") {
		remote = remotes[0]
	}
	if loc := relSuffix.FindStringIndex(ref); loc != nil && loc[0] > 0 {
		start, gens := ref[:loc[0]], generations(ref[loc[0]:])
		if !commitExists(ctx, dir, start) {
			return fmt.Sprintf("%q itself is missing; %s", start, fetchAdvice(ctx, dir, start, shallow))
		}
		if shallow {
			return fmt.Sprintf("its history is cut off; deepen the clone with `git fetch --deepen=%d %s`%s", gens, remote, orDeep)
		}
		return fmt.Sprintf("%q has fewer than %d generations of history; name a commit that exists", start, gens)
	}
	if len(remotes) == 0 {
		return "the repository has no remote to fetch it from; check the name"
	}
	switch {
	case fullSHA.MatchString(ref):
		if shallow {
			return fmt.Sprintf("fetch it with `git fetch --depth=1 %s %s`%s", remote, ref, orDeep)
		}
		return fmt.Sprintf("if %s has it, fetch it with `git fetch %s %s`", remote, remote, ref)
	case shortSHA.MatchString(ref):
		return fmt.Sprintf("if it is an abbreviated commit, give the full sha and fetch it with `git fetch --depth=1 %s <sha>`%s", remote, orDeep)
	}
	name := strings.TrimPrefix(strings.TrimPrefix(ref, "refs/heads/"), "refs/tags/")
	for _, r := range remotes {
		branch, ok := strings.CutPrefix(strings.TrimPrefix(ref, "refs/remotes/"), r+"/")
		if !ok || branch == "" {
			continue
		}
		if tracksAllBranches(ctx, dir, r) {
			return fmt.Sprintf("if %s has the branch %q, fetch it with `git fetch %s %s`%s", r, branch, r, branch, orDeep)
		}
		return fmt.Sprintf("if %s has the branch %q, fetch it with `git fetch %s %s:refs/remotes/%s/%s`%s", r, branch, r, branch, r, branch, orDeep)
	}
	for _, r := range remotes {
		if commitExists(ctx, dir, r+"/"+name) {
			return fmt.Sprintf("there is no local branch or tag %q, but the remote-tracking branch %q exists: name that instead", name, r+"/"+name)
		}
	}
	if strings.HasPrefix(ref, "refs/tags/") {
		return fmt.Sprintf("if %s has the tag, fetch it with `git fetch %s tag %s`%s", remote, remote, name, orDeep)
	}
	return fmt.Sprintf("if %s has it, fetch a branch with `git fetch %s %s:%s` or a tag with `git fetch %s tag %s`%s",
		remote, remote, name, name, remote, name, orDeep)
}

// generations counts the commits a suffix such as ~2^ goes back.
func generations(suffix string) int {
	n := 0
	for _, m := range regexp.MustCompile(`[~^][0-9]*`).FindAllString(suffix, -1) {
		k, err := strconv.Atoi(m[1:])
		switch {
		case m[0] == '^':
			if k != 0 || m == "^" {
				n++
			}
		case err != nil:
			n++
		default:
			n += k
		}
	}
	return max(n, 1)
}

// tracksAllBranches reports whether fetching a branch of remote updates its
// remote-tracking branch (a clone made with --depth or --single-branch
// tracks one branch only).
func tracksAllBranches(ctx context.Context, dir, remote string) bool {
	for _, spec := range strings.Fields(gitText(ctx, dir, "config", "--get-all", "remote."+remote+".fetch")) {
		if strings.TrimPrefix(spec, "+") == "refs/heads/*:refs/remotes/"+remote+"/*" {
			return true
		}
	}
	return false
}

func commitExists(ctx context.Context, dir, ref string) bool {
	if strings.HasPrefix(ref, "-") || ref == "" {
		return false
	}
	_, err := Git(ctx, dir, nil, "rev-parse", "--verify", "--quiet", "--end-of-options", ref+"^{commit}")
	return err == nil
}

// CheckoutAdvice says how to make a commit present in an actions/checkout
// workspace; what names the commit ("base", "head", "merge base").
func CheckoutAdvice(what string) string {
	if what == "head" {
		return "set `fetch-depth: 2` on actions/checkout (the merge commit's parents), or check out `ref: ${{ github.event.pull_request.head.sha }}`"
	}
	return "set `fetch-depth: 0` on actions/checkout so the " + what + " commit is present"
}
