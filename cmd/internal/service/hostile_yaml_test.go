package service

import (
	"fmt"
	"strings"
	"testing"
)

// yamlMergeBomb is issue 10's exponential merge-key file: levels anchored
// mappings, each merging the previous eight.
func yamlMergeBomb(levels int) string {
	var b strings.Builder
	for i := 0; i < levels; i++ {
		fmt.Fprintf(&b, "m%d: &m%d {", i, i)
		if i > 0 {
			var srcs []string
			for j := max(0, i-8); j < i; j++ {
				srcs = append(srcs, fmt.Sprintf("*m%d", j))
			}
			fmt.Fprintf(&b, "<<: [%s], ", strings.Join(srcs, ", "))
		}
		fmt.Fprintf(&b, "k%d: %d}\n", i, i)
	}
	return b.String()
}

// TestHostileYAMLMergeBomb: 40 levels of merged aliases (no end before the
// fix) give an error per alias at its position (the first 100 of the 284,
// and one error counting the other 184: issue 19 item 8), the file is not
// checked further nor listed as complete, the run fails and the other file
// is still checked.
func TestHostileYAMLMergeBomb(t *testing.T) {
	t.Parallel()
	code, rep := hostile(t, map[string]string{"bomb.yaml": yamlMergeBomb(40)}, "*.json", "*.yaml")
	if code != exitFindings {
		t.Errorf("exit %d, want %d", code, exitFindings)
	}
	// The 100th alias is the last of line 17 (36 on lines 2-9, then 8 a line).
	f := want(t, rep, "bomb.yaml", "mcpschema.file.yaml-alias", `"*m15"`)
	if f.Line != 17 || f.Column != 57 || f.Severity.String() != "error" {
		t.Errorf("100th alias at %d:%d (%s), want 17:57 error", f.Line, f.Column, f.Severity)
	}
	f = want(t, rep, "bomb.yaml", "mcpschema.file.yaml-alias", "184 more yaml-alias problems in this file from here on")
	if f.Line != 18 || f.Column != 17 || f.Severity.String() != "error" {
		t.Errorf("count of the other aliases at %d:%d (%s), want 18:17 (the 101st alias) error", f.Line, f.Column, f.Severity)
	}
	f = want(t, rep, "bomb.yaml", "mcpschema.file.yaml-merge-key")
	if f.Line != 2 || f.Column != 10 {
		t.Errorf("first merge key at %d:%d, want 2:10", f.Line, f.Column)
	}
	want(t, rep, "bomb.yaml", "mcpschema.file.yaml-anchor", `"&m39"`)
	if fileComplete(t, rep, "bomb.yaml") {
		t.Error("bomb.yaml listed as completely checked")
	}
}

// TestConfigYAMLMergeBomb: the config file is parsed the same way; the
// bomb is an error naming the position of its first anchor, not a hang.
func TestConfigYAMLMergeBomb(t *testing.T) {
	t.Parallel()
	for body, wantErr := range map[string]string{
		yamlMergeBomb(40): `.mcpschema.yaml:1:5: anchor "&m0"`,
		"limits: &l {max-file-values: 10}\nrules: {<<: *l}\n": `.mcpschema.yaml:1:9: anchor "&l"`,
		"fail-on: !!python/name:os.system error\n":            `.mcpschema.yaml:1:10: tag "!!python/name:os.system" is not allowed`,
		"limits:\n  <<: {max-file-values: 10}\n":              `.mcpschema.yaml:2:3: merge key "<<"`,
	} {
		dir := writeFiles(t, map[string]string{"a.json": goodTool, ".mcpschema.yaml": body})
		code, _, errOut := checkRun(t, dir, "a.json")
		if code != exitUsage || !strings.Contains(errOut, wantErr) {
			t.Errorf("%.40q: exit %d, stderr %q, want %q", body, code, errOut, wantErr)
		}
	}
}
