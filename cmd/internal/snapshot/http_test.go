package snapshot_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// httpServer serves the test server over streamable HTTP on loopback and
// refuses requests without the bearer token.
func httpServer(t *testing.T, mode, token string) string {
	t.Helper()
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return newServer(mode, "") }, nil)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer "+token {
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/mcp"
}

func TestSnapshotHTTP(t *testing.T) {
	const token = "s3cret-t0ken-value"
	url := httpServer(t, "all", token)
	t.Setenv("MCP_TOKEN", token)
	dir := t.TempDir()
	r := run(t, dir, "snapshot", "--all", "--url", url, "--header", "Authorization: Bearer ${MCP_TOKEN}", "--output", "tools.snapshot.json")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "tools.snapshot.json"))
	for _, want := range []string{`"name": "delete_item"`, `"name": "search"`, `"name": "summarize"`, `"uriTemplate": "file:///items/{id}"`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("missing %s", want)
		}
	}
	// the agreed version is recorded; the same surface over stdio gives
	// the same snapshot
	if !strings.HasPrefix(string(data), "{\n  \"protocolVersions\": [\n    \"2025-11-25\"\n  ],") {
		t.Errorf("version:\n%s", data)
	}
	s := run(t, dir, snapshotArgs(t, "all", "--all")...)
	if s.stdout != string(data) {
		t.Errorf("HTTP and stdio snapshots differ:\n%s\n---\n%s", data, s.stdout)
	}
	// --check over HTTP against a server without the prompts (a real drift:
	// without --all they are not listed, see
	// TestSnapshotCheckWithoutAllOfAnAllSnapshot); the refresh command keeps
	// ${MCP_TOKEN}, not the token
	gone := httpServer(t, "basic", token)
	c := run(t, dir, "snapshot", "--all", "--url", gone, "--header", "Authorization: Bearer ${MCP_TOKEN}", "--check", "tools.snapshot.json")
	if c.code != 1 || !strings.Contains(c.stdout, "prompt \"summarize\" is in the snapshot but no longer on the server") ||
		!strings.Contains(c.stdout, `mcpschema snapshot --all --url `+gone+` --header 'Authorization: Bearer ${MCP_TOKEN}' --output tools.snapshot.json`) {
		t.Fatalf("exit %d: %s%s", c.code, c.stdout, c.stderr)
	}
	if strings.Contains(c.stdout+c.stderr, token) {
		t.Error("token printed")
	}
}

func TestSnapshotHTTPTokenNeverPrinted(t *testing.T) {
	url := httpServer(t, "basic", "right-token")
	t.Setenv("MCP_TOKEN", "wrong-token-42")
	r := run(t, t.TempDir(), "snapshot", "--url", url, "--header", "Authorization: Bearer ${MCP_TOKEN}")
	if r.code != 2 || r.stderr == "" {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if strings.Contains(r.stdout+r.stderr, "wrong-token-42") {
		t.Fatalf("token printed: %s", r.stderr)
	}
	t.Setenv("MCP_TOKEN", "")
	r = run(t, t.TempDir(), "snapshot", "--url", url, "--header", "Authorization: Bearer ${MCP_TOKEN}")
	if r.code != 2 || !strings.Contains(r.stderr, `--header "Authorization" names the environment variable MCP_TOKEN, which is not set`) {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	r = run(t, t.TempDir(), "snapshot", "--url", url, "--header", "Authorization Bearer xyz-secret")
	if r.code != 2 || strings.Contains(r.stderr, "xyz-secret") {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
}

func TestSnapshotHTTPUnreachable(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL + "/mcp"
	srv.Close()
	r := run(t, t.TempDir(), "snapshot", "--url", url, "--startup-timeout", "5s")
	if r.code != 2 || !strings.Contains(r.stderr, "initialize failed") {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
}

func TestSnapshotHTTPTimeout(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body) // (so that the server sees the client leave)
		<-r.Context().Done()        // never answers
	}))
	defer srv.Close()
	r := run(t, t.TempDir(), "snapshot", "--url", srv.URL+"/mcp", "--startup-timeout", "500ms")
	if r.code != 2 || !strings.Contains(r.stderr, "server did not answer initialize within 500ms: raise --startup-timeout if it needs longer") {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
}
