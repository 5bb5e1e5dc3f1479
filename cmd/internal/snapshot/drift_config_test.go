package snapshot

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// driftTools decodes a tools/list "tools" array the way the server's
// answer is decoded (numbers kept as written).
func driftTools(t *testing.T, tools string) []any {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(tools))
	dec.UseNumber()
	var out []any
	if err := dec.Decode(&out); err != nil {
		t.Fatal(err)
	}
	return out
}

const (
	driftBase = `[
  {"name": "search", "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}}},
  {"name": "gone", "inputSchema": {"type": "object"}},
  {"name": "old_name", "inputSchema": {"type": "object"}},
  {"name": "status", "inputSchema": {"type": "object"},
   "outputSchema": {"type": "object", "properties": {"state": {"type": "string", "enum": ["open", "closed"]}}}}
]`
	driftHead = `[
  {"name": "search", "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}},
  {"name": "new_name", "inputSchema": {"type": "object"}},
  {"name": "status", "inputSchema": {"type": "object"},
   "outputSchema": {"type": "object", "properties": {"state": {"type": "string", "enum": ["open", "closed", "merged"]}}}}
]`
)

// checkDrift commits the base surface as s.json in a new directory with
// config as its .mcpschema.yaml (none when ""), and checks the head
// surface against it.
func checkDrift(t *testing.T, config string, noticeNonBreaking bool) (int, string, string) {
	t.Helper()
	dir := t.TempDir()
	o := &Options{Check: "s.json", Format: "json", NoticeNonBreaking: noticeNonBreaking, raw: []string{"--check", "s.json", "--", "srv"}}
	files, err := render(o, &Surface{ProtocolVersion: "2025-11-25", Tools: driftTools(t, driftBase)})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "s.json"), files[0].data, 0o644); err != nil {
		t.Fatal(err)
	}
	if config != "" {
		if err := os.WriteFile(filepath.Join(dir, ".mcpschema.yaml"), []byte(config), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var out, errb bytes.Buffer
	code := runCheck(context.Background(), o, &Surface{ProtocolVersion: "2025-11-25", Tools: driftTools(t, driftHead)}, Env{Stdout: &out, Stderr: &errb, Dir: dir})
	return code, out.String(), errb.String()
}

// TestSnapshotDriftAppliesTheConfig: the working directory's config
// applies to a snapshot's drift as it does to check --base: its rules
// decide what is breaking (so --notice-non-breaking passes once the
// removal and the new required argument are accepted), its fail-on which
// breaking findings count (never: none; warning: a warning too), an ignore hides
// its finding and is counted, an alias pairs a renamed tool, and
// strict-outputs makes an output enum's new value an error.
func TestSnapshotDriftAppliesTheConfig(t *testing.T) {
	t.Parallel()
	code, out, errOut := checkDrift(t, "", true)
	for _, want := range []string{
		`BREAKING compat.tool.removed: tool "gone" was removed`,
		`BREAKING compat.input.required-added: property "q" became required`,
		`BREAKING compat.tool.removed: tool "old_name" was removed`,
		`warning compat.output.enum-value-added`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("without a config, the drift lacks %q:\n%s", want, out)
		}
	}
	if code != ExitDrift || strings.HasPrefix(out, "notice:") {
		t.Fatalf("without a config: exit %d, want %d (breaking changes)\n%s%s", code, ExitDrift, out, errOut)
	}

	accept := "rules:\n  compat.tool.removed: notice\n  compat.input.required-added: warning\n"
	code, out, errOut = checkDrift(t, accept, true)
	if code != ExitOK || !strings.HasPrefix(out, "notice: snapshot s.json differs from the live server (no breaking change):\n") || strings.Contains(out, "BREAKING") {
		t.Errorf("rules accepting the breaks, --notice-non-breaking: exit %d, want 0 and a notice\n%s%s", code, out, errOut)
	}
	for _, want := range []string{`notice compat.tool.removed: tool "gone" was removed`, `warning compat.input.required-added: property "q" became required`} {
		if !strings.Contains(out, want) {
			t.Errorf("rules: the drift lacks %q:\n%s", want, out)
		}
	}
	if code, _, _ := checkDrift(t, accept, false); code != ExitDrift {
		t.Errorf("rules accepting the breaks, without --notice-non-breaking: exit %d, want %d (any drift fails)", code, ExitDrift)
	}

	code, out, errOut = checkDrift(t, "fail-on: never\n", true)
	if code != ExitOK || !strings.HasPrefix(out, "notice: ") || !strings.Contains(out, `BREAKING compat.tool.removed: tool "gone" was removed`) {
		t.Errorf("fail-on never, --notice-non-breaking: exit %d, want 0 and a notice still marking the breaks\n%s%s", code, out, errOut)
	}
	code, out, errOut = checkDrift(t, "fail-on: warning\n"+accept, true)
	if code != ExitDrift || strings.HasPrefix(out, "notice:") {
		t.Errorf("fail-on warning, the breaks warnings, --notice-non-breaking: exit %d, want %d (a warning fails)\n%s%s", code, ExitDrift, out, errOut)
	}

	code, out, _ = checkDrift(t, "ignore:\n  - rule: compat.tool.removed\n    tool: gone\n    reason: retired in 2.0\n", false)
	if strings.Contains(out, `tool "gone" was removed`) || !strings.Contains(out, `tool "gone" is in the snapshot but no longer on the server`) ||
		!strings.Contains(out, "  1 finding ignored by .mcpschema.yaml\n") || code != ExitDrift {
		t.Errorf("ignore: exit %d; want the finding hidden, counted, and the drift itself listed:\n%s", code, out)
	}

	_, out, _ = checkDrift(t, "aliases:\n  new_name: old_name\n", false)
	if !strings.Contains(out, "compat.tool.renamed") || strings.Contains(out, `tool "old_name" was removed`) {
		t.Errorf("aliases: want old_name paired with new_name (renamed), not removed:\n%s", out)
	}

	_, out, _ = checkDrift(t, "strict-outputs: true\n", false)
	if !strings.Contains(out, "BREAKING compat.output.enum-value-added") {
		t.Errorf("strict-outputs: want the output enum value an error:\n%s", out)
	}

	code, out, errOut = checkDrift(t, "rules:\n  compat.tool.gone: notice\n", false)
	if code != ExitUsage || !strings.Contains(errOut, ".mcpschema.yaml:2:3: unknown rule") {
		t.Errorf("a config that does not read: exit %d, want %d and its error\n%s%s", code, ExitUsage, out, errOut)
	}
}
