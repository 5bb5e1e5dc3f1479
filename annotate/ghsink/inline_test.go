package ghsink

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/testsupport/golden"
)

func TestWriteInlineCapsPerSeverity(t *testing.T) {
	rep := findingsReport(64) // 32 errors, 16 warnings, 16 notices
	var b bytes.Buffer
	res := WriteInline(&b, rep, 1, testRules)
	count := map[string]int{}
	for _, line := range strings.Split(strings.TrimSpace(b.String()), "\n") {
		count[strings.SplitN(strings.TrimPrefix(line, "::"), " ", 2)[0]]++
	}
	// 10 errors, 10 warnings, 10-1-1 notices, then the not-shown notice.
	if count["error"] != 10 || count["warning"] != 10 || count["notice"] != 9 {
		t.Errorf("commands per kind %v, want error 10, warning 10, notice 8+1", count)
	}
	if res.Shown != 28 || res.NotShown != 36 {
		t.Errorf("result %+v, want 28 shown, 36 not shown", res)
	}
	golden.Check(t, "inline.txt", b.Bytes())
}

func TestWriteInlineAllFit(t *testing.T) {
	rep := findingsReport(8)
	var b bytes.Buffer
	res := WriteInline(&b, rep, 0, testRules)
	if res.NotShown != 0 || strings.Contains(b.String(), "not shown inline") {
		t.Errorf("result %+v, output %q", res, b.String())
	}
	if rep.Findings[0].Severity != rules.Error || !strings.HasPrefix(b.String(), "::error file=tools/a.json,line=2,col=5,title=tool0%3A required argument added::") {
		t.Errorf("output %q", b.String())
	}
}
