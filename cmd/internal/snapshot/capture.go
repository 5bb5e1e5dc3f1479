package snapshot

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/mcpschema/mcpschema/validate/rules"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// maxPages bounds the pages of one list (a server whose cursors never end).
const maxPages = 10000

// Surface is what a live server exposes.
type Surface struct {
	// ProtocolVersion is the version the server agreed to.
	ProtocolVersion string
	// ServerName and ServerVersion come from the server's serverInfo.
	ServerName, ServerVersion string
	// Tools, Prompts, Resources and Templates are the listed items as the
	// server sent them (objects decoded with numbers kept as written).
	Tools, Prompts, Resources, Templates []any
	// Listed says which of prompts, resources and resourceTemplates were listed.
	Listed map[string]bool
}

// offeredVersion is the newest protocol version both mcpschema and the SDK know.
func offeredVersion() string {
	sdk := mcp.SupportedProtocolVersions()
	for i := len(rules.ProtocolVersions) - 1; i >= 0; i-- {
		if slices.Contains(sdk, rules.ProtocolVersions[i]) {
			return rules.ProtocolVersions[i]
		}
	}
	return rules.ProtocolVersions[len(rules.ProtocolVersions)-1]
}

// session is a connected client and what is needed to explain its failures.
type session struct {
	cs      *mcp.ClientSession
	rec     *recorder
	srv     *server // nil over HTTP
	secrets []string
	o       *Options
}

// Capture connects to the server, lists its surface and ends the server.
func Capture(ctx context.Context, o *Options, env Env) (*Surface, error) {
	rec := newRecorder()
	s := &session{rec: rec, o: o}
	var transport mcp.Transport
	if o.URL != "" {
		u, err := url.Parse(o.URL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, &usageError{fmt.Errorf("--url %q is not an http or https URL", o.URL)}
		}
		headers, secrets, err := headerValues(o.Headers, env.getenv)
		if err != nil {
			return nil, &usageError{err}
		}
		s.secrets = secrets
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
		out := &tapReader{r: srv.stdout}
		out.tap.fn = rec.received
		in := &tapWriter{w: srv.stdin}
		in.tap.fn = rec.sent
		transport = &mcp.IOTransport{Reader: out, Writer: in, MaxLineLength: maxMessage}
	}
	surf, err := s.run(ctx, transport)
	if err != nil {
		return nil, errors.New(redact(err.Error(), s.secrets))
	}
	return surf, nil
}

func (s *session) run(ctx context.Context, transport mcp.Transport) (*Surface, error) {
	client := mcp.NewClient(&mcp.Implementation{Name: "mcpschema", Version: "snapshot"},
		&mcp.ClientOptions{Capabilities: &mcp.ClientCapabilities{}})
	startCtx, cancel := context.WithTimeout(ctx, s.o.StartupTimeout)
	defer cancel()
	cs, err := client.Connect(startCtx, transport, &mcp.ClientSessionOptions{ProtocolVersion: offeredVersion()})
	if err != nil {
		return nil, s.explain("initialize", err, startCtx, "--startup-timeout", s.o.StartupTimeout)
	}
	s.cs = cs
	defer cs.Close()
	init := cs.InitializeResult()
	surf := &Surface{ProtocolVersion: init.ProtocolVersion, Listed: map[string]bool{}}
	if init.ServerInfo != nil {
		surf.ServerName, surf.ServerVersion = init.ServerInfo.Name, init.ServerInfo.Version
	}
	caps := init.Capabilities
	if caps == nil {
		caps = &mcp.ServerCapabilities{}
	}
	if caps.Tools != nil {
		if surf.Tools, err = s.list(ctx, "tools/list", "tools", func(c context.Context, cur string) error {
			_, err := cs.ListTools(c, &mcp.ListToolsParams{Cursor: cur})
			return err
		}); err != nil {
			return nil, err
		}
	}
	if s.o.All && caps.Prompts != nil {
		surf.Listed["prompts"] = true
		if surf.Prompts, err = s.list(ctx, "prompts/list", "prompts", func(c context.Context, cur string) error {
			_, err := cs.ListPrompts(c, &mcp.ListPromptsParams{Cursor: cur})
			return err
		}); err != nil {
			return nil, err
		}
	}
	if s.o.All && caps.Resources != nil {
		surf.Listed["resources"], surf.Listed["resourceTemplates"] = true, true
		if surf.Resources, err = s.list(ctx, "resources/list", "resources", func(c context.Context, cur string) error {
			_, err := cs.ListResources(c, &mcp.ListResourcesParams{Cursor: cur})
			return err
		}); err != nil {
			return nil, err
		}
		if surf.Templates, err = s.list(ctx, "resources/templates/list", "resourceTemplates", func(c context.Context, cur string) error {
			_, err := cs.ListResourceTemplates(c, &mcp.ListResourceTemplatesParams{Cursor: cur})
			return err
		}); err != nil {
			return nil, err
		}
	}
	if g := s.rec.firstGarbage(); g != "" && s.srv != nil {
		return nil, garbageError(g)
	}
	return surf, nil
}

// list calls method page after page (following nextCursor) and returns the
// items under key of every page, as the server sent them.
func (s *session) list(ctx context.Context, method, key string, call func(context.Context, string) error) ([]any, error) {
	var items []any
	seen := map[string]bool{}
	cursor := ""
	for page := 1; ; page++ {
		if page > maxPages {
			return nil, fmt.Errorf("%s returned more than %d pages: the server's cursors do not end", method, maxPages)
		}
		rctx, cancel := context.WithTimeout(ctx, s.o.RequestTimeout)
		err := call(rctx, cursor)
		if err != nil {
			err = s.explain(method, err, rctx, "--timeout", s.o.RequestTimeout)
			cancel()
			return nil, err
		}
		cancel()
		raw, ok := s.rec.lastResult(method)
		if !ok {
			return nil, fmt.Errorf("%s: the server's answer was not recorded", method)
		}
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		var res map[string]any
		if err := dec.Decode(&res); err != nil || res == nil {
			return nil, fmt.Errorf("%s result is not an object", method)
		}
		list, ok := res[key].([]any)
		if !ok && res[key] != nil {
			return nil, fmt.Errorf("%s result has %q that is not an array", method, key)
		}
		items = append(items, list...)
		next, _ := res["nextCursor"].(string)
		if next == "" {
			return items, nil
		}
		if seen[next] {
			return nil, fmt.Errorf("%s returned the cursor %q twice: the server's pagination loops", method, next)
		}
		seen[next] = true
		cursor = next
	}
}

// explain turns an SDK error into one that says what happened: the server
// exited (with its stderr), wrote garbage, or did not answer in time.
func (s *session) explain(what string, err error, ctx context.Context, flagName string, d time.Duration) error {
	if s.srv != nil {
		if g := s.rec.firstGarbage(); g != "" {
			return garbageError(g)
		}
		if s.srv.exited(200 * time.Millisecond) {
			msg := fmt.Sprintf("server %s before it answered %s", s.srv.exitText(), what)
			return withStderr(msg, s.srv)
		}
	}
	if errors.Is(ctx.Err(), context.DeadlineExceeded) || errors.Is(err, context.DeadlineExceeded) {
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
