// Package cmdenv is what every mcpschema command may touch of the outside
// world (Env) and the exit codes all commands share: check, the action,
// changelog and snapshot alike.
package cmdenv

import (
	"io"
	"os"
)

// Exit codes.
const (
	// ExitOK: nothing reached fail-on (or no drift).
	ExitOK = 0
	// ExitFindings: findings reached fail-on (snapshot: the surface drifted).
	ExitFindings = 1
	// ExitUsage: a usage or set-up error; the gate fails closed.
	ExitUsage = 2
	// ExitInterrupted: the run was stopped by Ctrl-C (SIGINT: 128+2); it has no result.
	ExitInterrupted = 130
)

// Env is what a command may touch of the outside world.
type Env struct {
	Stdout io.Writer
	Stderr io.Writer
	// Getenv reads an environment variable.
	Getenv func(string) string
	// Dir is the working directory ("" = the process's); relative paths
	// are resolved against it.
	Dir string
}

// Lookup reads the environment variable k ("" without Getenv).
func (e Env) Lookup(k string) string {
	if e.Getenv == nil {
		return ""
	}
	return e.Getenv(k)
}

// WorkDir is Dir, or else the process's working directory ("." when it
// cannot be read).
func (e Env) WorkDir() string {
	if e.Dir != "" {
		return e.Dir
	}
	d, err := os.Getwd()
	if err != nil {
		return "."
	}
	return d
}
