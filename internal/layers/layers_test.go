package layers

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
)

const module = "github.com/mcpschema/mcpschema/"

// layerOf places every package of the module in a layer. A package missing
// here fails the test: a new package says where it belongs. The kernel
// (internal/...) has three floors: base imports nothing of the module,
// model reads base only, reading (files, schemas, git) reads both.
var layerOf = map[string]string{
	"internal/limits":      "base",
	"internal/rules":       "base",
	"internal/suggest":     "base",
	"internal/pool":        "base",
	"internal/uritemplate": "base",
	"internal/tokens":      "base",
	"internal/textnorm":    "base",

	"internal/report":  "model",
	"internal/mcpdesc": "model",

	"internal/serverjson":  "reading",
	"internal/source":      "reading",
	"internal/schema":      "reading",
	"internal/load":        "reading",
	"internal/deprecation": "reading",

	"validate":  "checks",
	"diffcheck": "judge",

	"cmd/internal/pipeline": "pipeline",

	"cmd/internal/service": "service",
	"cmd/internal/ruleset": "ruleset",

	"annotate":        "render",
	"annotate/ghsink": "render",

	"cmd/internal/app":      "client",
	"cmd/internal/action":   "client",
	"cmd/internal/snapshot": "client",
	"cmd/internal/cmdenv":   "client",
	"cmd/mcpschema":         "main",

	"cmd/internal/pinaction":   "tool",
	"cmd/internal/bench/bombs": "tool",
	"cmd/internal/bench/floor": "tool",
	"cmd/internal/bench/gen":   "tool",

	"internal/testsupport/fixture":  "testsupport",
	"internal/testsupport/testrepo": "testsupport",
	"internal/testsupport/wfcmd":    "testsupport",
	"internal/testsupport/golden":   "testsupport",
	"internal/testsupport/ghfake":   "testsupport",
	"internal/testsupport/toolrepo": "testsupport",

	"internal/layers": "meta",
}

// kernel is the three floors of the kernel, for the layers above it.
var kernel = []string{"base", "model", "reading"}

// allowed lists the layers a layer's production code may import. An arrow
// never runs back up; validate and diffcheck do not see each other. The
// clients reach the checks, the judge and the pipeline only through the
// service (check, changelog, snapshot --check, the client profiles).
var allowed = map[string][]string{
	"base":        {},
	"model":       {"base"},
	"reading":     {"base", "model", "reading"},
	"checks":      kernel,
	"judge":       kernel,
	"pipeline":    with(kernel, "checks", "judge"),
	"service":     with(kernel, "checks", "judge", "pipeline", "render"),
	"render":      {"base", "model", "render"},
	"ruleset":     with(kernel, "checks", "judge", "service"),
	"client":      with(kernel, "service", "ruleset", "render", "client"),
	"main":        {"client"},
	"tool":        {},
	"testsupport": kernel,
	"meta":        {},
}

// with returns the layers of floors followed by more, in a new slice.
func with(floors []string, more ...string) []string {
	return append(append([]string(nil), floors...), more...)
}

// testAllowed lists what a layer's tests may import besides its own
// production arrows: the testsupport entry for every layer's tests, and a
// layer's own entry for its tests.
var testAllowed = map[string][]string{
	"testsupport": {"testsupport"},
	// docs/rules.md's table links each rule by annotate.RuleAnchor, the
	// target of SARIF's helpUri.
	"ruleset": {"render"},
}

type pkg struct {
	ImportPath   string
	Imports      []string
	TestImports  []string
	XTestImports []string
}

// TestAllowedArrows checks every import between the module's packages
// against the layer table: production imports follow allowed, test imports
// may also reach test support (and the package under test, for external
// tests). It replaces diffcheck's TestDependsOnlyOnKernel.
func TestAllowedArrows(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skipf("go not on PATH: %v", err)
	}
	cmd := exec.Command("go", "list", "-e", "-json=ImportPath,Imports,TestImports,XTestImports", "./...")
	cmd.Dir = "../.."
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("go list: %v\n%s", err, ee.Stderr)
		}
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	var pkgs []pkg
	for {
		var p pkg
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	if len(pkgs) < len(layerOf)/2 {
		t.Fatalf("go list found %d packages; want the module's", len(pkgs))
	}
	for _, v := range violations(pkgs) {
		t.Error(v)
	}
}

// violations returns one line per import that is not an allowed arrow, per
// package without a layer, and per layer entry naming no package.
func violations(pkgs []pkg) []string {
	var out []string
	seen := map[string]bool{}
	for _, p := range pkgs {
		from, ok := strings.CutPrefix(p.ImportPath, module)
		if !ok {
			continue
		}
		seen[from] = true
		layer, ok := layerOf[from]
		if !ok {
			out = append(out, fmt.Sprintf("package %s has no layer: add it to layerOf", from))
			continue
		}
		check := func(imports []string, test bool) {
			for _, imp := range imports {
				to, ok := strings.CutPrefix(imp, module)
				if !ok || to == from {
					continue
				}
				toLayer, ok := layerOf[to]
				if !ok {
					continue // reported as a package without a layer
				}
				if permits(allowed[layer], toLayer) || test && (permits(testAllowed["testsupport"], toLayer) || permits(testAllowed[layer], toLayer)) {
					continue
				}
				kind := "imports"
				if test {
					kind = "tests import"
				}
				out = append(out, fmt.Sprintf("%s (%s) %s %s (%s): not an allowed arrow", from, layer, kind, to, toLayer))
			}
		}
		check(p.Imports, false)
		check(p.TestImports, true)
		check(p.XTestImports, true)
	}
	var stale []string
	for p := range layerOf {
		if !seen[p] {
			stale = append(stale, p)
		}
	}
	sort.Strings(stale)
	for _, p := range stale {
		out = append(out, fmt.Sprintf("layerOf names %s, which is not a package of the module", p))
	}
	return out
}

func permits(layers []string, l string) bool {
	for _, x := range layers {
		if x == l {
			return true
		}
	}
	return false
}

// TestProductionNeverImportsTestSupport is spelled out on its own: no
// layer but test support lists testsupport among its production arrows.
func TestProductionNeverImportsTestSupport(t *testing.T) {
	for layer, to := range allowed {
		if layer != "testsupport" && permits(to, "testsupport") {
			t.Errorf("layer %s may import test support from production code", layer)
		}
	}
}

// TestViolationsCatchArrowsUp: the check itself reports an arrow back up
// (between the kernel's floors too: rules reading files, the report
// compiling schemas, the kernel reaching the service), validate and
// diffcheck seeing each other, the renderers reading files, a client
// reaching past the service to the pipeline, the checks or the judge
// (its tests too), production code importing test support,
// and a package the table does not place.
func TestViolationsCatchArrowsUp(t *testing.T) {
	var pkgs []pkg
	for p := range layerOf {
		pkgs = append(pkgs, pkg{ImportPath: module + p})
	}
	add := func(from string, imports ...string) {
		for i := range pkgs {
			if pkgs[i].ImportPath == module+from {
				for _, imp := range imports {
					pkgs[i].Imports = append(pkgs[i].Imports, module+imp)
				}
			}
		}
	}
	add("internal/source", "validate", "cmd/internal/service")
	add("internal/rules", "internal/source", "internal/report")
	add("internal/report", "internal/schema")
	add("internal/mcpdesc", "internal/deprecation")
	add("internal/load", "cmd/internal/pipeline")
	add("validate", "diffcheck")
	add("diffcheck", "validate", "internal/source")
	add("cmd/internal/pipeline", "cmd/internal/service")
	add("annotate", "internal/testsupport/golden", "internal/load")
	add("cmd/internal/app", "cmd/internal/pipeline", "validate", "diffcheck")
	add("cmd/internal/snapshot", "diffcheck")
	for i := range pkgs {
		if pkgs[i].ImportPath == module+"cmd/internal/action" {
			pkgs[i].TestImports = []string{module + "cmd/internal/pipeline", module + "validate"}
		}
	}
	pkgs = append(pkgs, pkg{ImportPath: module + "internal/newthing"})
	got := violations(pkgs)
	want := []string{
		"internal/source (reading) imports validate (checks): not an allowed arrow",
		"internal/source (reading) imports cmd/internal/service (service): not an allowed arrow",
		"internal/rules (base) imports internal/source (reading): not an allowed arrow",
		"internal/rules (base) imports internal/report (model): not an allowed arrow",
		"internal/report (model) imports internal/schema (reading): not an allowed arrow",
		"internal/mcpdesc (model) imports internal/deprecation (reading): not an allowed arrow",
		"internal/load (reading) imports cmd/internal/pipeline (pipeline): not an allowed arrow",
		"cmd/internal/pipeline (pipeline) imports cmd/internal/service (service): not an allowed arrow",
		"annotate (render) imports internal/load (reading): not an allowed arrow",
		"validate (checks) imports diffcheck (judge): not an allowed arrow",
		"diffcheck (judge) imports validate (checks): not an allowed arrow",
		"annotate (render) imports internal/testsupport/golden (testsupport): not an allowed arrow",
		"cmd/internal/app (client) imports cmd/internal/pipeline (pipeline): not an allowed arrow",
		"cmd/internal/app (client) imports validate (checks): not an allowed arrow",
		"cmd/internal/app (client) imports diffcheck (judge): not an allowed arrow",
		"cmd/internal/snapshot (client) imports diffcheck (judge): not an allowed arrow",
		"cmd/internal/action (client) tests import cmd/internal/pipeline (pipeline): not an allowed arrow",
		"cmd/internal/action (client) tests import validate (checks): not an allowed arrow",
		"package internal/newthing has no layer: add it to layerOf",
	}
	sort.Strings(got)
	sort.Strings(want)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("violations:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// side says whether a layer sits below validate and diffcheck (the
// kernel's floors, and test support and meta beside them), is one of the
// two, or sits above them.
var side = map[string]string{
	"base": "below", "model": "below", "reading": "below", "testsupport": "below", "meta": "below",
	"checks": "checks", "judge": "judge",
	"pipeline": "above", "service": "above", "ruleset": "above", "render": "above", "client": "above", "main": "above", "tool": "above",
}

// TestFoldersShowTheFloors: no top-level folder holds both a layer below
// validate and diffcheck and one above them (internal/ only the kernel and
// test support, cmd/ only what runs above the checks and the judge), and
// no arrow runs from a floor to one above it.
func TestFoldersShowTheFloors(t *testing.T) {
	sides := map[string]map[string][]string{}
	for p, layer := range layerOf {
		s, ok := side[layer]
		if !ok {
			t.Errorf("layer %s (of %s) has no side", layer, p)
			continue
		}
		top, _, _ := strings.Cut(p, "/")
		if sides[top] == nil {
			sides[top] = map[string][]string{}
		}
		sides[top][s] = append(sides[top][s], p)
	}
	for top, by := range sides {
		if len(by) > 1 {
			var parts []string
			for s, ps := range by {
				sort.Strings(ps)
				parts = append(parts, s+": "+strings.Join(ps, ", "))
			}
			sort.Strings(parts)
			t.Errorf("folder %s/ holds layers of more than one side: %s", top, strings.Join(parts, "; "))
		}
	}
	floors := []string{"base", "model", "reading"}
	for i, f := range floors {
		for _, to := range allowed[f] {
			if side[to] != "below" || slices.Index(floors, to) > i {
				t.Errorf("kernel floor %s may import %s, which is above it", f, to)
			}
		}
	}
}

// TestArchitectureTableAgrees: ARCHITECTURE.md's package table names every
// package of layerOf, in the same layer, and no other.
func TestArchitectureTableAgrees(t *testing.T) {
	data, err := os.ReadFile("../../ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("(?m)^\\| (\\w+) \\| (`[^|]*`) \\|")
	path := regexp.MustCompile("`([^`]+)`")
	doc := map[string]string{}
	for _, m := range row.FindAllStringSubmatch(string(data), -1) {
		for _, p := range path.FindAllStringSubmatch(m[2], -1) {
			doc[p[1]] = m[1]
		}
	}
	for p, layer := range layerOf {
		if got, ok := doc[p]; !ok {
			t.Errorf("ARCHITECTURE.md does not list %s (layer %s)", p, layer)
		} else if got != layer {
			t.Errorf("ARCHITECTURE.md puts %s in layer %s; layerOf says %s", p, got, layer)
		}
	}
	for p := range doc {
		if _, ok := layerOf[p]; !ok {
			t.Errorf("ARCHITECTURE.md lists %s, which layerOf does not place", p)
		}
	}
}
