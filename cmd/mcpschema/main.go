// Command mcpschema checks MCP tool definitions: schema validity per
// protocol version, breaking changes against a base revision, and reports
// for people, CI and GitHub.
package main

import (
	"context"
	"os"
	"os/signal"

	"github.com/mcpschema/mcpschema/cmd/internal/app"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := app.Main(ctx, os.Args[1:], app.Env{Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv})
	stop()
	os.Exit(code)
}
