package app

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/mcpschema/mcpschema/annotate"
	"github.com/mcpschema/mcpschema/cmd/internal/service"
	"github.com/mcpschema/mcpschema/cmd/internal/snapshot"
)

// command is one entry of the help listing. Adding a command is one entry
// here (for `mcpschema help`, `CMD --help` and "did you mean") and one case
// in Main's switch.
type command struct {
	name    string
	args    string // what follows the name in the synopsis
	summary string // one line for the listing
	doc     string // printed by `mcpschema help NAME`, above the flags
	// flags declares the command's flags on fs; nil when it has none.
	flags func(fs *flag.FlagSet)
}

var commands = []command{
	{name: "check", args: "[flags] [PATTERN ...]", summary: "validate tool files (and diff them against --base REF)",
		doc:   "Checks every tool in the files matched by PATTERN (file paths or doublestar globs such as\n'tools/**/*.json', quoted, relative to the working directory). Flags may come before, between\nor after the patterns; '--' ends them. Exit status 0: nothing reached --fail-on, 1: something\ndid, 2: a usage, configuration or I/O error.\n\nformats:\n" + strings.TrimRight(annotate.FormatHelp(), "\n"),
		flags: func(fs *flag.FlagSet) { newCheckFlags(fs) }},
	{name: "rules", args: "[--format text|json] [--full] [--clients] [ID]", summary: "list the rules, or print one rule's documentation",
		doc:   "Without ID, lists every rule, one line a rule: id, kind, severity and summary, fitted to the\nwidth (COLUMNS, else the terminal's, else 100 columns): a cut summary ends with \"…\", and in\na narrow terminal the kind is left out (the breaking rules are the compat.* ids). --full\nprints each summary whole, with the protocol versions it applies to when not all; --format\njson gives every field. With ID, prints the rule's documentation.",
		flags: func(fs *flag.FlagSet) { newRulesFlags(fs) }},
	{name: "changelog", args: "--base REF [flags] [PATTERN ...]", summary: "list every tool change since REF, by tool (release notes)",
		doc:   "Lists every change of the tools since REF (added tools and arguments too, not only breaking\nchanges), grouped by tool: Markdown by default, --format json too. Ignores in the config\nfile do not hide changes here.\n\nExit status 0 whatever changed, breaking changes included: the changelog lists changes, it\nis not a gate (check --base is); a release script that must stop on a breaking change\nsays --fail-on breaking. 1: a change reached --fail-on (standard error says how many), or a\nhead file could not be read and was not compared; 2: a usage, configuration or git error.",
		flags: func(fs *flag.FlagSet) { newChangelogFlags(fs) }},
	{name: "action", summary: "run as a GitHub Action (reads INPUT_* and GITHUB_*)",
		doc: "Runs mcpschema as the GitHub Action: configured by the action's inputs (INPUT_*) and the\nworkflow's environment (GITHUB_*), not by arguments. See README.md, \"GitHub Action\"."},
	{name: "snapshot", args: "[flags] -- COMMAND [ARGS ...] | --url URL", summary: "capture a live MCP server's tools (--check FILE compares with a committed snapshot)",
		doc:   "Starts the MCP server COMMAND over stdio (or connects to --url), lists its tools (--all: also\nprompts and resources) and writes a deterministic tools/list snapshot, or with --check\ncompares the live surface with a committed one. See README.md, \"Servers whose tools live in code\".",
		flags: func(fs *flag.FlagSet) { snapshot.DeclareFlags(fs, &snapshot.Options{}) }},
	{name: "version", summary: "print the version"},
	{name: "help", args: "[COMMAND]", summary: "print this help, or a command's"},
}

// lookupCommand returns the help entry named name.
func lookupCommand(name string) (command, bool) {
	for _, c := range commands {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

func commandNames() []string {
	names := make([]string, len(commands))
	for i, c := range commands {
		names[i] = c.name
	}
	return names
}

// usageText is the listing of every command.
func usageText() string {
	var b strings.Builder
	b.WriteString("usage: mcpschema <command> [flags] [arguments]\n\ncommands:\n")
	width := 0
	for _, c := range commands {
		width = max(width, len(synopsis(c)))
	}
	for _, c := range commands {
		fmt.Fprintf(&b, "  %-*s  %s\n", width, synopsis(c), c.summary)
	}
	b.WriteString("\nrun 'mcpschema help COMMAND' (or 'mcpschema COMMAND --help') for a command's flags.\n")
	return b.String()
}

func synopsis(c command) string {
	if c.args == "" {
		return c.name
	}
	return c.name + " " + c.args
}

// commandHelp is what `mcpschema help NAME` prints.
func commandHelp(c command) string {
	var b strings.Builder
	fmt.Fprintf(&b, "usage: mcpschema %s\n", synopsis(c))
	if c.doc != "" {
		fmt.Fprintf(&b, "\n%s\n", c.doc)
	} else if c.summary != "" {
		fmt.Fprintf(&b, "\n%s.\n", strings.ToUpper(c.summary[:1])+c.summary[1:])
	}
	if c.flags != nil {
		fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
		c.flags(fs)
		b.WriteString("\nflags:\n")
		writeFlags(&b, fs)
	}
	return b.String()
}

// helpWidth is the width help text is wrapped to.
const helpWidth = 100

// writeFlags prints fs's flags the way the README writes them: --name
// VALUE, then the usage wrapped to helpWidth and the default when it is
// not the zero value. A `word` in backquotes in the usage names the value.
func writeFlags(w io.Writer, fs *flag.FlagSet) {
	type row struct{ left, text string }
	var rows []row
	width := 0
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		left := "--" + f.Name
		if name != "" {
			left += " " + strings.ToUpper(name)
		}
		if d := f.DefValue; d != "" && d != "false" && d != "0" && d != "[]" {
			usage += fmt.Sprintf(" (default %s)", d)
		}
		rows = append(rows, row{left, usage})
		width = max(width, len(left))
	})
	width = min(width, 28)
	for _, r := range rows {
		lines := wrap(r.text, helpWidth-width-4)
		if len(r.left) > width {
			fmt.Fprintf(w, "  %s\n", r.left)
		} else {
			fmt.Fprintf(w, "  %-*s  %s\n", width, r.left, lines[0])
			lines = lines[1:]
		}
		for _, l := range lines {
			fmt.Fprintf(w, "  %-*s  %s\n", width, "", l)
		}
	}
}

// wrap breaks text into lines of at most width runes, at spaces.
func wrap(text string, width int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(text) {
		switch {
		case line == "":
			line = word
		case len([]rune(line))+1+len([]rune(word)) <= width:
			line += " " + word
		default:
			lines = append(lines, line)
			line = word
		}
	}
	return append(lines, line)
}

// isHelpFlag reports whether arg asks for help.
func isHelpFlag(arg string) bool { return arg == "-h" || arg == "--help" || arg == "-help" }

// wantsHelp reports whether args (before a "--") ask for help.
func wantsHelp(args []string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		if isHelpFlag(a) {
			return true
		}
	}
	return false
}

// runHelp implements `mcpschema help [COMMAND]`.
func runHelp(args []string, env Env) int {
	if len(args) == 0 {
		fmt.Fprint(env.Stdout, usageText())
		return ExitOK
	}
	if wantsHelp(args) {
		args = []string{"help"}
	}
	if len(args) > 1 {
		fmt.Fprintf(env.Stderr, "mcpschema help: give one command, got %d: run 'mcpschema help' for the list\n", len(args))
		return ExitUsage
	}
	c, ok := lookupCommand(args[0])
	if !ok {
		return unknownCommand(args[0], env)
	}
	fmt.Fprint(env.Stdout, commandHelp(c))
	return ExitOK
}

// helpFirst answers `mcpschema help ...`, `mcpschema -h` and `mcpschema
// CMD --help` for the commands listed; done is false for anything else.
func helpFirst(args []string, env Env) (code int, done bool) {
	if isHelpFlag(args[0]) || args[0] == "help" {
		return runHelp(args[1:], env), true
	}
	if c, ok := lookupCommand(args[0]); ok && wantsHelp(args[1:]) {
		fmt.Fprint(env.Stdout, commandHelp(c))
		return ExitOK, true
	}
	return 0, false
}

// unknownCommand reports a command that does not exist, with the nearest one.
func unknownCommand(name string, env Env) int {
	fmt.Fprintf(env.Stderr, "mcpschema: unknown command %q%s\n\n%s", name, service.DidYouMean(name, commandNames(), "`%s`"), usageText())
	return ExitUsage
}

// newFlagSet returns a flag set for command name that prints nothing
// itself: parseFlags reports its errors.
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// flagParseError reports a flag error of command name as the README
// writes flags (--name), with the nearest flag for an unknown one, and
// returns the usage exit status.
func flagParseError(name string, fs *flag.FlagSet, err error, env Env) int {
	msg := err.Error()
	switch {
	case strings.HasPrefix(msg, "flag provided but not defined: -"):
		bad := strings.TrimPrefix(msg, "flag provided but not defined: -")
		var names []string
		fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
		msg = fmt.Sprintf("unknown flag --%s%s", bad, service.DidYouMean(bad, names, "--%s"))
	case strings.HasPrefix(msg, "flag needs an argument: -"):
		msg = fmt.Sprintf("flag --%s needs a value", strings.TrimPrefix(msg, "flag needs an argument: -"))
	default:
		msg = strings.Replace(msg, "for flag -", "for flag --", 1)
	}
	fmt.Fprintf(env.Stderr, "mcpschema %s: %s\nrun 'mcpschema help %s' for the flags\n", name, msg, name)
	return ExitUsage
}

// parseCommandFlags parses args for command name with fs (flags may come
// before, between or after the arguments). ok is false when the command
// must stop with code: help was printed, or a flag error was reported.
func parseCommandFlags(name string, fs *flag.FlagSet, args []string, env Env) (rest []string, code int, ok bool) {
	rest, err := parseInterleaved(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		c, _ := lookupCommand(name)
		fmt.Fprint(env.Stdout, commandHelp(c))
		return nil, ExitOK, false
	}
	if err != nil {
		return nil, flagParseError(name, fs, err, env), false
	}
	return rest, 0, true
}

// snapshotFlagError reports a flag error of `mcpschema snapshot` as for the
// other commands (--flag, the nearest flag, once) before snapshot.Main runs;
// bad is false when the flags parse.
func snapshotFlagError(args []string, env Env) (code int, bad bool) {
	fs := newFlagSet("snapshot")
	snapshot.DeclareFlags(fs, &snapshot.Options{})
	if err := fs.Parse(args); err != nil && !errors.Is(err, flag.ErrHelp) {
		return flagParseError("snapshot", fs, err, env), true
	}
	return 0, false
}
