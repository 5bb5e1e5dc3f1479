package toolrepo

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// MBTool is a tool whose input takes the listed string properties, the
// required ones marked with a trailing "!".
func MBTool(name string, props ...string) string {
	var ps, req []string
	for _, p := range props {
		n := strings.TrimSuffix(p, "!")
		ps = append(ps, fmt.Sprintf("%q: {\"type\": \"string\"}", n))
		if n != p {
			req = append(req, fmt.Sprintf("%q", n))
		}
	}
	return fmt.Sprintf(`{"name": %q, "description": "%s things.", "inputSchema": {"type": "object", "properties": {%s}, "required": [%s]}}`,
		name, name, strings.Join(ps, ", "), strings.Join(req, ", "))
}

// MBFile is a tool file of the tools.
func MBFile(tools ...string) string {
	return "{\"tools\": [\n" + strings.Join(tools, ",\n") + "\n]}\n"
}

// Behind is a repository whose pull request branch fell behind main.
type Behind struct {
	Origin string
	// Point is the branch point, Base main's tip, Head the pull request's
	// head and Merge the merge commit GitHub checks out (branch pr-merge).
	Point, Base, Head, Merge string
}

// BehindRepo builds the example of a branch behind main. At the branch
// point: tools "search" (tools/search.json), "get_item" and "legacy"
// (tools/items.json), "old" (tools/old.json). The pull request makes
// search's "q" required, its one breaking change. After the branch point
// main adds tool "list_projects" and file tools/ping.json, removes
// "legacy", makes get_item's "id" optional, and deletes tools/old.json,
// over three commits.
func BehindRepo(t testing.TB) *Behind {
	t.Helper()
	r := &Behind{Origin: t.TempDir()}
	o := r.Origin
	Git(t, o, "init", "-q", "-b", "main")
	Commit(t, o, "start", map[string]string{"README": "tools\n"})
	r.Point = Commit(t, o, "branch point", map[string]string{
		"tools/search.json": MBFile(MBTool("search", "q", "limit")),
		"tools/items.json":  MBFile(MBTool("get_item", "id!"), MBTool("legacy", "x")),
		"tools/old.json":    MBFile(MBTool("old", "y")),
	})
	Commit(t, o, "main: list_projects, ping", map[string]string{
		"tools/items.json": MBFile(MBTool("get_item", "id!"), MBTool("legacy", "x"), MBTool("list_projects", "org")),
		"tools/ping.json":  MBFile(MBTool("ping")),
	})
	Commit(t, o, "main: drop legacy, loosen get_item", map[string]string{
		"tools/items.json": MBFile(MBTool("get_item", "id"), MBTool("list_projects", "org")),
	})
	Git(t, o, "rm", "-q", "tools/old.json")
	r.Base = Commit(t, o, "main: delete old.json", nil)
	Git(t, o, "checkout", "-q", "-b", "feature", r.Point)
	Commit(t, o, "feature: readme", map[string]string{"README": "tools, searchable\n"})
	r.Head = Commit(t, o, "feature: q is required", map[string]string{"tools/search.json": MBFile(MBTool("search", "q!", "limit"))})
	Git(t, o, "checkout", "-q", "-b", "pr-merge", r.Base)
	Git(t, o, "merge", "-q", "--no-ff", "-m", "merge", "feature")
	r.Merge = Git(t, o, "rev-parse", "HEAD")
	Git(t, o, "checkout", "-q", "main")
	return r
}

// ShallowClone clones branch of origin with --depth=1, so that origin exists.
func ShallowClone(t testing.TB, origin, branch string, extra ...string) string {
	t.Helper()
	work := filepath.Join(t.TempDir(), "work")
	args := append([]string{"clone", "-q", "--depth=1", "--branch", branch}, extra...)
	Git(t, filepath.Dir(work), append(args, "file://"+origin, work)...)
	return work
}
