// Package validate checks MCP tool files: every tool's schemas under their
// JSON Schema dialect, the MCP Tool type's shape per protocol version, and
// the MCP Description rules around tools.
package validate

import (
	"time"

	"github.com/mcpschema/mcpschema/internal/limits"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/schema"
	"github.com/mcpschema/mcpschema/internal/source"
)

// Limits bound the work spent on untrusted input.
type Limits struct {
	source.Limits
	// Schema bounds each schema.
	Schema schema.Limits
	// FileTimeout is the time budget for checking one file (config limits.file-timeout).
	FileTimeout time.Duration
	// RunTimeout is the time budget for checking every file of a run (config limits.run-timeout).
	RunTimeout time.Duration
}

// DefaultLimits are used for every bound left at zero.
var DefaultLimits = Limits{
	Limits:      source.DefaultLimits,
	Schema:      schema.DefaultLimits,
	FileTimeout: 10 * time.Second,
	RunTimeout:  2 * time.Minute,
}

// WithDefaults fills zero bounds with DefaultLimits.
func (l Limits) WithDefaults() Limits {
	d := DefaultLimits
	l.Limits = l.Limits.WithDefaults()
	l.Schema = l.Schema.WithDefaults()
	l.FileTimeout = limits.Or(l.FileTimeout, d.FileTimeout)
	l.RunTimeout = limits.Or(l.RunTimeout, d.RunTimeout)
	return l
}

// Options configure a validation run.
type Options struct {
	// DefaultVersions are checked for files that declare no protocol versions.
	DefaultVersions []string
	// Limits bound the work per file and per schema.
	Limits Limits
	// VersionsFrom names where DefaultVersions came from, as advice to
	// change them names it ("--protocol-version", "protocol-versions in
	// .mcpschema.yaml"); "" means mcpschema's defaults or the caller's.
	VersionsFrom string
	// Workers is the number of files checked at once (0: one per CPU).
	Workers int
	// DeferToolSums leaves the sums of the tools' definitions (for the
	// names across files) to FillToolSums, which the caller runs before
	// AssembleWith, reading again only the files that share a name.
	DeferToolSums bool
	// Deadline is when the run's time budget runs out (zero: Run starts it
	// at Limits.RunTimeout from its call; CheckFile alone, from its call).
	Deadline time.Time
	// Clients are the ids of the client profiles whose constraints are
	// checked (nil: DefaultClients; empty: none). Which of their findings
	// are shown, and how severe, is the config's policy (clients:).
	Clients []string
	// ServerName is the config's server-name: the server of the files that
	// name none (see ServerOf), and the name users give the server in their
	// client's configuration, which clients put before tool names; "" when
	// not known.
	ServerName string
	// Quality checks the quality.* lints (config quality: on, or a
	// quality rule given a severity in rules:); off by default, so a run
	// reports what breaks or attacks, and lints only when asked to.
	Quality bool
	// Now is the run's clock: deprecations are judged on its day in UTC
	// (--now; zero: the time Run or CheckFile is called).
	Now time.Time
	// MaxTokens is the budget of each server's tool definitions (the
	// config's max-tokens; see RuleServerMaxTokens).
	MaxTokens TokenBudget
}

func (o Options) withDefaults() Options {
	if len(o.DefaultVersions) == 0 {
		o.DefaultVersions = rules.DefaultVersions
	}
	o.Limits = o.Limits.WithDefaults()
	if o.Now.IsZero() {
		o.Now = time.Now()
	}
	if o.Deadline.IsZero() {
		o.Deadline = time.Now().Add(o.Limits.RunTimeout)
	}
	return o
}
