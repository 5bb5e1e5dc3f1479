package validate

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/source"
	"github.com/mcpschema/mcpschema/internal/testsupport/fixture"
)

// TestFixtures runs every case in testdata: each produces exactly the
// findings it declares, and a case that declares none is clean.
func TestFixtures(t *testing.T) {
	t.Parallel()
	cases, err := fixture.Load("testdata")
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatal("no fixtures found")
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			rep := runCase(c)
			for _, d := range c.Compare(rep.Findings) {
				t.Error(d)
			}
		})
	}
}

func runCase(c *fixture.Case) *report.Report {
	var files []*source.File
	for _, name := range c.Order {
		if strings.HasPrefix(name, ".") {
			continue
		}
		f := source.Parse(name, c.Files[name], source.Limits{})
		if containsString(strings.Fields(strings.ReplaceAll(c.Options["server-json"], ",", " ")), name) {
			source.AsServerJSON(f) // as the run does for the config's server-json
		}
		files = append(files, f)
	}
	opts := Options{DefaultVersions: c.Versions, Workers: 2, Clients: caseClients(c), ServerName: c.Options["server-name"], Now: caseClock(c), Quality: caseQuality(c)}
	if v, ok := c.Options["file-timeout"]; ok {
		// A budget spent before the first tool: the time-budget rule's failing case.
		opts.Limits.FileTimeout, _ = time.ParseDuration(v)
	}
	if v, ok := c.Options["max-tokens"]; ok {
		// the config's max-tokens: a number for every server
		opts.MaxTokens.All, _ = strconv.Atoi(v)
	}
	opts.ServerName = c.Options["server-name"]
	return Run(files, opts)
}

// caseQuality reports whether a case checks the quality lints: it wants
// or covers a quality.* rule, or says option quality on (option quality
// off: the run without the lints, whatever it wants). The others are
// not held to them, as a case about anything else is not held to every
// client's constraints.
func caseQuality(c *fixture.Case) bool {
	if c.Options["quality"] == "off" {
		return false
	}
	for _, w := range c.Wants {
		if isQualityRule(w.Rule) {
			return true
		}
	}
	for _, r := range c.Covers {
		if isQualityRule(r) {
			return true
		}
	}
	return c.Options["quality"] == "on"
}

// fixtureDay is the day every fixture is checked on unless it says
// "option now <YYYY-MM-DD>": fixtures never depend on the day they run.
const fixtureDay = "2026-06-01"

// caseClock is the frozen clock of a case.
func caseClock(c *fixture.Case) time.Time {
	day := fixtureDay
	if v, ok := c.Options["now"]; ok {
		day = v
	}
	t, err := time.Parse("2006-01-02", day)
	if err != nil {
		panic(c.Name + ": option now: " + err.Error())
	}
	return t
}

// caseClients are the client profiles a case checks: those of the client
// rules it wants or covers, and those of option clients (a comma list).
// The others are not checked, so a case about anything else is not held
// to every client's constraints.
func caseClients(c *fixture.Case) []string {
	out := []string{}
	seen := map[string]bool{}
	add := func(id string) {
		if id != "" && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	ruleClient := func(rule string) {
		if rest, ok := strings.CutPrefix(rule, "client."); ok {
			p, _, _ := strings.Cut(rest, ".")
			add(p)
		}
	}
	for _, w := range c.Wants {
		ruleClient(w.Rule)
	}
	for _, r := range c.Covers {
		ruleClient(r)
	}
	for _, id := range strings.Split(c.Options["clients"], ",") {
		add(strings.TrimSpace(id))
	}
	return out
}

// TestEmittedSeveritiesListed: every severity a validation fixture's
// finding gets is one the rule table lists for its rule (issue 21 item 5;
// diffcheck has the same test for the compat rules).
func TestEmittedSeveritiesListed(t *testing.T) {
	cases, err := fixture.Load("testdata")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		for _, f := range runCase(c).Findings {
			r, ok := ruleByID(f.Rule)
			if !ok {
				t.Errorf("%s: %s is not a rule of the package's checks (Rules)", c.Name, f.Rule)
				continue
			}
			if !r.Emits(f.Severity) {
				t.Errorf("%s: %s is %s, but the table lists %q", c.Name, f.Rule, f.Severity, r.SeverityText())
			}
		}
	}
}
