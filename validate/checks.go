package validate

import (
	"sort"

	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// FileCheck is the body of a check run once per file (after the tool checks).
type FileCheck func(*FileContext)

// ToolCheck is the body of a check run once per tool entry.
type ToolCheck func(*ToolContext)

// ServerCheck is the body of a check run once per MCP Registry server.json
// (a file of shape source.ShapeServerJSON), instead of the tool and file checks.
type ServerCheck func(*FileContext)

// Check is one validation check: a name, the rules it reports, and its body.
// Exactly one of Tool, File and Server is set. Rules is the explicit link from a
// rule to the code that reports it: every validation rule is owned by
// exactly one check or listed in EmittedElsewhere, and a check reports only
// the rules it owns or shares (all tested).
type Check struct {
	// Name is kebab-case and unique, e.g. "tool-name-format".
	Name string
	// Rules are the rules the check owns.
	Rules []*rules.Rule
	// Shares are rules owned by another check that this one also reports,
	// for the same text applied to another place (e.g. _meta keys of examples).
	Shares []*rules.Rule
	// Tool runs once per tool entry.
	Tool ToolCheck
	// File runs once per file, after every tool check.
	File FileCheck
	// Server runs once per server.json file, and only there.
	Server ServerCheck
}

var (
	toolChecks []*Check
	fileChecks []*Check
)

// addCheck registers a check; called from init functions, in file order.
func addCheck(c Check) {
	cc := &c
	switch {
	case c.Name == "" || len(c.Rules)+len(c.Shares) == 0 || bodies(c) != 1:
		panic("validate: check " + c.Name + " needs a name, its rules and exactly one of Tool, File and Server")
	case c.Tool != nil:
		toolChecks = append(toolChecks, cc)
	default:
		fileChecks = append(fileChecks, cc) // server.json checks too: runChecks picks them
	}
}

// bodies counts the bodies a check sets.
func bodies(c Check) int {
	n := 0
	for _, set := range []bool{c.Tool != nil, c.File != nil, c.Server != nil} {
		if set {
			n++
		}
	}
	return n
}

// runChecks runs every tool check on each tool of fc, then every file
// check; on a server.json, only the server.json checks.
func runChecks(fc *FileContext, tools, files []*Check) {
	if fc.File.Shape == source.ShapeServerJSON {
		for _, check := range files {
			if check.Server != nil {
				fc.check = check
				check.Server(fc)
			}
		}
		fc.check = nil
		return
	}
	for _, tc := range fc.Tools {
		if fc.skipTools != nil && fc.skipTools(tc.Tool) {
			continue
		}
		for _, check := range tools {
			fc.check = check
			check.Tool(tc)
		}
	}
	for _, check := range files {
		if check.File != nil {
			fc.check = check
			check.File(fc)
		}
	}
	fc.check = nil
}

// Checks returns every registered check: tool checks first, then file
// checks, each in the order they run.
func Checks() []Check {
	out := make([]Check, 0, len(toolChecks)+len(fileChecks))
	for _, c := range toolChecks {
		out = append(out, *c)
	}
	for _, c := range fileChecks {
		out = append(out, *c)
	}
	return out
}

// EmittedElsewhere lists the validation rules of this package that no check
// owns, with the reason.
var EmittedElsewhere = map[*rules.Rule]string{
	RuleFileSyntax:       "reported from the loader's problems by reportSourceProblems, before any check and also for files the checks skip",
	RuleFileDuplicateKey: "reported from the loader's problems by reportSourceProblems",
	RuleFileBOM:          "reported from the loader's problems by reportSourceProblems",
	RuleFileBound:        "reported from the loader's problems by reportSourceProblems",
	RuleFileNotJSON:      "reported from the loader's problems by reportSourceProblems",
	RuleFileEmpty:        "reported from the loader's problems by reportSourceProblems",
	RuleFileUnreadable:   "reported from the loader's problems by reportSourceProblems (and by the CLI for paths it cannot read)",
	RuleFileShape:        "reported by reportSourceProblems when the loader recognises no shape",
	RuleFileYAMLAlias:    "reported from the loader's YAML profile pass by reportSourceProblems, before any value is built",
	RuleFileYAMLAnchor:   "reported from the loader's YAML profile pass by reportSourceProblems",
	RuleFileYAMLMergeKey: "reported from the loader's YAML profile pass by reportSourceProblems",
	RuleFileYAMLBoolWord: "reported from the loader's YAML profile pass by reportSourceProblems",
	RuleFileYAMLTag:      "reported from the loader's YAML profile pass by reportSourceProblems",
	RuleFileNoTools:      "reported by AssembleWith once the whole run is known (a notice when another file holds tools)",
	RuleTimeBudget:       "reported by the file's budget after every check ran (reportBudget), naming the tools left unchecked",
}

// Rules returns every validation rule of the package, sorted by id: the
// rules the checks own or share and those EmittedElsewhere lists.
func Rules() []*rules.Rule {
	seen := map[*rules.Rule]bool{}
	var out []*rules.Rule
	add := func(rs []*rules.Rule) {
		for _, r := range rs {
			if !seen[r] {
				seen[r] = true
				out = append(out, r)
			}
		}
	}
	for _, c := range Checks() {
		add(c.Rules)
		add(c.Shares)
	}
	for r := range EmittedElsewhere {
		add([]*rules.Rule{r})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}
