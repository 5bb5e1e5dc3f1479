// Package snapshot implements `mcpschema snapshot`: it starts (or connects
// to) a live MCP server with the official MCP Go SDK, lists its tools (and,
// with --all, prompts, resources and resource templates), and writes them as
// a deterministic tools/list result, one file per tool, or an MCP
// Description; with --check it compares the live surface with a committed
// snapshot the way `check --base` compares two revisions, the config
// applied.
package snapshot

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/mcpschema/mcpschema/annotate"
	"github.com/mcpschema/mcpschema/cmd/internal/cmdenv"
	"github.com/mcpschema/mcpschema/internal/suggest"
)

// Exit codes (the same as the other commands': cmdenv).
const (
	ExitOK    = cmdenv.ExitOK
	ExitDrift = cmdenv.ExitFindings
	// ExitUsage is also returned when the server cannot be started,
	// reached or listed: the gate fails closed.
	ExitUsage = cmdenv.ExitUsage
)

// Env is what the command may touch of the outside world (cmdenv.Env;
// Getenv reads the --header values).
type Env = cmdenv.Env

const usage = `usage: mcpschema snapshot [flags] -- COMMAND [ARGS ...]
       mcpschema snapshot [flags] --url URL

Starts the MCP server COMMAND over stdio (or connects to the streamable HTTP
server at URL), lists its tools and writes them as a tools/list result: tools
sorted by name, keys in a stable order, the agreed protocol version recorded
as protocolVersions. With --check the live surface is compared with the
committed snapshot instead: exit 0 when equivalent, 1 when it drifted.

flags:
`

// Options are the parsed flags.
type Options struct {
	Command        []string
	URL            string
	Headers        []string
	All            bool
	Output         string
	Split          string
	Format         string
	Check          string
	StartupTimeout time.Duration
	RequestTimeout time.Duration
	// Budget bounds the whole snapshot (start, initialize, every list).
	Budget time.Duration
	// MaxPages, MaxItems and MaxListBytes bound each list; MaxMessage
	// bounds one message from the server.
	MaxPages, MaxItems int
	MaxListBytes       int64
	MaxMessage         int64
	// NoticeNonBreaking makes a drift without a breaking change a notice
	// (exit 0) instead of a failure.
	NoticeNonBreaking bool
	// RequireTools fails the snapshot (exit 2, nothing written) when the
	// server declares no tools capability.
	RequireTools bool
	// raw are the arguments as given, for the refresh command.
	raw []string
	// red hides the --header values from the output.
	red *redactor
}

type headerFlag []string

func (h *headerFlag) String() string     { return strings.Join(*h, ", ") }
func (h *headerFlag) Set(v string) error { *h = append(*h, v); return nil }

// DeclareFlags declares snapshot's flags on fs, filling o; the returned
// list collects the --header values. The help listing uses it too.
func DeclareFlags(fs *flag.FlagSet, o *Options) *headerFlag {
	fs.StringVar(&o.URL, "url", "", "connect to the streamable HTTP MCP server at `URL` instead of starting a command")
	headers := &headerFlag{}
	fs.Var(headers, "header", "HTTP `header` 'Name: value' for --url (repeatable); ${VAR} in the value is read from the environment")
	fs.BoolVar(&o.All, "all", false, "also list prompts, resources and resource templates when the server declares them")
	fs.StringVar(&o.Output, "output", "", "write the snapshot to `FILE` (default standard output)")
	fs.StringVar(&o.Split, "split", "", "write one <tool>.json per tool into `DIR` (like __toolsnaps__)")
	fs.StringVar(&o.Format, "format", "json", "snapshot `format`: json (a tools/list result) or mcpdesc (an MCP Description)")
	fs.StringVar(&o.Check, "check", "", "compare the live server with the committed snapshot `FILE` (a DIR with --split) instead of writing it")
	fs.DurationVar(&o.StartupTimeout, "startup-timeout", 30*time.Second, "time allowed to start the server and initialize")
	fs.DurationVar(&o.RequestTimeout, "timeout", 30*time.Second, "time allowed for each list request")
	fs.DurationVar(&o.Budget, "budget", 5*time.Minute, "time allowed for the whole snapshot (start, initialize and every page of every list)")
	fs.IntVar(&o.MaxPages, "max-pages", defaultMaxPages, "most pages read of one list")
	fs.IntVar(&o.MaxItems, "max-tools", defaultMaxItems, "most tools (or prompts, resources, templates) read of one list")
	fs.Int64Var(&o.MaxListBytes, "max-list-bytes", defaultMaxListBytes, "most bytes read of one list, all its pages together")
	fs.Int64Var(&o.MaxMessage, "max-message", defaultMaxMessage, "most bytes of one message from the server")
	fs.BoolVar(&o.NoticeNonBreaking, "notice-non-breaking", false, "with --check: report a drift without breaking changes as a notice and exit 0 (default: any drift fails)")
	fs.BoolVar(&o.RequireTools, "require-tools", false, "fail (exit 2, nothing written or compared) when the server's initialize result declares no tools capability (default: say so on stderr and snapshot no tools)")
	return headers
}

// parse reads the flags; the command follows "--".
func parse(args []string, stderr io.Writer) (*Options, error) {
	o := &Options{raw: args}
	fs := flag.NewFlagSet("snapshot", flag.ContinueOnError)
	fs.SetOutput(stderr)
	headers := DeclareFlags(fs, o)
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	o.Headers = *headers
	o.Command = fs.Args()
	// flag stops at "--" and drops it; a command given without "--" whose
	// first word looks like a flag was already refused by Parse.
	switch {
	case o.URL == "" && len(o.Command) == 0:
		return nil, errors.New("no server: give the command after --, for example 'mcpschema snapshot -- node dist/index.js', or --url")
	case o.URL != "" && len(o.Command) > 0:
		return nil, fmt.Errorf("both --url and a command (%q) given: use one", o.Command[0])
	case len(o.Headers) > 0 && o.URL == "":
		return nil, errors.New("--header is for --url only: a stdio server reads its configuration from the environment")
	case o.Format != "json" && o.Format != "mcpdesc":
		return nil, fmt.Errorf("unknown format %q%s", o.Format, formatHint(o.Format))
	case o.Split != "" && o.Format != "json":
		return nil, errors.New("--split writes tools/list tool objects: it cannot be combined with --format mcpdesc")
	case o.Split != "" && o.All:
		return nil, errors.New("--split writes one file per tool: prompts and resources (--all) need a single file, use --output")
	case o.Split != "" && o.Output != "":
		return nil, errors.New("--split and --output both name where to write: use one")
	case o.Check != "" && o.Output != "":
		return nil, errors.New("--check compares and writes nothing: drop --output")
	case o.StartupTimeout <= 0 || o.RequestTimeout <= 0 || o.Budget <= 0:
		return nil, errors.New("timeouts must be positive")
	case o.MaxPages <= 0 || o.MaxItems <= 0 || o.MaxListBytes <= 0 || o.MaxMessage <= 0:
		return nil, errors.New("--max-pages, --max-tools, --max-list-bytes and --max-message must be positive")
	case o.MaxMessage > 1<<30:
		return nil, errors.New("--max-message is at most 1073741824 (1 GiB)")
	}
	return o, nil
}

// Main runs `mcpschema snapshot` with args and returns the exit code.
func Main(ctx context.Context, args []string, env Env) int {
	o, err := parse(args, env.Stderr)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return ExitOK
		}
		if !strings.Contains(err.Error(), "flag provided but not defined") {
			fmt.Fprintf(env.Stderr, "mcpschema snapshot: %v\n", err)
		}
		return ExitUsage
	}
	// The header values never reach the output: not in what is printed,
	// not in the snapshot, not in an error the server sent back.
	if _, values, err := headerValues(o.Headers, env.Lookup); err == nil && len(values) > 0 {
		o.red = newRedactor(values)
		if env.Lookup("GITHUB_ACTIONS") == "true" {
			o.red.mask(env.Stderr)
		}
		env.Stdout = redactWriter{env.Stdout, o.red}
		env.Stderr = redactWriter{env.Stderr, o.red}
	}
	surf, err := Capture(ctx, o, env)
	if err != nil {
		printError(env, err)
		return ExitUsage
	}
	for _, n := range surf.Notes {
		fmt.Fprintf(env.Stderr, "mcpschema snapshot: %s (kept as the server sent it: 'mcpschema check' reports it)\n", annotate.SafeText(n))
	}
	if surf.NoToolsCapability {
		if o.RequireTools {
			fmt.Fprintln(env.Stderr, "mcpschema snapshot: the server's initialize result declares no \"tools\" capability, so it has no tools to list, and --require-tools asks for them: nothing was written or compared; declare \"tools\": {} in the server's capabilities (or drop --require-tools)")
			return ExitUsage
		}
		fmt.Fprintln(env.Stderr, "mcpschema snapshot: warning: the server's initialize result declares no \"tools\" capability, so tools/list was not called and the snapshot lists no tools; a server with tools must declare \"tools\": {} (--require-tools makes this a failure)")
	}
	if o.Check != "" {
		return runCheck(ctx, o, surf, env)
	}
	if err := write(o, surf, env); err != nil {
		printError(env, err)
		return ExitUsage
	}
	return ExitOK
}

// printError prints an error, each of its lines escaped: it may quote the
// server (an error message, its stderr), which must not reach the log as
// workflow commands or terminal escapes.
func printError(env Env, err error) {
	lines := strings.Split(err.Error(), "\n")
	for i, l := range lines {
		lines[i] = annotate.SafeText(l)
	}
	fmt.Fprintf(env.Stderr, "mcpschema snapshot: %s\n", strings.Join(lines, "\n"))
}

// usageError is a problem with the command line (exit status 2).
type usageError struct{ err error }

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

// formatHint follows "unknown format %q": the nearest format when one is
// near, then the formats there are (as the other commands write it).
func formatHint(f string) string {
	if s, ok := suggest.Nearest(f, []string{"json", "mcpdesc"}); ok {
		return fmt.Sprintf(": did you mean %q? use json or mcpdesc", s)
	}
	return ": use json or mcpdesc"
}
