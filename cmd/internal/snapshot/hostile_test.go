package snapshot_test

import (
	"encoding/base64"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
	"github.com/mcpschema/mcpschema/internal/testsupport/wfcmd"
)

// each runs the case over stdio and over HTTP (JSON and server-sent
// event answers): args gives the snapshot's
// arguments (the flags first) for a script.
func each(t *testing.T, s script, f func(t *testing.T, args func(flags ...string) []string)) {
	t.Run("stdio", func(t *testing.T) {
		f(t, func(flags ...string) []string { return scriptArgs(t, s, flags...) })
	})
	t.Run("http", func(t *testing.T) {
		u := scriptedHTTP(t, s)
		f(t, func(flags ...string) []string { return append(append([]string{"snapshot"}, flags...), "--url", u) })
	})
	t.Run("http-sse", func(t *testing.T) {
		sse := s
		sse.SSE = true
		u := scriptedHTTP(t, sse)
		f(t, func(flags ...string) []string { return append(append([]string{"snapshot"}, flags...), "--url", u) })
	})
}

// Issue 23 item 3: a version the client does not speak is named as such.
func TestSnapshotUnsupportedVersion(t *testing.T) {
	each(t, script{Version: "1999-01-01"}, func(t *testing.T, args func(...string) []string) {
		r := run(t, t.TempDir(), args()...)
		if r.code != 2 || !strings.Contains(r.stderr, `server answered protocol version "1999-01-01", which this client does not speak (it speaks 2024-11-05, `) {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
	})
}

// Issue 23 item 3: a server that never answers initialize (and exits once
// its stdin is closed) did not answer; it did not "exit with status 0".
func TestSnapshotHungInitialize(t *testing.T) {
	toolrepo.EndToEnd(t)
	each(t, script{Hang: "initialize", Stderr: "warming the cache...\n"}, func(t *testing.T, args func(...string) []string) {
		r := run(t, t.TempDir(), args("--startup-timeout", "1s")...)
		if r.code != 2 || !strings.Contains(r.stderr, "server did not answer initialize within 1s: raise --startup-timeout if it needs longer") ||
			strings.Contains(r.stderr, "exited") {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
		if strings.Contains(t.Name(), "stdio") && !strings.Contains(r.stderr, "its stderr ends with:\n  | warming the cache...") {
			t.Fatalf("no stderr tail: %s", r.stderr)
		}
	})
}

// Issue 23 item 3: a server that exits in the middle of its answer is
// reported with its exit status and stderr, not as garbage.
func TestSnapshotExitMidAnswer(t *testing.T) {
	s := script{ExitIn: "tools/list", Partial: `{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"a","inputSch`, ExitCode: 5, Stderr: "panic: out of memory\n"}
	r := run(t, t.TempDir(), scriptArgs(t, s)...)
	if r.code != 2 || !strings.Contains(r.stderr, "server exited with status 5 while answering tools/list (its answer ends after 64 bytes); its stderr ends with:\n  | panic: out of memory") ||
		strings.Contains(r.stderr, "not a JSON-RPC message") {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	// over HTTP: the connection closes in the middle of the answer
	r = run(t, t.TempDir(), "snapshot", "--url", scriptedHTTP(t, s))
	if r.code != 2 || !strings.Contains(r.stderr, "the connection closed in the middle of the server's answer to tools/list (after 64 bytes)") {
		t.Fatalf("http: exit %d: %s", r.code, r.stderr)
	}
}

// Issue 23 item 5: tools with members of the wrong type are kept, each
// problem named by its index and member; a number beyond float64 is kept
// as written; the list's _meta is kept.
func TestSnapshotMalformedToolsKept(t *testing.T) {
	s := script{Pages: []string{
		`{"tools":[{"name":"a","inputSchema":{"type":"object"}},{"name":5,"inputSchema":{"type":"object"}}],"nextCursor":"p1","_meta":{"com.example/generation":7}}`,
		`{"tools":[{"name":"c","title":7,"inputSchema":{"type":"object","properties":{"n":{"type":"number","maximum":1E+400}}}},{"name":"d","annotations":"x","inputSchema":{"type":"object"}}]}`,
	}}
	each(t, s, func(t *testing.T, args func(...string) []string) {
		r := run(t, t.TempDir(), args()...)
		if r.code != 0 {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
		for _, want := range []string{"tools[1].name: expected a string, got a number", "tools[2].title: expected a string, got a number", "tools[3].annotations: expected an object, got a string"} {
			if !strings.Contains(r.stderr, "mcpschema snapshot: "+want+" (kept as the server sent it") {
				t.Errorf("stderr lacks %q:\n%s", want, r.stderr)
			}
		}
		for _, want := range []string{`"maximum": 1E+400`, `"annotations": "x"`, `"name": 5`, `"title": 7`, "\"_meta\": {\n    \"com.example/generation\": 7\n  },\n  \"tools\""} {
			if !strings.Contains(r.stdout, want) {
				t.Errorf("snapshot lacks %s:\n%s", want, r.stdout)
			}
		}
	})
}

// Issue 23 item 5: --format mcpdesc keeps the whole serverInfo.
func TestSnapshotMcpdescKeepsServerInfo(t *testing.T) {
	s := script{ServerInfo: `{"name":"srv","version":"2.0.0","title":"The Server","websiteUrl":"https://srv.example","icons":[{"src":"https://srv.example/icon.png"}]}`,
		Pages: []string{`{"tools":[{"name":"a","inputSchema":{"type":"object"}}]}`}}
	each(t, s, func(t *testing.T, args func(...string) []string) {
		r := run(t, t.TempDir(), args("--format", "mcpdesc")...)
		want := "  \"info\": {\n    \"name\": \"srv\",\n    \"title\": \"The Server\",\n    \"icons\": [\n      {\n        \"src\": \"https://srv.example/icon.png\"\n      }\n    ],\n    \"version\": \"2.0.0\",\n    \"websiteUrl\": \"https://srv.example\"\n  },"
		if r.code != 0 || !strings.Contains(r.stdout, want) {
			t.Fatalf("exit %d: %s\n%s", r.code, r.stderr, r.stdout)
		}
	})
}

// Issue 23 item 6: 401 and 403 say so, with the challenge and the hint.
func TestSnapshotHTTPUnauthorized(t *testing.T) {
	const challenge = `Bearer realm="mcp", resource_metadata="https://srv.example/.well-known/oauth-protected-resource"`
	for status, text := range map[int]string{401: "HTTP 401 Unauthorized", 403: "HTTP 403 Forbidden"} {
		u := scriptedHTTP(t, script{Status: status, Challenge: challenge})
		r := run(t, t.TempDir(), "snapshot", "--url", u)
		if r.code != 2 || !strings.Contains(r.stderr, "server answered initialize with "+text+" (WWW-Authenticate: "+challenge+")") ||
			!strings.Contains(r.stderr, "--header 'Authorization: Bearer ${TOKEN}'") {
			t.Errorf("%d: exit %d: %s", status, r.code, r.stderr)
		}
	}
}

// Issue 23 item 7: a server that sends the token back, in another case,
// without "Bearer ", URL- or base64-encoded, in an error or in what it
// lists, never gets it printed or written.
func TestSnapshotTokenNeverLeaks(t *testing.T) {
	const token = "SecretXyz123"
	upper := strings.ToUpper(token)
	leak := "unauthorized: " + upper + " / BEARER " + upper + " / " + url.QueryEscape("Bearer "+token) + " / " +
		base64.StdEncoding.EncodeToString([]byte("user:"+token)) + " / " + base64.StdEncoding.EncodeToString([]byte(token))
	t.Setenv("MCP_TOKEN", token)
	flags := []string{"--header", "Authorization: Bearer ${MCP_TOKEN}"}
	check := func(t *testing.T, out string) {
		t.Helper()
		low := strings.ToLower(out)
		for _, secret := range []string{token, base64.StdEncoding.EncodeToString([]byte(token))[:12], "user:" + token} {
			if strings.Contains(low, strings.ToLower(secret)) {
				t.Errorf("%q leaked:\n%s", secret, out)
			}
		}
		if strings.Contains(out, base64.StdEncoding.EncodeToString([]byte("user:" + token))[8:20]) {
			t.Errorf("base64 form leaked:\n%s", out)
		}
	}
	for name, s := range map[string]script{
		"initialize": {InitError: leak},
		"tools/list": {ListError: leak},
	} {
		t.Run(name, func(t *testing.T) {
			u := scriptedHTTP(t, s)
			r := run(t, t.TempDir(), append(append([]string{"snapshot"}, flags...), "--url", u)...)
			if r.code != 2 || !strings.Contains(r.stderr, "unauthorized: ***") {
				t.Fatalf("exit %d: %s", r.code, r.stderr)
			}
			check(t, r.stdout+r.stderr)
		})
	}
	// in what the server lists: not in the snapshot file either
	dir := t.TempDir()
	u := scriptedHTTP(t, script{Pages: []string{`{"tools":[{"name":"a","description":"` + leak + `","inputSchema":{"type":"object"}}]}`}})
	r := run(t, dir, append(append([]string{"snapshot"}, flags...), "--url", u, "--output", "s.json")...)
	data, _ := os.ReadFile(filepath.Join(dir, "s.json"))
	if r.code != 0 || !strings.Contains(string(data), "unauthorized: ***") {
		t.Fatalf("exit %d: %s\n%s", r.code, r.stderr, data)
	}
	check(t, string(data)+r.stdout+r.stderr)
	// in GitHub Actions the values are masked for the rest of the job
	t.Setenv("GITHUB_ACTIONS", "true")
	r = run(t, dir, append(append([]string{"snapshot"}, flags...), "--url", u)...)
	if !strings.HasPrefix(r.stderr, "::add-mask::Bearer "+token+"\n") || !strings.Contains(r.stderr, "::add-mask::"+token+"\n") {
		t.Fatalf("no mask:\n%s", r.stderr)
	}
}

// Issue 23 item 8: server text (an error message, its stderr, what it
// lists) reaches the log without workflow commands or terminal escapes.
func TestSnapshotServerTextEscaped(t *testing.T) {
	const evil = "bad\r::error::forged ##[error]forged \x1b]0;title\x07 \x1b]8;;https://x.example\x07link\x1b]8;;\x07 \x1b[2J\u009b2J"
	check := func(t *testing.T, out string) {
		t.Helper()
		if cmds := wfcmd.Parse(out); len(cmds) > 0 {
			t.Errorf("workflow commands %v in:\n%s", cmds, out)
		}
		if strings.ContainsAny(out, "\x1b\x07\r\u009b") {
			t.Errorf("control characters in:\n%q", out)
		}
	}
	for name, s := range map[string]script{
		"initialize error": {InitError: evil, Stderr: evil + "\n::warning::from stderr\n"},
		"tools/list error": {ListError: evil, Stderr: evil + "\n"},
		"listed text":      {Pages: []string{`{"tools":[{"name":"a","description":` + quote(evil) + `,"inputSchema":{"type":"object"}}]}`}},
	} {
		t.Run(name, func(t *testing.T) {
			each(t, s, func(t *testing.T, args func(...string) []string) {
				r := run(t, t.TempDir(), args()...)
				check(t, r.stdout+r.stderr)
				if r.code == 2 && !strings.Contains(r.stderr, "forged") {
					t.Errorf("the message is lost: %s", r.stderr)
				}
			})
		})
	}
}

func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteString(`\` + string(r))
		case r < 0x20:
			b.WriteString(`\u00` + string("0123456789abcdef"[r>>4]) + string("0123456789abcdef"[r&15]))
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// Issue 23 item 9: a listing is bounded (pages, tools, bytes per list, one
// message, the whole snapshot); each error names its limit and flag.
func TestSnapshotBoundedListing(t *testing.T) {
	toolrepo.EndToEnd(t)
	each(t, script{Endless: true}, func(t *testing.T, args func(...string) []string) {
		for _, tc := range []struct {
			flags []string
			want  string
		}{
			{nil, "tools/list returned more than 10000 tools (the limit): raise --max-tools if the server really lists that many"},
			{[]string{"--max-pages", "5"}, "tools/list returned more than 5 pages (the limit): raise --max-pages if the server really lists that much"},
			{[]string{"--max-list-bytes", "20000"}, "tools/list returned more than 20000 bytes (the limit, all pages together): raise --max-list-bytes if the server really lists that much"},
			{[]string{"--max-message", "4096"}, "the server sent a message larger than the 4 KiB frame limit: raise --max-message if it is expected"},
		} {
			r := run(t, t.TempDir(), args(tc.flags...)...)
			if r.code != 2 || !strings.Contains(r.stderr, tc.want) {
				t.Errorf("%v: exit %d: %s", tc.flags, r.code, r.stderr)
			}
		}
	})
	each(t, script{Hang: "tools/list"}, func(t *testing.T, args func(...string) []string) {
		r := run(t, t.TempDir(), args("--budget", "1s")...)
		if r.code != 2 || !strings.Contains(r.stderr, "the snapshot did not finish within 1s (while waiting for the answer to tools/list): raise --budget if the server needs longer") {
			t.Errorf("exit %d: %s", r.code, r.stderr)
		}
	})
}

// Issue 23 item 2: versions are negotiated with initialize, as the
// reference clients do: no server/discover probe a strict older server
// never answers, and the version the server answers is the one recorded.
func TestSnapshotNegotiatesWithInitialize(t *testing.T) {
	seen := filepath.Join(t.TempDir(), "seen")
	s := script{Strict: true, Version: "2025-06-18", Seen: seen, Pages: []string{`{"tools":[{"name":"a","inputSchema":{"type":"object"}}]}`}}
	each(t, s, func(t *testing.T, args func(...string) []string) {
		os.Remove(seen)
		r := run(t, t.TempDir(), args("--startup-timeout", "5s")...)
		if r.code != 0 || !strings.HasPrefix(r.stdout, "{\n  \"protocolVersions\": [\n    \"2025-06-18\"\n  ],") {
			t.Fatalf("exit %d: %s\n%s", r.code, r.stderr, r.stdout)
		}
		data, _ := os.ReadFile(seen)
		if first, _, _ := strings.Cut(string(data), "\n"); first != "initialize" || strings.Contains(string(data), "server/discover") {
			t.Errorf("methods asked:\n%s", data)
		}
	})
}

// Prompts, resources and resource templates listed with --all are kept
// as sent when a member has the wrong type, each problem named by its
// list, index and member, as tools are.
func TestSnapshotMalformedMembersKept(t *testing.T) {
	s := script{Pages: []string{`{"tools":[{"name":"a","inputSchema":{"type":"object"}}]}`},
		Prompts:   `{"prompts":[{"name":"p0"},{"name":"p1","arguments":[{"name":"x","required":"yes"}]},{"name":"p2","arguments":"text"},7]}`,
		Resources: `{"resources":[{"uri":"file:///a","name":"a"},{"uri":5,"name":"b","size":"big","annotations":{"priority":"high","audience":"user"}}]}`,
		Templates: `{"resourceTemplates":[{"uriTemplate":["file:///{id}"],"name":"t","mimeType":3,"icons":{}}]}`,
	}
	each(t, s, func(t *testing.T, args func(...string) []string) {
		r := run(t, t.TempDir(), args("--all")...)
		if r.code != 0 {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
		for _, want := range []string{
			"prompts[1].arguments[0].required: expected a boolean, got a string",
			"prompts[2].arguments: expected an array, got a string",
			"prompts[3]: expected an object, got a number",
			"resources[1].annotations.audience: expected an array, got a string",
			"resources[1].annotations.priority: expected a number, got a string",
			"resources[1].size: expected a number, got a string",
			"resources[1].uri: expected a string, got a number",
			"resourceTemplates[0].icons: expected an array, got an object",
			"resourceTemplates[0].mimeType: expected a string, got a number",
			"resourceTemplates[0].uriTemplate: expected a string, got an array",
		} {
			if !strings.Contains(r.stderr, "mcpschema snapshot: "+want+" (kept as the server sent it") {
				t.Errorf("stderr lacks %q:\n%s", want, r.stderr)
			}
		}
		if strings.Contains(r.stderr, "prompts[0]") || strings.Contains(r.stderr, "resources[0]") {
			t.Errorf("a well-formed item is named:\n%s", r.stderr)
		}
		for _, want := range []string{`"arguments": "text"`, `"uri": 5`, `"required": "yes"`, `"mimeType": 3`} {
			if !strings.Contains(r.stdout, want) {
				t.Errorf("snapshot lacks %s:\n%s", want, r.stdout)
			}
		}
	})
}
