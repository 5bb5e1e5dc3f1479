// Package app implements the mcpschema commands (check, rules, action) so
// that main only wires them and tests need no subprocess.
package app

import (
	"context"
	"fmt"

	"github.com/mcpschema/mcpschema/cmd/internal/action"
	"github.com/mcpschema/mcpschema/cmd/internal/cmdenv"
	"github.com/mcpschema/mcpschema/cmd/internal/snapshot"
)

// Exit codes: the ones every command shares (cmdenv).
const (
	ExitOK       = cmdenv.ExitOK
	ExitFindings = cmdenv.ExitFindings
	ExitUsage    = cmdenv.ExitUsage
	// ExitInterrupted is a run stopped by Ctrl-C (SIGINT: 128+2); it has no result.
	ExitInterrupted = cmdenv.ExitInterrupted
)

// Env is what a command may touch of the outside world (cmdenv.Env).
type Env = cmdenv.Env

// Main runs the command line args and returns the exit code.
func Main(ctx context.Context, args []string, env Env) int {
	if len(args) == 0 {
		fmt.Fprint(env.Stderr, usageText())
		return ExitUsage
	}
	if code, done := helpFirst(args, env); done {
		return code
	}
	switch args[0] {
	case "check":
		return runCheck(ctx, args[1:], env)
	case "rules":
		return runRules(args[1:], env)
	case "changelog":
		return runChangelog(ctx, args[1:], env)
	case "action":
		return action.Main(ctx, args[1:], env)
	case "snapshot":
		if code, bad := snapshotFlagError(args[1:], env); bad {
			return code
		}
		return snapshot.Main(ctx, args[1:], snapshot.Env{Stdout: env.Stdout, Stderr: env.Stderr, Getenv: env.Getenv, Dir: env.WorkDir()})
	case "version", "--version":
		return runVersion(args[1:], env)
	}
	return unknownCommand(args[0], env)
}
