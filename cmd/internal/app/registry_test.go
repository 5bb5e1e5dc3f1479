package app

import (
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/testsupport/fixture"
)

// TestRegistryIsHonest checks every registered rule: well-formed unique
// sorted ids, an owner that is the id's first segment, a level, a default
// severity, known protocol versions, and a summary, doc and fix.
// ruleIDFormat is the form of every rule id the product promises (dotted
// lower-case words; rules.Register refuses any other).
var ruleIDFormat = regexp.MustCompile(`^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$`)

func TestRegistryIsHonest(t *testing.T) {
	t.Parallel()
	all := rules.All()
	if len(all) < 40 {
		t.Fatalf("only %d rules registered: are all packages linked?", len(all))
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
	for _, r := range rules.All() {
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
