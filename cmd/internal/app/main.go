// Package app implements the mcpschema commands (check, rules, action) so
// that main only wires them and tests need no subprocess.
package app

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/mcpschema/mcpschema/cmd/internal/snapshot"
)

// Exit codes.
const (
	ExitOK       = 0
	ExitFindings = 1
	ExitUsage    = 2
	// ExitInterrupted is a run stopped by Ctrl-C (SIGINT: 128+2); it has no result.
	ExitInterrupted = 130
)

// Env is what a command may touch of the outside world.
type Env struct {
	Stdout io.Writer
	Stderr io.Writer
	// Getenv reads an environment variable.
	Getenv func(string) string
	// Dir is the working directory ("" = the process's).
	Dir string
}

func (e Env) getenv(k string) string {
	if e.Getenv == nil {
		return ""
	}
	return e.Getenv(k)
}

func (e Env) dir() string {
	if e.Dir != "" {
		return e.Dir
	}
	d, err := os.Getwd()
	if err != nil {
		return "."
	}
	return d
}

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
		return runAction(ctx, args[1:], env)
	case "snapshot":
		if code, bad := snapshotFlagError(args[1:], env); bad {
			return code
		}
		return snapshot.Main(ctx, args[1:], snapshot.Env{Stdout: env.Stdout, Stderr: env.Stderr, Getenv: env.Getenv, Dir: env.dir()})
	case "version", "--version":
		return runVersion(args[1:], env)
	}
	return unknownCommand(args[0], env)
}
