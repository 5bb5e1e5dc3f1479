package service

import (
	"fmt"
	"path"
	"strings"
	"time"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// RuleIgnoreExpired reports an ignore in the config file whose expiry has passed.
var RuleIgnoreExpired = rules.New(rules.Rule{
	ID: "mcpschema.config.ignore-expired", Title: "ignore expired", Owner: "mcpschema", Level: rules.Should, Severity: rules.Warning,
	Summary: "an ignore in the config file has not expired",
	Doc:     "An ignore may carry an expires date. After that day it no longer silences anything and is reported, so accepted findings are looked at again instead of being forgotten.",
	Fix:     "fix the findings it silenced and remove the ignore, or move its expires date",
})

// applyConfig applies severity overrides and ignores to rep in place and
// adds a finding for each expired ignore.
// The findings an ignore silenced are kept aside in rep.Ignores.
func applyConfig(rep *report.Report, cfg *Config, now time.Time) {
	kept := rep.Findings[:0]
	var ignored []report.Finding
	for _, f := range rep.Findings {
		sev, shown := cfg.outcome(f, now)
		if !shown {
			if sev != rules.Off {
				f.Severity = sev
				ignored = append(ignored, f)
			}
			continue
		}
		f.Severity = sev
		newForTarget(&f, cfg)
		newRiskyText(&f, cfg)
		kept = append(kept, f)
	}
	rep.Findings = dropRestated(kept)
	expired := 0
	defer func() { setIgnores(rep, cfg.Path, ignored, expired) }()
	for _, ig := range cfg.Ignores {
		if ig.Expires.IsZero() || !now.After(ig.Expires.Add(24*time.Hour)) {
			continue
		}
		expired++
		sev := RuleIgnoreExpired.Severity
		if s, ok := cfg.Severity[RuleIgnoreExpired.ID]; ok {
			if s == rules.Off {
				continue
			}
			sev = s
		}
		what := fmt.Sprintf("%q", ig.Rule)
		if ig.Tool != "" {
			what += fmt.Sprintf(" for tool %q", ig.Tool)
		}
		rep.Findings = append(rep.Findings, report.Finding{
			Rule: RuleIgnoreExpired.ID, Severity: sev, File: cfg.Path, Pointer: ig.Ptr,
			Line: ig.Pos.Line, Column: ig.Pos.Column,
			Message: fmt.Sprintf("ignore of %s expired on %s (reason given: %q) and no longer applies; fix the findings and remove it, or move expires", what, ig.Expires.Format("2006-01-02"), ig.Reason),
		})
	}
}

// setIgnores records what the ignores did: the silenced findings (in the
// report's order, deduplicated and fingerprinted: the config applies to a
// report Finalize has sorted) and the expired ignores.
func setIgnores(rep *report.Report, config string, ignored []report.Finding, expired int) {
	if len(ignored) == 0 && expired == 0 {
		return
	}
	n := 0
	for _, f := range ignored {
		n += f.Count() // a folded finding stands for many
	}
	rep.Ignores = &report.Ignores{Config: config, Count: n, Expired: expired, Findings: ignored}
}

// outcome is the severity the config gives f, and whether f is shown at
// all (false when its rule is off or an ignore matches it; the severity is
// then rules.Off only for a rule turned off).
func (c *Config) outcome(f report.Finding, now time.Time) (rules.Severity, bool) {
	if sev, ok := c.Severity[f.Rule]; ok {
		if sev == rules.Off {
			return rules.Off, false
		}
		f.Severity = sev
	} else if sev, shown := c.clientSeverity(f); !shown || !c.qualityShown(f) {
		return rules.Off, false
	} else {
		f.Severity = sev
	}
	if c.ignored(f, now) {
		return f.Severity, false
	}
	return f.Severity, true
}

func (c *Config) ignored(f report.Finding, now time.Time) bool {
	for _, ig := range c.Ignores {
		if !ig.Expires.IsZero() && now.After(ig.Expires.Add(24*time.Hour)) {
			continue
		}
		if ig.Rule != f.Rule {
			if ok, _ := path.Match(ig.Rule, f.Rule); !ok {
				continue
			}
		}
		if ig.Tool != "" && ig.Tool != "*" {
			if ok, _ := path.Match(ig.Tool, f.Tool); !ok {
				continue
			}
		}
		if ig.Pointer != "" {
			rel := strings.TrimPrefix(f.Pointer, f.ToolPointer)
			if !under(rel, ig.Pointer) && !under(f.Pointer, ig.Pointer) {
				continue
			}
		}
		return true
	}
	return false
}

// under reports whether ptr is p or below it.
func under(ptr, p string) bool {
	return ptr == p || strings.HasPrefix(ptr, p+"/")
}
