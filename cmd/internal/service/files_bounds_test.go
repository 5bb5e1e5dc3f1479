package service

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// badTool has one error (an invalid "type").
const badTool = `{"name": "bad", "inputSchema": {"type": "object", "properties": {"q": {"type": 5}}}}`

// TestConfigFilesStayInWorkspace: the config's files cannot name absolute
// paths or leave the workspace (the action's files input: cmd/internal/action).
func TestConfigFilesStayInWorkspace(t *testing.T) {
	t.Parallel()
	outside := writeFiles(t, map[string]string{"secret.json": badTool})
	for _, pat := range []string{filepath.Join(outside, "secret.json"), "/proc/self/environ", "../" + filepath.Base(outside) + "/*.json", "tools/../../x/*.json", `..\x.json`} {
		dir := writeFiles(t, map[string]string{"tools/a.json": goodTool, ".mcpschema.yaml": "files: [\"tools/a.json\", " + strconvQuote(pat) + "]\n"})
		code, out, errOut := runCheck(t, dir)
		if code != exitUsage || !strings.Contains(errOut, "workspace") {
			t.Errorf("config files %q: exit %d, stderr %q, stdout %.200q: want a usage error naming the workspace", pat, code, errOut, out)
		}
	}
}

func strconvQuote(s string) string { b, _ := json.Marshal(s); return string(b) }

// TestLinkedDirectoryNotFollowed (item 10): a directory on the path that is
// a symbolic link (to outside the workspace) is not followed, whether the
// pattern names it or a ** glob walks past it.
func TestLinkedDirectoryNotFollowed(t *testing.T) {
	t.Parallel()
	outside := writeFiles(t, map[string]string{"secret.json": badTool, "deep/secret.json": badTool})
	dir := writeFiles(t, map[string]string{"tools/a.json": goodTool, "more/b.json": goodTool})
	for link, target := range map[string]string{"linked": outside, "tools/sub": outside} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Skipf("no symlinks: %v", err)
		}
	}
	code, out, errOut := runCheck(t, dir, "--format", "json", "**/*.json")
	var rep report.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("exit %d %q: %v", code, errOut, err)
	}
	if len(rep.Files) != 2 || len(rep.Findings) != 0 {
		t.Errorf("files %+v, findings %+v: a ** glob walked into a linked directory", rep.Files, rep.Findings)
	}
	// A pattern through the link matches nothing that is read: an error.
	for _, pat := range []string{"linked/*.json", "tools/sub/secret.json", "tools/sub/**/*.json"} {
		code, out, errOut := runCheck(t, dir, "tools/a.json", pat)
		if code != exitUsage || !strings.Contains(errOut, "symbolic link") || strings.Contains(out, "secret") {
			t.Errorf("%s: exit %d, %q, %q: want a usage error naming the link", pat, code, errOut, out)
		}
	}
}

// TestSpecialFilesSkipped (item 10): a FIFO matched by a glob is skipped
// with a notice, never opened (opening a FIFO blocks).
func TestSpecialFilesSkipped(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{"tools/a.json": goodTool})
	if err := syscall.Mkfifo(filepath.Join(dir, "tools", "pipe.json"), 0o600); err != nil {
		t.Skipf("no fifo: %v", err)
	}
	code, out, errOut := runCheck(t, dir, "--format", "json", "tools/*.json")
	var rep report.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("exit %d %q: %v", code, errOut, err)
	}
	if code != exitOK || len(rep.Files) != 1 || len(rep.Findings) != 0 {
		t.Errorf("exit %d, files %+v, findings %+v: want the FIFO skipped", code, rep.Files, rep.Findings)
	}
	if !strings.Contains(strings.Join(rep.Notes, "\n"), `"tools/pipe.json" is a named pipe`) {
		t.Errorf("notes %q: want one about the FIFO", rep.Notes)
	}
}

// TestHeadReadsLinksLikeWorkingTree: the same tree,
// with tool files that are symbolic links (to a file in the repository, to
// one outside it, through a linked directory, and dangling), gives the same
// findings from the working tree and under --head.
func TestHeadReadsLinksLikeWorkingTree(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo := t.TempDir()
	outside := writeFiles(t, map[string]string{"secret.json": badTool})
	actGit(t, repo, "init", "-q", "-b", "main")
	if err := os.MkdirAll(filepath.Join(repo, "tools"), 0o755); err != nil {
		t.Fatal(err)
	}
	links := map[string]string{
		"tools/link.json":     "real.json",
		"tools/chain.json":    "link.json",
		"tools/up.json":       "../defs/real.json",
		"tools/outside.json":  filepath.Join(outside, "secret.json"),
		"tools/escape.json":   "../../" + filepath.Base(outside) + "/secret.json",
		"tools/dangling.json": "missing.json",
		"defsdir":             "defs",
		"tools/via.json":      "../defsdir/real.json",
	}
	for l, target := range links {
		if err := os.Symlink(target, filepath.Join(repo, l)); err != nil {
			t.Skipf("no symlinks: %v", err)
		}
	}
	actCommit(t, repo, "tree", map[string]string{"tools/real.json": badTool, "defs/real.json": badTool})
	_, wtOut, wtErr := runCheck(t, repo, "--format", "json", "tools/*.json")
	_, headOut, headErr := runCheck(t, repo, "--format", "json", "--head", "HEAD", "tools/*.json")
	var wt, head report.Report
	if err := json.Unmarshal([]byte(wtOut), &wt); err != nil {
		t.Fatalf("working tree: %v %s", err, wtErr)
	}
	if err := json.Unmarshal([]byte(headOut), &head); err != nil {
		t.Fatalf("--head: %v %s", err, headErr)
	}
	if got, want := summarize(head.Findings), summarize(wt.Findings); got != want {
		t.Errorf("--head findings:\n%s\nworking tree findings:\n%s", got, want)
	}
	for _, f := range wt.Findings {
		if f.Tool == "bad" && f.File != "tools/real.json" && f.File != "tools/link.json" && f.File != "tools/chain.json" && f.File != "tools/up.json" {
			t.Errorf("a link that is not followed was read: %+v", f)
		}
	}
	byFile := map[string]string{}
	for _, f := range wt.Findings {
		byFile[f.File] += f.Rule + " " + f.Message + "\n"
	}
	for file, want := range map[string]string{
		"tools/link.json": "json-schema", "tools/chain.json": "json-schema", "tools/up.json": "json-schema",
		"tools/outside.json": "outside the repository", "tools/escape.json": "outside the repository",
		"tools/dangling.json": "leads nowhere", "tools/via.json": "linked directory",
	} {
		if !strings.Contains(byFile[file], want) {
			t.Errorf("%s: findings %q, want %q", file, byFile[file], want)
		}
	}
}
