package ruleset

import (
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/mcpschema/mcpschema/cmd/internal/service"
	"github.com/mcpschema/mcpschema/diffcheck"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/testsupport/fixture"
	"github.com/mcpschema/mcpschema/validate"
)

// TestRulesAreHonest checks every rule of the set: well-formed unique
// sorted ids, an owner that is the id's first segment, a level, a default
// severity, known protocol versions, and a summary, doc and fix.
// ruleIDFormat is the form of every rule id the product promises (dotted
// lower-case words; rules.NewSet refuses any other).
var ruleIDFormat = regexp.MustCompile(`^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$`)

func TestRulesAreHonest(t *testing.T) {
	t.Parallel()
	all := All().All()
	if len(all) < 40 {
		t.Fatalf("only %d rules in the set", len(all))
	}
	for i, r := range all {
		if !ruleIDFormat.MatchString(r.ID) {
			t.Errorf("%s: malformed id", r.ID)
		}
		if i > 0 && all[i-1].ID >= r.ID {
			t.Errorf("%s: ids not sorted and unique after %s", r.ID, all[i-1].ID)
		}
		// Breaking-change rules are mcpschema's own judgement, under the ids the product promises.
		if strings.HasPrefix(r.ID, "compat.") {
			if r.Owner != "mcpschema" {
				t.Errorf("%s: owner %q, want mcpschema", r.ID, r.Owner)
			}
		} else if !strings.HasPrefix(r.ID, r.Owner+".") {
			t.Errorf("%s: owner %q is not the id's first segment", r.ID, r.Owner)
		}
		if r.Level != rules.Must && r.Level != rules.Should && r.Level != rules.May {
			t.Errorf("%s: level %q", r.ID, r.Level)
		}
		if r.Severity == rules.Off {
			t.Errorf("%s: default severity is off", r.ID)
		}
		for _, v := range r.Versions {
			if !rules.IsProtocolVersion(v) {
				t.Errorf("%s: unknown protocol version %q", r.ID, v)
			}
		}
		if r.Summary == "" || unicode.IsUpper([]rune(r.Summary)[0]) || strings.HasSuffix(r.Summary, ".") {
			t.Errorf("%s: summary %q must be one lower-case line without final period", r.ID, r.Summary)
		}
		if strings.Contains(r.Summary, "\n") {
			t.Errorf("%s: summary spans lines", r.ID)
		}
		if len(r.Doc) < 40 {
			t.Errorf("%s: doc too short: %q", r.ID, r.Doc)
		}
		if r.Fix == "" {
			t.Errorf("%s: no fix hint", r.ID)
		}
	}
}

// coveredElsewhere lists rules whose failing and passing cases cannot be
// txtar fixtures, with the tests that cover them.
var coveredElsewhere = map[string]string{
	"mcpschema.file.unreadable":             "TestCheckUnreadableKeepsGoing (failing) and TestCheckCleanAndExitCodes (passing)",
	"mcpschema.config.ignore-expired":       "TestConfigOverridesIgnoresAndExpiry (failing and passing ignores)",
	"mcpschema.config.valid":                "TestActionPullRequestConfigChanges/invalid_config (failing) and TestCheckConfigFrom (passing)",
	"mcpschema.document.major-bump-unused":  "TestVersionPolicy/bump_without_break (failing) and TestVersionPolicy/announced (passing)",
	"mcpschema.document.version-mismatch":   "TestVersionStoryAgreement (failing and passing)",
	"mcpschema.document.version-not-raised": "TestVersionStoryPolicy (failing and passing), TestActionVersionStory",
	"mcpschema.files.pattern-unmatched":     "TestPatternUnmatched (failing and passing), TestPatternMatchingOnlyAtBaseIsDeletion, TestActionFilesExcludes",
}

// TestEveryValidationRuleHasFixtures checks that each validation rule has a
// failing and a passing fixture in validate/testdata. Breaking-change rules
// are held to the same by diffcheck's own tests.
func TestEveryValidationRuleHasFixtures(t *testing.T) {
	t.Parallel()
	cases, err := fixture.Load("../../../validate/testdata")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range All().All() {
		if strings.HasPrefix(r.ID, "compat.") {
			continue
		}
		if _, ok := coveredElsewhere[r.ID]; ok {
			continue
		}
		fails, passes := false, false
		for _, c := range cases {
			fails = fails || c.Fails(r.ID)
			passes = passes || c.Passes(r.ID)
		}
		if !fails {
			t.Errorf("%s: no failing fixture (a case with a want of the rule)", r.ID)
		}
		if !passes {
			t.Errorf("%s: no passing fixture (a case that covers the rule without a want of it)", r.ID)
		}
	}
}

// TestEveryRuleHasAKind checks the typed rule records of the whole set:
// every rule has a known kind; breaking rules
// have a known direction, and the id namespace declares both (a rule is
// breaking exactly when its id is compat.<direction>.<name>).
func TestEveryRuleHasAKind(t *testing.T) {
	t.Parallel()
	kinds := map[rules.Kind]int{}
	for _, r := range All().All() {
		kinds[r.Kind]++
		known := false
		for _, k := range []rules.Kind{rules.Validation, rules.Breaking} {
			known = known || r.Kind == k
		}
		if !known {
			t.Errorf("%s: kind %q is not one of %v", r.ID, r.Kind, []rules.Kind{rules.Validation, rules.Breaking})
		}
		compat := strings.HasPrefix(r.ID, "compat.")
		if compat != (r.Kind == rules.Breaking) {
			t.Errorf("%s: kind %q, but compat.* ids are exactly the breaking rules", r.ID, r.Kind)
		}
		if r.Kind == rules.Breaking {
			if !rules.IsDirection(r.Direction) {
				t.Errorf("%s: breaking rule without a known direction (%q)", r.ID, r.Direction)
			}
			if want := "compat." + string(r.Direction) + "."; !strings.HasPrefix(r.ID, want) {
				t.Errorf("%s: direction %q does not match the id namespace %s*", r.ID, r.Direction, want)
			}
		}
	}
	if kinds[rules.Validation] == 0 || kinds[rules.Breaking] == 0 {
		t.Errorf("kinds %v: want validation and breaking rules", kinds)
	}
}

// emittedByService lists the validation rules the service reports itself, with where.
var emittedByService = map[*rules.Rule]string{
	service.RuleConfigValid:      "the config loader (configfrom.go) reports a config file that does not apply",
	service.RuleIgnoreExpired:    "applying the config (apply.go) reports an ignore past its expiry",
	service.RulePatternUnmatched: "the file matcher (patterns.go) reports a pattern that matches no file in either tree",
	service.RuleMajorBumpUnused:  "the version policy (version_policy.go) reports a major bump without a breaking change",
	service.RuleVersionNotRaised: "the version policy (version_policy.go) reports a file of the release that did not raise its major version",
}

// TestEveryValidationRuleIsEmittedSomewhere checks the link rule → code for
// the whole registry: every validation rule is owned by exactly one check of
// package validate, or listed as reported elsewhere with the reason (by validate or the service).
func TestEveryValidationRuleIsEmittedSomewhere(t *testing.T) {
	t.Parallel()
	owner := map[*rules.Rule][]string{}
	for _, c := range validate.Checks() {
		for _, r := range c.Rules {
			owner[r] = append(owner[r], "check "+c.Name)
		}
	}
	for r, why := range validate.EmittedElsewhere {
		owner[r] = append(owner[r], why)
	}
	for r, why := range emittedByService {
		owner[r] = append(owner[r], why)
	}
	for _, r := range All().All() {
		if r.Kind != rules.Validation {
			continue
		}
		if n := len(owner[r]); n != 1 {
			t.Errorf("%s: %d owners %v, want exactly one", r.ID, n, owner[r])
		}
	}
}

// TestEveryRuleHasATitle: in the whole set (validation, compat and the
// service's rules) every rule has an annotation title that names the
// problem ("tool schema invalid"), not only the state derived from its id.
func TestEveryRuleHasATitle(t *testing.T) {
	t.Parallel()
	for _, r := range All().All() {
		if r.Title == "" {
			t.Errorf("rule %s has no title: give it one that names the problem", r.ID)
		}
	}
}

// TestSetIsTheUnion: the service lists exactly the rules it
// reports, and every rule of the set is a validate, diffcheck or service
// rule (the set is their union, nothing else).
func TestSetIsTheUnion(t *testing.T) {
	t.Parallel()
	n := len(validate.Rules()) + len(diffcheck.Rules()) + len(service.Rules())
	if got := len(All().All()); got != n {
		t.Errorf("%d rules in the set, %d in validate, diffcheck and the service", got, n)
	}
	if len(service.Rules()) != len(emittedByService) {
		t.Errorf("service.Rules lists %d rules, emittedByService %d", len(service.Rules()), len(emittedByService))
	}
	for _, r := range service.Rules() {
		if _, ok := emittedByService[r]; !ok {
			t.Errorf("%s: a service rule emittedByService does not name", r.ID)
		}
	}
}
