package snapshot

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

func TestRefreshCommand(t *testing.T) {
	for _, tc := range []struct {
		raw   []string
		check string
		split string
		want  string
	}{
		{[]string{"--check", "t.json", "--", "node", "dist/index.js"}, "t.json", "", "mcpschema snapshot --output t.json -- node dist/index.js"},
		{[]string{"-check=t.json", "--all", "--", "python", "-m", "srv", "--check", "x"}, "t.json", "", "mcpschema snapshot --output t.json --all -- python -m srv --check x"},
		{[]string{"--split", "snaps", "--check", "snaps", "--", "./my server"}, "snaps", "snaps", "mcpschema snapshot --split snaps -- './my server'"},
		{[]string{"--url", "http://h/mcp", "--header", "Authorization: Bearer ${T}", "--check", "it's.json"}, "it's.json", "", `mcpschema snapshot --url http://h/mcp --header 'Authorization: Bearer ${T}' --output 'it'\''s.json'`},
	} {
		got := refreshCommand(&Options{raw: tc.raw, Check: tc.check, Split: tc.split})
		if got != tc.want {
			t.Errorf("%q:\n got %s\nwant %s", tc.raw, got, tc.want)
		}
	}
}

func TestHeaderValues(t *testing.T) {
	env := map[string]string{"TOK": "abc123", "ORG": "acme"}
	h, secrets, err := headerValues([]string{"Authorization: Bearer ${TOK}", "X-Org:$ORG", "X-Plain: yes"}, func(k string) string { return env[k] })
	if err != nil || h.Get("Authorization") != "Bearer abc123" || h.Get("X-Org") != "acme" || h.Get("X-Plain") != "yes" || len(secrets) != 3 {
		t.Fatalf("%v %v %v", h, secrets, err)
	}
	if got := newRedactor(secrets).String("bad token Bearer abc123 for acme"); strings.Contains(got, "abc123") || strings.Contains(got, "acme") {
		t.Errorf("redact: %s", got)
	}
	for _, bad := range []string{"NoColon secret", ": secret", "Bad Name: secret", "A: ${UNSET}"} {
		_, _, err := headerValues([]string{bad}, func(k string) string { return env[k] })
		if err == nil || strings.Contains(err.Error(), "secret") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

func TestToolFileName(t *testing.T) {
	for in, want := range map[string]string{"search": "search.json", "admin.tools.list": "admin.tools.list.json", "a/b c": "a_b_c.json", "..": "_...json", "": "_.json"} {
		if got := toolFileName(in); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}

func TestEncodeDeterministic(t *testing.T) {
	doc := map[string]any{"tools": []any{map[string]any{"inputSchema": map[string]any{"type": "object", "properties": map[string]any{"b": map[string]any{}, "a": true}}, "name": "x", "description": "<&>"}}, "protocolVersions": []any{"2025-11-25"}}
	want := `{
  "protocolVersions": [
    "2025-11-25"
  ],
  "tools": [
    {
      "name": "x",
      "description": "<&>",
      "inputSchema": {
        "properties": {
          "a": true,
          "b": {}
        },
        "type": "object"
      }
    }
  ]
}
`
	if got := string(encode(doc)); got != want {
		t.Errorf("got\n%s", got)
	}
}

// The HTTP client talks to the --url host only: another host, or a
// redirect, is refused before anything is sent.
func TestHTTPOnlyTheURLHost(t *testing.T) {
	u, _ := url.Parse("http://127.0.0.1:9/mcp")
	c := newHTTPClient(context.Background(), u, http.Header{}, newRecorder(0))
	_, err := c.Get("http://192.0.2.1/other")
	if err == nil || !strings.Contains(err.Error(), `refusing a request to "192.0.2.1": snapshot only talks to the --url host`) {
		t.Fatalf("got %v", err)
	}
	if err := c.CheckRedirect(nil, nil); err == nil {
		t.Fatal("redirect followed")
	}
}
