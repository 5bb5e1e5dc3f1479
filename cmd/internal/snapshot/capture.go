package snapshot

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Surface is what a live server exposes.
type Surface struct {
	// ProtocolVersion is the version the server agreed to.
	ProtocolVersion string
	// ServerName and ServerVersion come from the server's serverInfo.
	ServerName, ServerVersion string
	// ServerInfo is the whole serverInfo the server sent (title, website,
	// icons, ...), nil when it sent none that is an object.
	ServerInfo map[string]any
	// Tools, Prompts, Resources and Templates are the listed items as the
	// server sent them (objects decoded with numbers kept as written).
	Tools, Prompts, Resources, Templates []any
	// ToolsMeta is the _meta of the tools/list result (of its first page).
	ToolsMeta any
	// Listed says which of prompts, resources and resourceTemplates were listed.
	Listed map[string]bool
	// NoToolsCapability says the server's initialize result declares no
	// tools capability, so tools/list was not called and Tools is empty.
	NoToolsCapability bool
	// Notes are members of listed items that have the wrong type: the
	// items are kept as sent (`check` reports them), the notes say where.
	Notes []string
}

// offeredVersion is the version offered in initialize: the newest one both
// mcpschema and the SDK know that is negotiated with initialize. Newer
// versions are negotiated with a server/discover request first, which
// strict older servers answer slowly, wrongly or not at all; a server
// that speaks an older version answers with it, and that one is used.
func offeredVersion() string {
	sdk := mcp.SupportedProtocolVersions()
	for i := len(rules.ProtocolVersions) - 1; i >= 0; i-- {
		v := rules.ProtocolVersions[i]
		if v < discoverVersion && slices.Contains(sdk, v) {
			return v
		}
	}
	return rules.ProtocolVersions[0]
}

// discoverVersion is the first protocol version the SDK negotiates with
// server/discover instead of initialize.
const discoverVersion = "2026-07-28"

// session is a connected client and what is needed to explain its failures.
type session struct {
	cs  *mcp.ClientSession
	rec *recorder
	srv *server // nil over HTTP
	o   *Options
	// whole is the context of the whole snapshot (--budget).
	whole context.Context
	// version is the protocol version offered; first is the refusal of
	// the first connection when this one is the second, else nil.
	version string
	first   *initRefused
}

// Capture connects to the server, lists its surface and ends the server.
// A server that refuses the offered version in a way that names another
// (or that knows no initialize: it speaks only the versions negotiated
// with server/discover) is connected to again at that version: a new
// server process over stdio, a new session over HTTP.
func Capture(ctx context.Context, o *Options, env Env) (*Surface, error) {
	budget := o.Budget
	if budget <= 0 {
		budget = 5 * time.Minute
	}
	whole, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	var headers http.Header
	var u *url.URL
	if o.URL != "" {
		var err error
		u, err = url.Parse(o.URL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, &usageError{fmt.Errorf("--url %q is not an http or https URL", o.URL)}
		}
		if headers, _, err = headerValues(o.Headers, env.Lookup); err != nil {
			return nil, &usageError{err}
		}
	}
	surf, err := captureAt(whole, o, env, u, headers, offeredVersion(), nil)
	var refused *initRefused
	if errors.As(err, &refused) {
		return captureAt(whole, o, env, u, headers, refused.next, refused)
	}
	return surf, err
}

// captureAt connects at version (over a new connection, a new server
// process over stdio) and lists the surface; first is the refusal that
// led to this version, nil on the first connection.
func captureAt(whole context.Context, o *Options, env Env, u *url.URL, headers http.Header, version string, first *initRefused) (*Surface, error) {
	rec := newRecorder(o.MaxMessage)
	s := &session{rec: rec, o: o, whole: whole, version: version, first: first}
	var transport mcp.Transport
	if u != nil {
		life, end := context.WithCancel(context.Background())
		defer end()
		transport = &mcp.StreamableClientTransport{Endpoint: o.URL, HTTPClient: newHTTPClient(life, u, headers, rec),
			MaxRetries: -1, DisableStandaloneSSE: true}
	} else {
		srv, err := startServer(o.Command, env.Dir)
		if err != nil {
			return nil, err
		}
		s.srv = srv
		defer srv.stop()
		transport = &mcp.IOTransport{Reader: newLineReader(srv.stdout, rec), Writer: &tapWriter{w: srv.stdin, rec: rec},
			MaxLineLength: int(min(rec.maxMessage, 1<<40)) + 1024}
	}
	return s.run(whole, transport)
}

func (s *session) run(ctx context.Context, transport mcp.Transport) (*Surface, error) {
	client := mcp.NewClient(&mcp.Implementation{Name: "mcpschema", Version: "snapshot"},
		&mcp.ClientOptions{Capabilities: &mcp.ClientCapabilities{}})
	startCtx, cancel := context.WithTimeout(ctx, s.o.StartupTimeout)
	defer cancel()
	cs, err := client.Connect(startCtx, transport, &mcp.ClientSessionOptions{ProtocolVersion: s.version})
	if err != nil {
		return nil, s.connectError(err, startCtx)
	}
	s.cs = cs
	defer cs.Close()
	init := cs.InitializeResult()
	surf := &Surface{ProtocolVersion: init.ProtocolVersion, Listed: map[string]bool{}}
	if init.ServerInfo != nil {
		surf.ServerName, surf.ServerVersion = init.ServerInfo.Name, init.ServerInfo.Version
	}
	surf.ServerInfo = s.serverInfo(init.ProtocolVersion)
	caps := init.Capabilities
	if caps == nil {
		caps = &mcp.ServerCapabilities{}
	}
	surf.NoToolsCapability = caps.Tools == nil
	if caps.Tools != nil {
		if surf.Tools, surf.ToolsMeta, err = s.list(ctx, "tools/list", func(c context.Context, cur string) error {
			_, err := cs.ListTools(c, &mcp.ListToolsParams{Cursor: cur})
			return err
		}); err != nil {
			return nil, err
		}
		surf.Notes = append(surf.Notes, memberProblems("tools", surf.Tools)...)
	}
	if s.o.All && caps.Prompts != nil {
		surf.Listed["prompts"] = true
		if surf.Prompts, _, err = s.list(ctx, "prompts/list", func(c context.Context, cur string) error {
			_, err := cs.ListPrompts(c, &mcp.ListPromptsParams{Cursor: cur})
			return err
		}); err != nil {
			return nil, err
		}
		surf.Notes = append(surf.Notes, memberProblems("prompts", surf.Prompts)...)
	}
	if s.o.All && caps.Resources != nil {
		surf.Listed["resources"], surf.Listed["resourceTemplates"] = true, true
		if surf.Resources, _, err = s.list(ctx, "resources/list", func(c context.Context, cur string) error {
			_, err := cs.ListResources(c, &mcp.ListResourcesParams{Cursor: cur})
			return err
		}); err != nil {
			return nil, err
		}
		if surf.Templates, _, err = s.list(ctx, "resources/templates/list", func(c context.Context, cur string) error {
			_, err := cs.ListResourceTemplates(c, &mcp.ListResourceTemplatesParams{Cursor: cur})
			return err
		}); err != nil {
			return nil, err
		}
		surf.Notes = append(surf.Notes, memberProblems("resources", surf.Resources)...)
		surf.Notes = append(surf.Notes, memberProblems("resourceTemplates", surf.Templates)...)
	}
	if g := s.rec.firstGarbage(); g != "" && s.srv != nil {
		return nil, garbageError(g)
	}
	return surf, nil
}

func decodeObject(raw []byte) (map[string]any, bool) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var res map[string]any
	if err := dec.Decode(&res); err != nil || res == nil {
		return nil, false
	}
	return res, true
}

// list calls method page after page (following nextCursor) and returns the
// items of every page as the server sent them, and the first page's
// _meta; the pages, items and bytes of the list are bounded.
func (s *session) list(ctx context.Context, method string, call func(context.Context, string) error) ([]any, any, error) {
	key := listKeys[method]
	var items []any
	var meta any
	var size int64
	seen := map[string]bool{}
	cursor := ""
	for page := 1; ; page++ {
		if page > s.o.MaxPages {
			return nil, nil, fmt.Errorf("%s returned more than %d pages (the limit): raise --max-pages if the server really lists that much", method, s.o.MaxPages)
		}
		rctx, cancel := context.WithTimeout(ctx, s.o.RequestTimeout)
		err := call(rctx, cursor)
		if err != nil {
			err = s.explain(method, err, rctx, "--timeout", s.o.RequestTimeout)
			cancel()
			return nil, nil, err
		}
		cancel()
		raw, ok := s.rec.take(method)
		if !ok {
			return nil, nil, fmt.Errorf("%s: the server's answer was not recorded", method)
		}
		size += int64(len(raw))
		if size > s.o.MaxListBytes {
			return nil, nil, fmt.Errorf("%s returned more than %s (the limit, all pages together): raise --max-list-bytes if the server really lists that much", method, sizeText(s.o.MaxListBytes))
		}
		v := bytes.TrimSpace(raw)
		if len(v) == 0 || v[0] != '{' {
			return nil, nil, fmt.Errorf("%s result is not an object", method)
		}
		var next string
		o := rawMembers(v)
		for _, m := range o.members {
			val := o.val(m)
			switch string(o.key(m)) {
			case key:
				switch {
				case len(val) > 0 && val[0] == '[':
					items = append(items, decodeItems(val)...)
				case string(val) != "null":
					return nil, nil, fmt.Errorf("%s result has %q that is not an array", method, key)
				}
			case "nextCursor":
				next, _ = decodeTree(val).(string)
			case "_meta":
				if page == 1 {
					meta = decodeMember(val)
				}
			}
		}
		raw = nil
		if size > 16<<20 {
			// a large page: collect what reading it left (its chunks, the
			// SDK's buffers) before the next page, or the rendering
			runtime.GC()
		}
		if len(items) > s.o.MaxItems {
			return nil, nil, fmt.Errorf("%s returned more than %d %s (the limit): raise --max-tools if the server really lists that many", method, s.o.MaxItems, key)
		}
		if next == "" {
			return items, meta, nil
		}
		if seen[next] {
			return nil, nil, fmt.Errorf("%s returned the cursor %q twice: the server's pagination loops", method, next)
		}
		seen[next] = true
		cursor = next
	}
}

// explain turns an SDK error into one that says what happened: the
// snapshot ran out of time, a message was too large, the server refused
// the credentials, exited (with its status and stderr), wrote garbage,
// did not answer in time, or answered a version this client does not speak.
func (s *session) explain(what string, err error, ctx context.Context, flagName string, d time.Duration) error {
	if errors.Is(s.whole.Err(), context.DeadlineExceeded) {
		msg := fmt.Sprintf("the snapshot did not finish within %s (while waiting for the answer to %s): raise --budget if the server needs longer", s.o.Budget, what)
		if s.srv != nil {
			s.srv.kill()
			return withStderr(msg, s.srv)
		}
		return errors.New(msg)
	}
	if s.rec.oversized() {
		return frameError(s.rec.maxMessage)
	}
	s.rec.mu.Lock()
	auth := s.rec.auth
	s.rec.mu.Unlock()
	if auth != nil {
		return authError(what, auth)
	}
	if what == "initialize" && strings.HasPrefix(err.Error(), "unsupported protocol version") {
		v := "?"
		if raw, ok := s.rec.result("initialize"); ok {
			if res, ok := decodeObject(raw); ok {
				v = fmt.Sprint(res["protocolVersion"])
			}
		}
		sdk := slices.Clone(mcp.SupportedProtocolVersions())
		slices.Sort(sdk)
		return fmt.Errorf("server answered protocol version %q, which this client does not speak (it speaks %s)", v, strings.Join(sdk, ", "))
	}
	if res, ok := s.rec.answered(what); ok && res.err != nil {
		// the server answered, with an error: its own words say what failed
		return fmt.Errorf("%s failed: %s", what, rpcErrorText(res.err))
	}
	if n := s.rec.cutOff(); n > 0 && s.srv == nil {
		return fmt.Errorf("the connection closed in the middle of the server's answer to %s (after %d bytes)", what, n)
	}
	if s.srv != nil {
		if n := s.rec.cutOff(); n > 0 && s.srv.exited(2*time.Second) {
			return withStderr(fmt.Sprintf("server %s while answering %s (its answer ends after %d bytes)", s.srv.exitText(), what, n), s.srv)
		}
		if g := s.rec.firstGarbage(); g != "" {
			return garbageError(g)
		}
	}
	timedOut := errors.Is(ctx.Err(), context.DeadlineExceeded) || errors.Is(err, context.DeadlineExceeded)
	if s.srv != nil && !timedOut && s.srv.exited(2*time.Second) {
		return withStderr(fmt.Sprintf("server %s before it answered %s", s.srv.exitText(), what), s.srv)
	}
	if timedOut {
		msg := fmt.Sprintf("server did not answer %s within %s: raise %s if it needs longer", what, d, flagName)
		if s.srv != nil {
			s.srv.kill()
			return withStderr(msg, s.srv)
		}
		return errors.New(msg)
	}
	msg := fmt.Sprintf("%s failed: %v", what, err)
	if s.srv != nil {
		return withStderr(msg, s.srv)
	}
	return errors.New(msg)
}

// authError says the server refused the request's credentials, what it
// asks for, and how to pass a token.
func authError(what string, a *authFailure) error {
	msg := fmt.Sprintf("server answered %s with HTTP %d %s", what, a.status, http.StatusText(a.status))
	if a.challenge != "" {
		msg += fmt.Sprintf(" (WWW-Authenticate: %s)", clip([]byte(a.challenge), 500))
	}
	if a.status == http.StatusForbidden {
		return errors.New(msg + ": the token is not allowed to list the server; pass one that is with --header 'Authorization: Bearer ${TOKEN}'")
	}
	return errors.New(msg + ": pass a token with --header 'Authorization: Bearer ${TOKEN}'")
}

func garbageError(g string) error {
	return fmt.Errorf("server wrote something that is not a JSON-RPC message to stdout: %q: a stdio MCP server must write only JSON-RPC messages, one per line, to stdout (write logs to stderr)", g)
}

func withStderr(msg string, srv *server) error {
	if t := srv.stderrText(20); t != "" {
		return fmt.Errorf("%s; its stderr ends with:\n%s", msg, t)
	}
	return fmt.Errorf("%s (it wrote nothing to stderr)", msg)
}

// quoteArgs renders argv for a shell.
func quoteArgs(argv []string) string {
	out := make([]string, len(argv))
	for i, a := range argv {
		out[i] = shellQuote(a)
	}
	return strings.Join(out, " ")
}

func shellQuote(a string) string {
	if a != "" && strings.IndexFunc(a, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./=:,@%+", r))
	}) < 0 {
		return a
	}
	return "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
}
