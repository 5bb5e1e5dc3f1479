// Command mcpschema checks MCP tool definitions: schema validity per
// protocol version, breaking changes against a base revision, and reports
// for people, CI and GitHub.
package main

import (
	"context"
	"os"
	"os/signal"
	"runtime/debug"

	"github.com/mcpschema/mcpschema/cmd/internal/app"
)

// gcPercent halves the collector's default headroom (100% of the live
// heap): a run holding many files, such as check --base, then peaks at
// about 1.5 times its live heap instead of twice it (GOGC, when set, wins).
const gcPercent = 50

func main() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := app.Main(ctx, os.Args[1:], app.Env{Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv})
	stop()
	os.Exit(code)
}
