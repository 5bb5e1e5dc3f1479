package snapshot_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// scriptEnv carries a script (JSON) to the test binary serving in mode "script".
const scriptEnv = "MCPSCHEMA_SNAPSHOT_TEST_SCRIPT"

// script is a fake MCP server that says exactly what a case needs, over
// stdio (the test binary in mode "script") or HTTP (scriptedHTTP): hostile
// and broken answers the SDK's server would never send.
type script struct {
	// Version is the protocolVersion answered to initialize (default: the
	// one asked for).
	Version string `json:"version,omitempty"`
	// ServerInfo replaces the default serverInfo.
	ServerInfo string `json:"serverInfo,omitempty"`
	// InitError answers initialize with a JSON-RPC error of this message
	// (and InitCode, default -32603, and InitData), unless InitAccept is
	// the version asked for.
	InitError  string `json:"initError,omitempty"`
	InitCode   int    `json:"initCode,omitempty"`
	InitData   string `json:"initData,omitempty"`
	InitAccept string `json:"initAccept,omitempty"`
	// Modern speaks only 2026-07-28: it answers server/discover, and
	// answers a request without that version in its _meta with an error.
	Modern bool `json:"modern,omitempty"`
	// Pages are the tools/list results: the first for no cursor, page N
	// for the cursor "pN" (each page writes its own nextCursor).
	Pages []string `json:"pages,omitempty"`
	// Endless answers every tools/list with 100 new tools and a fresh cursor.
	Endless bool `json:"endless,omitempty"`
	// BigTool answers tools/list with one tool whose schema has this many
	// bytes of properties.
	BigTool int `json:"bigTool,omitempty"`
	// ListError answers tools/list with a JSON-RPC error of this message.
	ListError string `json:"listError,omitempty"`
	// Hang never answers this method.
	Hang string `json:"hang,omitempty"`
	// ExitIn writes Partial (no line end) when this method is asked, then
	// exits with ExitCode.
	ExitIn   string `json:"exitIn,omitempty"`
	Partial  string `json:"partial,omitempty"`
	ExitCode int    `json:"exitCode,omitempty"`
	// Strict never answers a request sent before initialize (as strict
	// older servers do with server/discover); Seen records the methods
	// asked, one per line, in this file.
	Strict bool   `json:"strict,omitempty"`
	Seen   string `json:"seen,omitempty"`
	// Stderr is written to stderr on start.
	Stderr string `json:"stderr,omitempty"`
	// Status and Challenge (HTTP): every POST is answered with this status
	// and WWW-Authenticate.
	Status    int    `json:"status,omitempty"`
	Challenge string `json:"challenge,omitempty"`
	// SSE (HTTP): answers as a server-sent event stream, not JSON.
	SSE bool `json:"sse,omitempty"`
	// Prompts, Resources and Templates are the results of prompts/list,
	// resources/list and resources/templates/list (one page each); the
	// capabilities name prompts and resources when they are set.
	Prompts   string `json:"prompts,omitempty"`
	Resources string `json:"resources,omitempty"`
	Templates string `json:"templates,omitempty"`
	// NoTools leaves the tools capability out of the capabilities.
	NoTools bool `json:"noTools,omitempty"`

	initialized bool
}

// answer is the line the script writes for a request; "" for none (a
// notification, or a method it hangs on); exit says to exit after it.
func (s *script) answer(line []byte) (out string, exit bool) {
	var req struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Params struct {
			ProtocolVersion string         `json:"protocolVersion"`
			Cursor          string         `json:"cursor"`
			Meta            map[string]any `json:"_meta"`
		} `json:"params"`
	}
	if json.Unmarshal(line, &req) != nil {
		return "", false
	}
	if s.Seen != "" {
		f, _ := os.OpenFile(s.Seen, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
		fmt.Fprintln(f, req.Method)
		f.Close()
	}
	if len(req.ID) == 0 {
		return "", false
	}
	if s.Strict && req.Method != "initialize" && !s.initialized {
		return "", false
	}
	if req.Method == "initialize" {
		s.initialized = true
	}
	if req.Method == s.Hang {
		return "", false
	}
	if req.Method == s.ExitIn {
		return s.Partial, true
	}
	result := func(r string) string {
		return `{"jsonrpc":"2.0","id":` + string(req.ID) + `,"result":` + r + `}`
	}
	fail := func(msg string) string {
		m, _ := json.Marshal(msg)
		return `{"jsonrpc":"2.0","id":` + string(req.ID) + `,"error":{"code":-32603,"message":` + string(m) + `}}`
	}
	if s.Modern && req.Method != "initialize" && req.Params.Meta["io.modelcontextprotocol/protocolVersion"] != modernVersion {
		return `{"jsonrpc":"2.0","id":` + string(req.ID) + `,"error":{"code":-32022,"message":"unsupported protocol version","data":{"supported":["` + modernVersion + `"]}}}`, false
	}
	switch req.Method {
	case "initialize":
		if s.InitError != "" && req.Params.ProtocolVersion != s.InitAccept {
			code := s.InitCode
			if code == 0 {
				code = -32603
			}
			m, _ := json.Marshal(s.InitError)
			data := ""
			if s.InitData != "" {
				data = `,"data":` + s.InitData
			}
			return `{"jsonrpc":"2.0","id":` + string(req.ID) + `,"error":{"code":` + strconv.Itoa(code) + `,"message":` + string(m) + data + `}}`, false
		}
		v := s.Version
		if v == "" {
			v = req.Params.ProtocolVersion
		}
		info := s.ServerInfo
		if info == "" {
			info = `{"name":"scripted","version":"0.1.0"}`
		}
		return result(`{"protocolVersion":"` + v + `","capabilities":` + s.capabilities() + `,"serverInfo":` + info + `}`), false
	case "server/discover":
		if !s.Modern {
			break
		}
		info := s.ServerInfo
		if info == "" {
			info = `{"name":"scripted","version":"0.1.0"}`
		}
		return result(`{"supportedVersions":["` + modernVersion + `"],"capabilities":` + s.capabilities() + `,"_meta":{"io.modelcontextprotocol/serverInfo":` + info + `}}`), false
	case "prompts/list":
		return result(s.Prompts), false
	case "resources/list":
		return result(s.Resources), false
	case "resources/templates/list":
		return result(s.Templates), false
	case "tools/list":
		switch {
		case s.ListError != "":
			return fail(s.ListError), false
		case s.Endless:
			n, _ := strconv.Atoi(strings.TrimPrefix(req.Params.Cursor, "p"))
			var b strings.Builder
			b.WriteString(`{"tools":[`)
			for i := 0; i < 100; i++ {
				if i > 0 {
					b.WriteByte(',')
				}
				fmt.Fprintf(&b, `{"name":"tool_%d_%d","inputSchema":{"type":"object"}}`, n, i)
			}
			fmt.Fprintf(&b, `],"nextCursor":"p%d"}`, n+1)
			return result(b.String()), false
		case s.BigTool > 0:
			return result(`{"tools":[` + bigTool(s.BigTool) + `]}`), false
		}
		page := 0
		if req.Params.Cursor != "" {
			page, _ = strconv.Atoi(strings.TrimPrefix(req.Params.Cursor, "p"))
		}
		if page < len(s.Pages) {
			return result(s.Pages[page]), false
		}
		return fail("no such page"), false
	case "ping":
		return result(`{}`), false
	}
	return `{"jsonrpc":"2.0","id":` + string(req.ID) + `,"error":{"code":-32601,"message":"method not found"}}`, false
}

// modernVersion is the protocol version negotiated with server/discover.
const modernVersion = "2026-07-28"

// capabilities are the server's capabilities: tools (unless NoTools), and
// prompts and resources when the script lists them.
func (s *script) capabilities() string {
	var caps []string
	if !s.NoTools {
		caps = append(caps, `"tools":{}`)
	}
	if s.Prompts != "" {
		caps = append(caps, `"prompts":{}`)
	}
	if s.Resources != "" || s.Templates != "" {
		caps = append(caps, `"resources":{}`)
	}
	return "{" + strings.Join(caps, ",") + "}"
}

// bigTool is a tool whose inputSchema has about n bytes of properties.
func bigTool(n int) string {
	var b strings.Builder
	b.WriteString(`{"name":"big","inputSchema":{"type":"object","properties":{`)
	for i := 0; b.Len() < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"property_%07d":{"type":"string","description":"the property number %d of a very large schema"}`, i, i)
	}
	b.WriteString(`}}}`)
	return b.String()
}

// serveScript serves the script of scriptEnv over stdio.
func serveScript() int {
	var s script
	if err := json.Unmarshal([]byte(os.Getenv(scriptEnv)), &s); err != nil {
		fmt.Fprintln(os.Stderr, "bad script:", err)
		return 9
	}
	if s.Stderr != "" {
		fmt.Fprint(os.Stderr, s.Stderr)
	}
	in := bufio.NewReader(os.Stdin)
	for {
		line, err := in.ReadBytes('\n')
		if len(line) > 0 {
			out, exit := s.answer(line)
			if exit {
				fmt.Print(out)
				return s.ExitCode
			}
			if out != "" {
				fmt.Println(out)
			}
		}
		if err != nil {
			return 0
		}
	}
}

// scriptArgs are the arguments of `mcpschema snapshot FLAGS -- <script server>`.
func scriptArgs(t *testing.T, s script, flags ...string) []string {
	t.Helper()
	data, _ := json.Marshal(s)
	t.Setenv(scriptEnv, string(data))
	return snapshotArgs(t, "script", flags...)
}

// scriptedHTTP serves the script over streamable HTTP (JSON answers) and
// records the requests' Authorization headers.
func scriptedHTTP(t *testing.T, s script) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		if s.Status != 0 {
			if s.Challenge != "" {
				w.Header().Set("WWW-Authenticate", s.Challenge)
			}
			http.Error(w, "no", s.Status)
			return
		}
		body, _ := io.ReadAll(r.Body)
		out, exit := s.answer(body)
		if exit {
			// the connection ends in the middle of the answer
			hj, ok := w.(http.Hijacker)
			if ok {
				c, _, _ := hj.Hijack()
				fmt.Fprintf(c, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(out)+100, out)
				c.Close()
			}
			return
		}
		if out == "" {
			if s.Hang != "" && strings.Contains(string(body), `"method":"`+s.Hang+`"`) || s.Strict && strings.Contains(string(body), `"id"`) {
				select {
				case <-r.Context().Done():
				case <-time.After(time.Minute):
				}
				return
			}
			w.WriteHeader(http.StatusAccepted)
			return
		}
		if s.SSE {
			w.Header().Set("Content-Type", "text/event-stream")
			io.WriteString(w, "event: message\nid: 1\ndata: "+out+"\n\n")
			return
		}
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, out)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/mcp"
}
