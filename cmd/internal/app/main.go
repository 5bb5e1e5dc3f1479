// Package app implements the mcpschema commands (check, rules, action) so
// that main only wires them and tests need no subprocess.
package app

import (
	"context"
	"fmt"
	"io"
	"os"
)

// Exit codes.
const (
	ExitOK       = 0
	ExitFindings = 1
	ExitUsage    = 2
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

const usage = `usage: mcpschema <command> [flags] [arguments]

commands:
  check [flags] [PATTERN ...]   validate tool files (and diff them against --base REF)
  rules [ID]                    list the rules, or print one rule's documentation
  changelog --base REF          list every tool change since REF, by tool (release notes)
  action                        run as a GitHub Action (reads INPUT_* and GITHUB_*)
  version, --version            print the version, commit and build date

run 'mcpschema check -h' for the flags of check.
`

// Main runs the command line args and returns the exit code.
func Main(ctx context.Context, args []string, env Env) int {
	if len(args) == 0 {
		fmt.Fprint(env.Stderr, usage)
		return ExitUsage
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
	case "version", "--version":
		return runVersion(args[1:], env)
	case "help", "-h", "--help":
		fmt.Fprint(env.Stdout, usage)
		return ExitOK
	}
	fmt.Fprintf(env.Stderr, "mcpschema: unknown command %q\n\n%s", args[0], usage)
	return ExitUsage
}
