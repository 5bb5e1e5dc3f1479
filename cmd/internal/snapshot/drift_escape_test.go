package snapshot

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDriftLinesAreOneLogLineEach: a member key the server sends is
// printed in the drift report; a line break in it cannot start a line of
// its own (a workflow command such as ::error:: on the runner's log).
func TestDriftLinesAreOneLogLineEach(t *testing.T) {
	dir := t.TempDir()
	snap := `{"tools":[{"name":"t","inputSchema":{"type":"object"}}],"protocolVersions":["2025-11-25"]}`
	if err := os.WriteFile(filepath.Join(dir, "s.json"), []byte(snap), 0o644); err != nil {
		t.Fatal(err)
	}
	s := &Surface{ProtocolVersion: "2025-11-25", Tools: []any{
		map[string]any{"name": "t", "inputSchema": map[string]any{"type": "object"}, "x\n::error::forged": true},
	}}
	var out, errb bytes.Buffer
	code := runCheck(context.Background(), &Options{Check: "s.json", Format: "json", raw: []string{"--check", "s.json", "--", "srv"}}, s, Env{Stdout: &out, Stderr: &errb, Dir: dir})
	if code != ExitDrift {
		t.Fatalf("exit %d: %s%s", code, out.String(), errb.String())
	}
	for _, l := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "::") {
			t.Fatalf("a line starts a workflow command:\n%s", out.String())
		}
	}
	if !strings.Contains(out.String(), `x\n::error::forged (added)`) {
		t.Fatalf("the key is not shown escaped:\n%s", out.String())
	}
}
