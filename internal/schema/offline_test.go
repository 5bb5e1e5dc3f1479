package schema

import (
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"sync/atomic"
	"syscall"
	"testing"
)

// TestNeverLoads points $ref, $dynamicRef, $schema and $id at a listener
// on 127.0.0.1 and at a local file, and asserts nothing connects and
// nothing opens the file. The file is a FIFO: a reader opening it would be
// seen by a non-blocking writer open (which fails with ENXIO otherwise).
func TestNeverLoads(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skipf("no loopback listener: %v", err)
	}
	defer ln.Close()
	var accepted atomic.Int64
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			accepted.Add(1)
			c.Close()
		}
	}()
	fifo := filepath.Join(t.TempDir(), "schema.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no fifo: %v", err)
	}
	addr := ln.Addr().String()
	schemas := []string{
		fmt.Sprintf(`{"properties":{"a":{"$ref":"http://%s/a.json"}}}`, addr),
		fmt.Sprintf(`{"properties":{"a":{"$ref":"https://%s/a.json#/x"}}}`, addr),
		fmt.Sprintf(`{"properties":{"a":{"$ref":"file://%s"}}}`, fifo),
		fmt.Sprintf(`{"properties":{"a":{"$ref":"%s"}}}`, fifo),
		fmt.Sprintf(`{"$dynamicRef":"http://%s/meta#meta"}`, addr),
		fmt.Sprintf(`{"$schema":"http://%s/meta"}`, addr),
		fmt.Sprintf(`{"$schema":"file://%s"}`, fifo),
		fmt.Sprintf(`{"$id":"http://%s/root.json","properties":{"a":{"$ref":"other.json"}}}`, addr),
		fmt.Sprintf(`{"$id":"file://%s","properties":{"a":{"$ref":"b.json"}}}`, fifo),
		fmt.Sprintf(`{"$defs":{"x":{"$id":"http://%s/x.json","$schema":"http://%s/meta"}}}`, addr, addr),
		fmt.Sprintf(`{"$schema":"http://json-schema.org/draft-07/schema#","properties":{"a":{"$ref":"http://%s/d7.json"}}}`, addr),
	}
	e := NewEngine(testLimits)
	for _, s := range schemas {
		cs := e.Check(parse(t, s))
		if len(cs.Problems) == 0 {
			t.Errorf("%s: no problem reported", s)
		}
		cs.Validate(map[string]any{"a": "x"})
	}
	if n := accepted.Load(); n != 0 {
		t.Errorf("%d connections to the listener", n)
	}
	f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0)
	if err == nil {
		f.Close()
		t.Error("the file named by a reference was opened for reading")
	} else if !errors.Is(err, syscall.ENXIO) {
		t.Errorf("unexpected error probing the fifo: %v", err)
	}
}

// TestLoaderRefuses checks the loader handed to the compiler refuses everything.
func TestLoaderRefuses(t *testing.T) {
	t.Parallel()
	var l refusingLoader
	for _, u := range []string{"file:///etc/hostname", "http://127.0.0.1/x", "https://example.com/x"} {
		if _, err := l.Load(u); !errors.Is(err, errRefused) {
			t.Errorf("%s: %v", u, err)
		}
	}
}
