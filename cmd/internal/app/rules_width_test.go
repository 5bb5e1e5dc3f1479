package app

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/cmd/internal/ruleset"
)

// runRulesWith runs `mcpschema rules args...` with COLUMNS set to columns.
func runRulesWith(t *testing.T, columns string, args ...string) (int, string) {
	t.Helper()
	var out, errb bytes.Buffer
	env := Env{Stdout: &out, Stderr: &errb, Dir: t.TempDir(), Getenv: func(k string) string {
		if k == "COLUMNS" {
			return columns
		}
		return ""
	}}
	code := Main(context.Background(), append([]string{"rules"}, args...), env)
	if errb.Len() > 0 {
		t.Errorf("rules %q: stderr %q", args, errb.String())
	}
	return code, out.String()
}

// TestRulesFitsTheWidth: `mcpschema rules` prints one line a rule (and
// the header), none wider than COLUMNS, each naming its rule first; --full
// keeps every summary whole within the width too (issue 27 item 6: 563
// wrapped lines for 177 rules whatever the terminal width).
func TestRulesFitsTheWidth(t *testing.T) {
	t.Parallel()
	all := ruleset.All().All()
	for _, width := range []int{40, 60, 80, 100, 132, 250} {
		code, out := runRulesWith(t, strconv.Itoa(width))
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if code != ExitOK || len(lines) != len(all)+1 {
			t.Fatalf("COLUMNS=%d: exit %d, %d lines for %d rules, want one a rule and the header:\n%s", width, code, len(lines), len(all), out)
		}
		for i, line := range lines {
			if n := len([]rune(line)); n > width {
				t.Errorf("COLUMNS=%d: line of %d columns: %q", width, n, line)
			}
			if i > 0 && width >= 60 && !strings.HasPrefix(line, all[i-1].ID+" ") {
				t.Errorf("COLUMNS=%d: line %d does not name %s first: %q", width, i, all[i-1].ID, line)
			}
		}
		// wide enough, every summary is whole on its line
		if width == 250 {
			for i, r := range all {
				if !strings.HasSuffix(lines[i+1], "  "+r.Summary) {
					t.Errorf("COLUMNS=250: %s's summary is cut: %q", r.ID, lines[i+1])
				}
			}
		}

		code, full := runRulesWith(t, strconv.Itoa(width), "--full")
		if code != ExitOK {
			t.Fatalf("--full: exit %d", code)
		}
		for _, line := range strings.Split(full, "\n") {
			if n := len([]rune(line)); n > width && width >= 60 {
				t.Errorf("COLUMNS=%d --full: line of %d columns: %q", width, n, line)
			}
		}
		words := " " + strings.Join(strings.Fields(full), " ") + " "
		for _, r := range all {
			if !strings.Contains(words, " "+strings.Join(strings.Fields(r.Summary), " ")+" ") {
				t.Errorf("COLUMNS=%d --full lacks the whole summary of %s", width, r.ID)
			}
		}
	}
	// A COLUMNS that is not a width is not read: 100 columns, as without it.
	_, def := runRulesWith(t, "")
	for _, bad := range []string{"wide", "-5", "0"} {
		if _, out := runRulesWith(t, bad); out != def {
			t.Errorf("COLUMNS=%q changed the listing", bad)
		}
	}
	// One rule's whole documentation, whatever the width.
	if code, doc := runRulesWith(t, "40", "mcpschema.file.syntax"); code != ExitOK || !strings.Contains(doc, "fix: ") || !strings.HasPrefix(doc, "mcpschema.file.syntax\n") {
		t.Errorf("rules ID: exit %d\n%s", code, doc)
	}
}
