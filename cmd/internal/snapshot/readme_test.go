package snapshot_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadmeSnapshotWorkflow runs every mcpschema command of
// docs/snapshot.md (where the README's "Servers whose tools live in code"
// moved) and of that README section, the test server standing in for node
// and python, a loopback HTTP server for the --url example, and `check`
// for the action step (its CLI equivalent, on the files it names).
func TestReadmeSnapshotWorkflow(t *testing.T) {
	readme, err := os.ReadFile("../../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	const head = "## Servers whose tools live in code\n"
	i := strings.Index(string(readme), head)
	if i < 0 {
		t.Fatalf("README.md lacks %q", head)
	}
	readmeSection := string(readme[i+len(head):])
	if j := strings.Index(readmeSection, "\n## "); j >= 0 {
		readmeSection = readmeSection[:j]
	}
	doc, err := os.ReadFile("../../../docs/snapshot.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(doc), "# Servers whose tools live in code\n") {
		t.Fatalf("docs/snapshot.md does not open with %q", "# Servers whose tools live in code")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}

	const token = "readme-token"
	url := httpServer(t, "basic", token)
	t.Setenv("MCP_TOKEN", token)
	t.Setenv(variantEnv, "")
	dir := t.TempDir()
	// A repository whose base branch holds the committed snapshot.
	if r := run(t, dir, snapshotArgs(t, "basic", "--output", "tools.snapshot.json")...); r.code != 0 {
		t.Fatal(r.stderr)
	}
	git := func(args ...string) {
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@t.invalid", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q")
	git("add", "tools.snapshot.json")
	git("commit", "-q", "-m", "snapshot")
	git("update-ref", "refs/remotes/origin/main", "HEAD")

	servers := map[string]bool{"node dist/index.js": true, "python -m weather_server": true}
	// runAll runs the commands of one document's text and counts them.
	runAll := func(name, section string) (ran, actions, installs int) {
		lines := strings.Split(section, "\n")
		for n, line := range lines {
			l := strings.TrimSpace(line)
			l = strings.TrimPrefix(l, "- ")
			l = strings.TrimPrefix(l, "run: ")
			switch {
			case strings.HasPrefix(l, "go install "):
				// the install step: the package it names is this module's main package
				installs++
				if !strings.HasPrefix(l, "go install github.com/mcpschema/mcpschema/cmd/mcpschema@") {
					t.Errorf("%s line %q installs something else", name, l)
				}
				if _, err := os.Stat("../../mcpschema/main.go"); err != nil {
					t.Errorf("cmd/mcpschema/main.go: %v", err)
				}
			case strings.HasPrefix(l, "uses: mcpschema/mcpschema@"):
				// the action on the committed snapshot: `check` on its files input
				actions++
				if n+2 >= len(lines) || !strings.Contains(lines[n+2], "files: ") {
					t.Fatalf("%s action step without files: %q", name, lines[n:min(n+3, len(lines))])
				}
				files := strings.TrimSpace(strings.SplitN(lines[n+2], "files: ", 2)[1])
				if r := run(t, dir, "check", files); r.code != 0 {
					t.Errorf("action on %s: exit %d\n%s%s", files, r.code, r.stdout, r.stderr)
				}
			case strings.HasPrefix(l, "mcpschema "):
				ran++
				// a token reaches mcpschema through the environment, in single
				// quotes: never a ${{ secrets.X }} the runner pastes into the script
				if strings.Contains(l, "--header") && (strings.Contains(l, "${{") || !strings.Contains(l, "'Authorization: Bearer ${")) {
					t.Errorf("%s command %q passes a token unsafely", name, l)
				}
				words := shellWords(t, l)[1:]
				if k := indexOf(words, "--"); k >= 0 {
					server := strings.Join(words[k+1:], " ")
					if !servers[server] {
						t.Fatalf("%s command %q starts an unknown server %q", name, l, server)
					}
					words = append(words[:k], serverCmd(t, "basic")...)
				}
				if k := indexOf(words, "--url"); k >= 0 {
					words[k+1] = url
				}
				r := run(t, dir, words...)
				if r.code != 0 {
					t.Errorf("%s command %q: exit %d\n%s%s", name, l, r.code, r.stdout, r.stderr)
				}
			}
		}
		return ran, actions, installs
	}
	if ran, actions, installs := runAll("docs/snapshot.md", string(doc)); ran < 9 || actions != 3 || installs != 3 {
		t.Fatalf("docs/snapshot.md: ran %d commands, %d action steps, %d installs: the document changed shape", ran, actions, installs)
	}
	if ran, _, _ := runAll("README.md", readmeSection); ran < 2 {
		t.Fatalf("README.md's %q ran %d commands, want its snapshot and --check examples", strings.TrimSpace(head), ran)
	}
	for _, f := range []string{"tools.snapshot.json", "remote.snapshot.json", "__toolsnaps__/search.json", "server.mcpdesc.json"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("docs/snapshot.md's commands did not write %s", f)
		}
	}
}

func indexOf(words []string, w string) int {
	for i, x := range words {
		if x == w {
			return i
		}
	}
	return -1
}

// shellWords splits a command line the way sh does for plain words and
// single quotes (all the README uses).
func shellWords(t *testing.T, s string) []string {
	var words []string
	var cur strings.Builder
	in, quoted := false, false
	for _, r := range s {
		switch {
		case quoted && r == '\'':
			quoted = false
		case quoted:
			cur.WriteRune(r)
		case r == '\'':
			quoted, in = true, true
		case r == ' ':
			if in {
				words = append(words, cur.String())
				cur.Reset()
				in = false
			}
		case r == '"' || r == '\\':
			t.Fatalf("README command %q needs a real shell", s)
		default:
			cur.WriteRune(r)
			in = true
		}
	}
	if quoted {
		t.Fatalf("unbalanced quote in %q", s)
	}
	if in {
		words = append(words, cur.String())
	}
	return words
}
