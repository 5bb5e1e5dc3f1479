package snapshot_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The test binary is also the MCP server the tests snapshot: with
// serverEnv set it serves (or misbehaves) over stdio instead of testing.
const (
	serverEnv  = "MCPSCHEMA_SNAPSHOT_TEST_SERVER"
	variantEnv = "MCPSCHEMA_SNAPSHOT_TEST_VARIANT"
	pidFileEnv = "MCPSCHEMA_SNAPSHOT_TEST_PIDFILE"
)

func TestMain(m *testing.M) {
	if mode := os.Getenv(serverEnv); mode != "" {
		os.Exit(serve(mode))
	}
	os.Exit(m.Run())
}

func serve(mode string) int {
	switch mode {
	case "script":
		return serveScript()
	case "setsid":
		// Leaves a child in a session of its own holding stdout, then
		// crashes before answering: the child must not keep the snapshot
		// waiting, and must not outlive it.
		if code, ok := startSetsidChild(); !ok {
			return code
		}
		fmt.Fprintln(os.Stderr, "fatal: cannot open the index")
		return 3
	case "crash":
		fmt.Fprintln(os.Stderr, "loading config from ./server.toml")
		fmt.Fprintln(os.Stderr, "fatal: DATABASE_URL is not set")
		return 3
	case "sleep":
		time.Sleep(time.Hour)
		return 0
	case "hang":
		// Never answers, and leaves a child behind: both must be ended.
		child := exec.Command(os.Args[0])
		child.Env = append(os.Environ(), serverEnv+"=sleep")
		if err := child.Start(); err != nil {
			return 4
		}
		_ = os.WriteFile(os.Getenv(pidFileEnv), []byte(strconv.Itoa(os.Getpid())+" "+strconv.Itoa(child.Process.Pid)), 0o644)
		fmt.Fprintln(os.Stderr, "waiting for the license server...")
		select {}
	case "garbage":
		fmt.Println("Server listening on stdio (v1.2.3)")
	case "child":
		// Serves normally but leaves a child behind, ended with the server.
		child := exec.Command(os.Args[0])
		child.Env = append(os.Environ(), serverEnv+"=sleep")
		if err := child.Start(); err != nil {
			return 4
		}
		_ = os.WriteFile(os.Getenv(pidFileEnv), []byte(strconv.Itoa(os.Getpid())+" "+strconv.Itoa(child.Process.Pid)), 0o644)
	}
	srv := newServer(mode, os.Getenv(variantEnv))
	if err := srv.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

func noop(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

// searchSchema is the search tool's inputSchema in each variant.
var searchSchema = map[string]string{
	"":         `{"type":"object","properties":{"query":{"type":"string","description":"what to look for"},"limit":{"type":"integer","minimum":1,"maximum":100}},"required":["query"],"additionalProperties":false}`,
	"minor":    `{"type":"object","properties":{"query":{"type":"string","description":"what to look for"},"limit":{"type":"integer","minimum":1,"maximum":100},"lang":{"type":"string"}},"required":["query"],"additionalProperties":false}`,
	"breaking": `{"type":"object","properties":{"query":{"type":"string","description":"what to look for"},"limit":{"type":"integer","minimum":1,"maximum":100}},"required":["query","limit"],"additionalProperties":false}`,
}

// newServer builds the test server: five tools listed two per page (three
// pages); "all" adds prompts, resources and a resource template; "invalid"
// has a tool whose inputSchema is not a valid schema; "old" only speaks
// 2025-06-18, "modern" only 2026-07-28.
func newServer(mode, variant string) *mcp.Server {
	opts := &mcp.ServerOptions{PageSize: 2}
	switch mode {
	case "old":
		opts.SupportedProtocolVersions = []string{"2025-06-18"}
	case "modern":
		opts.SupportedProtocolVersions = []string{"2026-07-28"}
	}
	srv := mcp.NewServer(&mcp.Implementation{Name: "test-server", Version: "1.2.3"}, opts)
	tools := []*mcp.Tool{
		{Name: "search", Description: "Search the catalogue", InputSchema: json.RawMessage(searchSchema[variant])},
		{Name: "fetch", Title: "Fetch a page", InputSchema: json.RawMessage(`{"type":"object","properties":{"url":{"type":"string","format":"uri"}},"required":["url"]}`),
			OutputSchema: json.RawMessage(`{"type":"object","properties":{"status":{"type":"integer"},"body":{"type":"string"}},"required":["status"]}`)},
		{Name: "delete_item", Description: "Delete an item", InputSchema: json.RawMessage(`{"type":"object","properties":{"id":{"type":"string","pattern":"^[a-z0-9]+$"}},"required":["id"]}`),
			Annotations: &mcp.ToolAnnotations{DestructiveHint: ptr(true)}},
		{Name: "list_items", InputSchema: json.RawMessage(`{"type":"object","properties":{"page":{"type":"integer","default":1,"maximum":12345678901234567890}}}`)},
		{Name: "get_weather", Description: "Weather for a city", InputSchema: json.RawMessage(`{"type":"object","properties":{"city":{"type":"string"},"units":{"enum":["metric","imperial"]}},"required":["city"]}`)},
	}
	if mode == "invalid" {
		tools = append(tools, &mcp.Tool{Name: "broken", InputSchema: json.RawMessage(`{"type":"object","properties":{"query":{"type":"string"}},"required":"query"}`)})
	}
	for _, t := range tools {
		srv.AddTool(t, noop)
	}
	if mode == "slowlist" {
		// answers initialize, never tools/list
		srv.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
			return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
				if method == "tools/list" {
					fmt.Fprintln(os.Stderr, "listing tools from the database...")
					select {}
				}
				return next(ctx, method, req)
			}
		})
	}
	if mode == "all" {
		srv.AddPrompt(&mcp.Prompt{Name: "summarize", Description: "Summarize a text", Arguments: []*mcp.PromptArgument{{Name: "text", Required: true}}},
			func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
				return &mcp.GetPromptResult{}, nil
			})
		srv.AddPrompt(&mcp.Prompt{Name: "greet"},
			func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
				return &mcp.GetPromptResult{}, nil
			})
		for _, uri := range []string{"file:///docs/readme.md", "file:///docs/changelog.md", "file:///docs/license.md"} {
			srv.AddResource(&mcp.Resource{URI: uri, Name: uri[len("file:///docs/"):], MIMEType: "text/markdown"},
				func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
					return &mcp.ReadResourceResult{}, nil
				})
		}
		srv.AddResourceTemplate(&mcp.ResourceTemplate{URITemplate: "file:///items/{id}", Name: "item"},
			func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
				return &mcp.ReadResourceResult{}, nil
			})
	}
	return srv
}

func ptr[T any](v T) *T { return &v }
