package service

import (
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/mcpschema/mcpschema/internal/report"
)

// tripwire is a loopback listener and a FIFO: anything that connects to
// the one or opens the other for reading is counted.
type tripwire struct {
	addr     string
	fifo     string
	accepted atomic.Int64
	readers  atomic.Int64
	stop     chan struct{}
	done     chan struct{}
}

// newTripwire starts the listener and a goroutine that watches the FIFO:
// opening a FIFO for writing without blocking succeeds only while a reader
// has it open, so a reader is seen (and then released by closing).
func newTripwire(t *testing.T) *tripwire {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skipf("no loopback listener: %v", err)
	}
	tw := &tripwire{addr: ln.Addr().String(), fifo: filepath.Join(t.TempDir(), "schema.json"),
		stop: make(chan struct{}), done: make(chan struct{})}
	if err := syscall.Mkfifo(tw.fifo, 0o600); err != nil {
		ln.Close()
		t.Skipf("no fifo: %v", err)
	}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			tw.accepted.Add(1)
			c.Close()
		}
	}()
	go func() {
		defer close(tw.done)
		for {
			select {
			case <-tw.stop:
				return
			case <-time.After(2 * time.Millisecond):
			}
			f, err := os.OpenFile(tw.fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0)
			if err == nil {
				tw.readers.Add(1)
				f.Close()
			} else if !errors.Is(err, syscall.ENXIO) {
				return
			}
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		close(tw.stop)
		<-tw.done
	})
	return tw
}

// check fails the test when anything connected or read.
func (tw *tripwire) check(t *testing.T) {
	t.Helper()
	if n := tw.accepted.Load(); n != 0 {
		t.Errorf("%d connections to the listener named by references", n)
	}
	if n := tw.readers.Load(); n != 0 {
		t.Errorf("the file named by references was opened for reading %d times", n)
	}
}

// externalTools returns a tools/list file whose schemas point at the
// tripwire every way a schema can: $ref, $dynamicRef, $schema, $id, under
// http, https and file URLs and as a bare path. variant changes the
// descriptions so that base and head differ.
func externalTools(tw *tripwire, variant string) string {
	a, f := tw.addr, tw.fifo
	schemas := []string{
		`{"type": "object", "properties": {"a": {"$ref": "http://` + a + `/a.json"}}}`,
		`{"type": "object", "properties": {"a": {"$ref": "https://` + a + `/a.json#/x"}}}`,
		`{"type": "object", "properties": {"a": {"$ref": "file://` + f + `"}}}`,
		`{"type": "object", "properties": {"a": {"$ref": "` + f + `"}}}`,
		`{"type": "object", "$dynamicRef": "http://` + a + `/meta#meta"}`,
		`{"type": "object", "$schema": "http://` + a + `/meta"}`,
		`{"type": "object", "$schema": "https://` + a + `/meta"}`,
		`{"type": "object", "$schema": "file://` + f + `"}`,
		`{"type": "object", "$id": "http://` + a + `/root.json", "properties": {"a": {"$ref": "other.json"}}}`,
		`{"type": "object", "$id": "file://` + f + `", "properties": {"a": {"$ref": "b.json"}}}`,
		`{"type": "object", "$defs": {"x": {"$id": "https://` + a + `/x.json", "$schema": "http://` + a + `/meta"}}}`,
		`{"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "properties": {"a": {"$ref": "http://` + a + `/d7.json"}}}`,
	}
	var tools []string
	for i, s := range schemas {
		tools = append(tools, fmt.Sprintf(`{"name": "t%d", "description": "%s", "inputSchema": %s, "outputSchema": %s}`, i, variant, s, s))
	}
	return `{"tools": [` + strings.Join(tools, ",\n") + `]}`
}

// externalDescription is an MCP Description document whose component
// references and example point at the tripwire.
func externalDescription(tw *tripwire, variant string) string {
	return `{"mcpdesc": "0.8.0", "info": {"name": "s", "version": "1"}, "protocolVersions": ["2026-07-28"],
  "tools": [{"name": "d", "description": "` + variant + `",
    "inputSchema": {"$componentRef": "http://` + tw.addr + `/doc.json#/components/schemas/A"},
    "outputSchema": {"type": "object", "properties": {"a": {"$ref": "file://` + tw.fifo + `#/a"}}},
    "examples": {"e": {"$componentRef": "file://` + tw.fifo + `#/components/toolExamples/e"}}}]}`
}

func TestNoNetworkCheck(t *testing.T) {
	t.Parallel()
	tw := newTripwire(t)
	dir := writeFiles(t, map[string]string{
		"tools/list.json":    externalTools(tw, "v1"),
		"tools/doc.json":     externalDescription(tw, "v1"),
		"tools/snap.json":    `{"name": "s", "inputSchema": {"$ref": "http://` + tw.addr + `/s.json"}}`,
		"tools/clean.json":   goodTool,
		"tools/mcpdesc.yaml": "mcpdesc: 0.8.0\ninfo: {name: s, version: \"1\"}\ntools:\n  - name: y\n    inputSchema: {$ref: \"https://" + tw.addr + "/y.json\"}\n",
	})
	code, rep, errText := checkRun(t, dir, "tools/*")
	tw.check(t)
	if code == exitUsage {
		t.Fatalf("exit %d: %s", code, errText)
	}
	// Every external reference is reported as not followed.
	all := messages(rep)
	for _, w := range []string{tw.addr + "/a.json", "file://" + tw.fifo, tw.addr + "/meta", tw.addr + "/s.json", tw.addr + "/y.json"} {
		if !strings.Contains(all, w) {
			t.Errorf("no finding mentions %q:%s", w, all)
		}
	}
	if rep.Summary.Complete {
		t.Errorf("a run with unfetched references must say it is incomplete:%s", all)
	}
}

func TestNoNetworkDiff(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	tw := newTripwire(t)
	dir := writeFiles(t, map[string]string{
		"tools/list.json": externalTools(tw, "v1"),
		"tools/doc.json":  externalDescription(tw, "v1"),
	})
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.invalid",
			"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.invalid", "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q", "-b", "main")
	git("add", ".")
	git("commit", "-q", "-m", "base")
	git("tag", "base")
	for name, body := range map[string]string{
		"tools/list.json": externalTools(tw, "v2"),
		"tools/doc.json":  externalDescription(tw, "v2"),
	} {
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(name)), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git("commit", "-q", "-am", "head")
	for _, head := range []string{"", "HEAD"} {
		code, rep, errText := checkOpts(t, RunOptions{Dir: dir, Base: "base", HeadRef: head, Patterns: []string{"tools/*.json"}})
		if code == exitUsage {
			t.Fatalf("head %q: exit %d: %s", head, code, errText)
		}
		if all := messages(rep); !strings.Contains(all, tw.addr+"/a.json") {
			t.Errorf("head %q: head files not checked:%s", head, all)
		}
	}
	tw.check(t)
}

// messages lists every finding's file and message, one a line.
func messages(rep report.Report) string {
	var b strings.Builder
	for _, f := range rep.Findings {
		b.WriteString("\n  " + f.File + ": " + f.Message)
	}
	return b.String()
}
