package validate

import (
	"fmt"
	"strings"
	"time"

	"github.com/mcpschema/mcpschema/internal/limits"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// RuleTimeBudget reports the tools a time budget kept from being checked.
var RuleTimeBudget = rules.New(rules.Rule{
	ID: "mcpschema.file.time-budget", Owner: "mcpschema", Level: rules.Must, Severity: rules.Error,
	Title:   "time budget exceeded",
	Summary: "every tool of a file is checked within the time budgets",
	Doc: "Schemas and examples from pull requests are untrusted, and some cost a lot to check (a pattern that backtracks, matched against many example values, uses the whole schema timeout each time). " +
		"So reading and checking one file has a time budget (" + limits.FileTimeout.Config() + ", default 10s) and the whole run another (" + limits.RunTimeout.Config() + ", default 2m). " +
		"A YAML file whose reading runs out of it (dense YAML reads at about 1.5 MB/s) is not checked, with this finding at the place reached. " +
		"When one is spent, no further schema is compiled and no further example is validated; the file is reported as not completely checked, with one finding naming the budget and the tools whose schemas or examples were not fully checked. " +
		"It is an error, so the run fails closed (fail-on: error): a gate that ran out of time has not shown the change is safe.",
	Fix: "simplify the schemas or examples named (a pattern that backtracks, a huge example), or raise " + limits.FileTimeout.Config() + " or " + limits.RunTimeout.Config() + " in the config",
})

// budget is the time a file may still spend on schema work.
type budget struct {
	deadline time.Time
	// run reports whether the run's budget ends before the file's.
	run bool
	// starved are the tools some schema work was skipped for, in order.
	starved    []*ToolContext
	starvedSet map[*ToolContext]bool
}

// startBudget starts the file's budget: limits.file-timeout from when the
// file began to be read (or from now), or the run's deadline when that
// comes first.
func (c *FileContext) startBudget() {
	start := c.File.Started
	if start.IsZero() {
		start = time.Now()
	}
	c.budget.deadline = start.Add(c.Opts.Limits.FileTimeout)
	if !c.Opts.Deadline.IsZero() && c.Opts.Deadline.Before(c.budget.deadline) {
		c.budget.deadline, c.budget.run = c.Opts.Deadline, true
	}
}

// Deadline is when the file's time budget runs out.
func (c *FileContext) Deadline() time.Time { return c.budget.deadline }

// OutOfTime reports whether the file's time budget is spent. When it is,
// the tool is recorded as not fully checked: call it before schema work
// and skip that work when it returns true.
func (c *ToolContext) OutOfTime() bool {
	if time.Now().Before(c.budget.deadline) {
		return false
	}
	if c.budget.starvedSet == nil {
		c.budget.starvedSet = map[*ToolContext]bool{}
	}
	if !c.budget.starvedSet[c] {
		c.budget.starvedSet[c] = true
		c.budget.starved = append(c.budget.starved, c)
	}
	return true
}

// reportBudget reports the tools a spent budget kept from being checked,
// once per file, at the first of them.
func (c *FileContext) reportBudget() {
	if len(c.budget.starved) == 0 {
		return
	}
	which, limit := fmt.Sprintf("the file's time budget of %s (%s)", c.Opts.Limits.FileTimeout, limits.FileTimeout.Config()), limits.FileTimeout
	if c.budget.run {
		which, limit = fmt.Sprintf("the run's time budget of %s (%s)", c.Opts.Limits.RunTimeout, limits.RunTimeout.Config()), limits.RunTimeout
	}
	var names []string
	for i, tc := range c.budget.starved {
		if i == 10 {
			names = append(names, fmt.Sprintf("and %d more", len(c.budget.starved)-i))
			break
		}
		names = append(names, quote(tc.Tool.Label()))
	}
	first := c.budget.starved[0]
	f := reportFindingAt(RuleTimeBudget, first.Tool.Pointer, nil, true,
		"%s ran out, so %d of %d tools were not fully checked (schemas or examples skipped): %s; simplify their schemas or examples, or raise the budget in the config",
		which, len(c.budget.starved), len(c.Tools), strings.Join(names, ", "))
	f.Limit = limit
	c.ReportFinding(f)
}
