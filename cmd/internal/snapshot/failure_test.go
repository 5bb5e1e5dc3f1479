//go:build unix

package snapshot_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestSnapshotServerCrashesOnStart(t *testing.T) {
	r := run(t, t.TempDir(), snapshotArgs(t, "crash")...)
	if r.code != 2 || r.stdout != "" {
		t.Fatalf("exit %d, stdout %q", r.code, r.stdout)
	}
	for _, want := range []string{"server exited with status 3 before it answered initialize", "its stderr ends with:", "  | fatal: DATABASE_URL is not set"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, r.stderr)
		}
	}
}

func TestSnapshotCommandNotFound(t *testing.T) {
	r := run(t, t.TempDir(), "snapshot", "--", filepath.Join(t.TempDir(), "no-such-server"))
	if r.code != 2 || !strings.Contains(r.stderr, "cannot start") || !strings.Contains(r.stderr, "no such file or directory") {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
}

// gone reports whether pid no longer runs (absent, or a zombie waiting for
// its new parent to reap it).
func gone(pid int) bool {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err == nil {
		f := strings.Fields(string(data[strings.LastIndexByte(string(data), ')')+1:]))
		return len(f) > 0 && (f[0] == "Z" || f[0] == "X")
	}
	return syscall.Kill(pid, 0) == syscall.ESRCH
}

func TestSnapshotServerHangs(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pids")
	t.Setenv(pidFileEnv, pidFile)
	start := time.Now()
	r := run(t, t.TempDir(), snapshotArgs(t, "hang", "--startup-timeout", "1s")...)
	if r.code != 2 || !strings.Contains(r.stderr, "server did not answer initialize within 1s: raise --startup-timeout if it needs longer") ||
		!strings.Contains(r.stderr, "  | waiting for the license server...") {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("took %s", d)
	}
	// the server and the child it started are both ended
	waitGone(t, pidFile)
}

// waitGone fails the test when a pid in the file still runs after a while.
func waitGone(t *testing.T, pidFile string) {
	t.Helper()
	data, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range strings.Fields(string(data)) {
		pid, _ := strconv.Atoi(f)
		deadline := time.Now().Add(5 * time.Second)
		for !gone(pid) && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		if !gone(pid) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Errorf("process %d still runs", pid)
		}
	}
}

func TestSnapshotListTimeout(t *testing.T) {
	r := run(t, t.TempDir(), snapshotArgs(t, "slowlist", "--timeout", "500ms")...)
	if r.code != 2 || !strings.Contains(r.stderr, "server did not answer tools/list within 500ms: raise --timeout if it needs longer") ||
		!strings.Contains(r.stderr, "  | listing tools from the database...") {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
}

// A server that starts a child: after the snapshot both are gone.
func TestSnapshotEndsProcessTree(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pids")
	t.Setenv(pidFileEnv, pidFile)
	if r := run(t, t.TempDir(), snapshotArgs(t, "child")...); r.code != 0 || !strings.Contains(r.stdout, `"name": "search"`) {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	waitGone(t, pidFile)
}

func TestSnapshotServerPrintsGarbage(t *testing.T) {
	r := run(t, t.TempDir(), snapshotArgs(t, "garbage")...)
	if r.code != 2 || r.stdout != "" ||
		!strings.Contains(r.stderr, `server wrote something that is not a JSON-RPC message to stdout: "Server listening on stdio (v1.2.3)": a stdio MCP server must write only JSON-RPC messages, one per line, to stdout (write logs to stderr)`) {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
}

// A server whose schema is invalid is snapshotted as it is; check reports
// the schema at its line in the snapshot.
func TestSnapshotInvalidSchemaReportedByCheck(t *testing.T) {
	dir := t.TempDir()
	if r := run(t, dir, snapshotArgs(t, "invalid", "--output", "tools.snapshot.json")...); r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "tools.snapshot.json"))
	line := 0
	for i, l := range strings.Split(string(data), "\n") {
		if strings.Contains(l, `"required": "query"`) {
			line = i + 1
		}
	}
	if line == 0 {
		t.Fatalf("no invalid required in\n%s", data)
	}
	c := run(t, dir, "check", "tools.snapshot.json")
	want := "tools.snapshot.json:" + strconv.Itoa(line) + ":21: error: broken: \"required\" must be an array of strings, got a string [json-schema.tool-schema.valid]"
	if c.code != 1 || !strings.Contains(c.stdout, want) {
		t.Fatalf("exit %d, want %q in\n%s%s", c.code, want, c.stdout, c.stderr)
	}
}

func TestSnapshotUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"snapshot"}, "no server: give the command after --"},
		{[]string{"snapshot", "--url", "http://127.0.0.1:1/mcp", "--", "node"}, "both --url and a command"},
		{[]string{"snapshot", "--header", "A: b", "--", "node"}, "--header is for --url only"},
		{[]string{"snapshot", "--format", "yaml", "--", "node"}, `unknown format "yaml"`},
		{[]string{"snapshot", "--split", "d", "--all", "--", "node"}, "--split writes one file per tool"},
		{[]string{"snapshot", "--url", "ftp://x/"}, "is not an http or https URL"},
	} {
		r := run(t, t.TempDir(), tc.args...)
		if r.code != 2 || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("%q: exit %d, stderr %q", tc.args, r.code, r.stderr)
		}
	}
}

// Issue 23 item 4: a server that crashes leaving a child (in a session of
// its own) that holds its stdout: the crash is reported at once, not after
// the startup timeout, and the child does not outlive the snapshot.
func TestSnapshotCrashWithSurvivingChild(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pids")
	t.Setenv(pidFileEnv, pidFile)
	r := run(t, t.TempDir(), snapshotArgs(t, "setsid", "--startup-timeout", "60s")...)
	if r.code != 2 || !strings.Contains(r.stderr, "server exited with status 3 before it answered initialize; its stderr ends with:\n  | fatal: cannot open the index") {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	waitGone(t, pidFile)
}
