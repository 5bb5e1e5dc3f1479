package diffcheck

import (
	"os/exec"
	"strings"
	"testing"
)

// TestDependsOnlyOnKernel checks that diffcheck imports the validation
// kernel (internal/source, schema, rules, report, and load's file matcher,
// which holds no checks) and not the validate package with its checks.
func TestDependsOnlyOnKernel(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Skipf("go list unavailable: %v", err)
	}
	kernel := map[string]bool{}
	for _, p := range []string{"source", "schema", "rules", "report", "load"} {
		kernel["github.com/mcpschema/mcpschema/validate/"+p] = true
	}
	for _, dep := range strings.Fields(string(out)) {
		if dep == "github.com/mcpschema/mcpschema/validate" ||
			(strings.HasPrefix(dep, "github.com/mcpschema/mcpschema/validate/") && !kernel[dep]) {
			t.Errorf("diffcheck depends on %s; it may use only the kernel (internal/source, schema, rules, report, load)", dep)
		}
	}
}
