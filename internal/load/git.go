package load

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os/exec"
	"strings"
)

// gitCommand is the one place a git process is built: git -C dir args...,
// run as the owner of dir when this process is root (asWorkspaceOwner).
func gitCommand(ctx context.Context, dir string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...)
	asWorkspaceOwner(cmd, dir)
	return cmd
}

// GitError is a git command that failed: what it said on standard error,
// and the error running it.
type GitError struct {
	// Command is git's subcommand ("ls-tree").
	Command string
	// Stderr is git's trimmed standard error.
	Stderr string
	// Err is the error running it (an *exec.ExitError when git failed).
	Err error
}

func (e *GitError) Error() string {
	if e.Stderr == "" {
		return fmt.Sprintf("git %s: %v", e.Command, e.Err)
	}
	return fmt.Sprintf("git %s: %s", e.Command, e.Stderr)
}

func (e *GitError) Unwrap() error {
	if e.Stderr == "" {
		return e.Err
	}
	return nil
}

// Git runs one git command in dir and returns its standard output; a
// failure is a *GitError ("git <command>: " and what git said).
func Git(ctx context.Context, dir string, stdin io.Reader, args ...string) ([]byte, error) {
	cmd := gitCommand(ctx, dir, args...)
	cmd.Stdin = stdin
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, &GitError{Command: args[0], Stderr: strings.TrimSpace(stderr.String()), Err: err}
	}
	return stdout.Bytes(), nil
}

// GitOut runs git in dir and returns its trimmed standard output; a
// failure is only what git said (or the error running it).
func GitOut(ctx context.Context, dir string, args ...string) (string, error) {
	out, err := Git(ctx, dir, nil, args...)
	if err != nil {
		ge := err.(*GitError)
		msg := ge.Stderr
		if msg == "" {
			msg = ge.Err.Error()
		}
		return "", fmt.Errorf("%s", msg)
	}
	return strings.TrimSpace(string(out)), nil
}

// gitText runs git and returns its trimmed output, "" on failure.
func gitText(ctx context.Context, dir string, args ...string) string {
	out, err := GitOut(ctx, dir, args...)
	if err != nil {
		return ""
	}
	return out
}
