package service

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// Every test here sends one hostile file through the real pipeline (Run
// on a temporary directory) next to other.json, a file with one known
// finding, and asserts a clear finding with a position for the hostile
// file and that other.json was still checked.

// otherTool is a tool with exactly one finding (a space in its name).
const otherTool = `{"name": "other tool!", "inputSchema": {"type": "object"}}`

// otherRule is the finding otherTool must produce.
const otherRule = "mcp.tool.name.format"

// hostile runs the service on the files (other.json is added) as check
// does and returns check's exit code and the report.
func hostile(t *testing.T, files map[string]string, args ...string) (int, report.Report) {
	t.Helper()
	files["other.json"] = otherTool
	dir := writeFiles(t, files)
	if len(args) == 0 {
		args = []string{"*.json"}
	}
	return hostileIn(t, dir, args...)
}

func hostileIn(t *testing.T, dir string, args ...string) (int, report.Report) {
	t.Helper()
	code, rep, errText := checkRun(t, dir, args...)
	if code == exitUsage {
		t.Fatalf("exit %d: %s", code, errText)
	}
	if n := len(rep.Findings); n > 1000 {
		t.Errorf("%d findings: a hostile file must not flood the report", n)
	}
	otherSeen := false
	for _, f := range rep.Findings {
		if f.File == "other.json" {
			if f.Rule != otherRule {
				t.Errorf("unexpected finding in other.json: %+v", f)
			}
			otherSeen = true
		}
	}
	if !otherSeen {
		t.Errorf("other.json was not checked: findings %s", summarize(rep.Findings))
	}
	return code, rep
}

// want returns the one finding of rule in file whose message contains all
// of parts; it fails the test when there is none, or when it has no position.
func want(t *testing.T, rep report.Report, file, rule string, parts ...string) report.Finding {
	t.Helper()
	for _, f := range rep.Findings {
		if f.File != file || f.Rule != rule {
			continue
		}
		ok := true
		for _, p := range parts {
			ok = ok && strings.Contains(f.Message, p)
		}
		if !ok {
			continue
		}
		if f.Line < 1 || f.Column < 1 {
			t.Errorf("finding without a position: %+v", f)
		}
		return f
	}
	t.Fatalf("no %s finding in %s with %q; got %s", rule, file, parts, summarize(rep.Findings))
	return report.Finding{}
}

func summarize(fs []report.Finding) string {
	var b strings.Builder
	for i, f := range fs {
		if i == 20 {
			fmt.Fprintf(&b, "\n  … %d more", len(fs)-i)
			break
		}
		fmt.Fprintf(&b, "\n  %s:%d:%d %s %s %s: %.200s", f.File, f.Line, f.Column, f.Severity, f.Rule, f.Pointer, f.Message)
	}
	return b.String()
}

// fileComplete returns whether file is listed as completely checked.
func fileComplete(t *testing.T, rep report.Report, file string) bool {
	t.Helper()
	for _, s := range rep.Files {
		if s.Path == file {
			return s.Complete
		}
	}
	t.Fatalf("%s is not in the report's files: %+v", file, rep.Files)
	return false
}

// tool wraps an inputSchema text into a one-tool file.
func tool(inputSchema string) string {
	return `{"name": "hostile", "inputSchema": ` + inputSchema + `}`
}

// nested returns a schema nested n levels deep, as objects
// ({"properties":{"a":...}}) or arrays ({"allOf":[...]}).
func nested(n int, arrays bool) string {
	open, close := `{"type":"object","properties":{"a":`, `}}`
	if arrays {
		open, close = `{"allOf":[`, `]}`
	}
	return strings.Repeat(open, n) + `{}` + strings.Repeat(close, n)
}

func TestHostileDeepNesting(t *testing.T) {
	t.Parallel()
	for _, n := range []int{10_000, 100_000} {
		for _, arrays := range []bool{false, true} {
			t.Run(fmt.Sprintf("%d arrays=%v", n, arrays), func(t *testing.T) {
				code, rep := hostile(t, map[string]string{"deep.json": tool(nested(n, arrays))})
				f := want(t, rep, "deep.json", "mcpschema.file.bound-exceeded", "1000", "limits.max-file-depth")
				if f.Line != 1 || f.Column < 1000 || !strings.HasPrefix(f.Pointer, "/inputSchema/") {
					t.Errorf("finding not where depth 1001 is reached: %+v", f)
				}
				if code != exitFindings || fileComplete(t, rep, "deep.json") {
					t.Errorf("exit %d; a file over a bound must fail and be marked incomplete", code)
				}
			})
		}
	}
}

// TestHostileDeepSchemaRaisedFileBound raises the file depth bound so that
// a schema nested 5,000 levels (2,500 schemas) reaches the schema engine, whose own depth bound
// reports it.
func TestHostileDeepSchemaRaisedFileBound(t *testing.T) {
	t.Parallel()
	for _, arrays := range []bool{false, true} {
		t.Run(fmt.Sprintf("arrays=%v", arrays), func(t *testing.T) {
			_, rep := hostile(t, map[string]string{
				"deep.json":       tool(nested(2_500, arrays)),
				".mcpschema.yaml": "limits:\n  max-file-depth: 20000\n",
			}, "*.json")
			f := want(t, rep, "deep.json", "json-schema.tool-schema.valid", "64", "limits.max-schema-depth")
			if got := strings.Count(f.Pointer, "/"); got < 64 {
				t.Errorf("pointer %q is not where depth 65 is reached", f.Pointer)
			}
		})
	}
}

func TestHostileRefCycles(t *testing.T) {
	t.Parallel()
	for name, schema := range map[string]string{
		"direct":  `{"$ref": "#"}`,
		"mutual":  `{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"}`,
		"defs":    `{"$defs": {"a": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"}`,
		"items":   `{"type": "object", "properties": {"list": {"type": "array", "items": {"$ref": "#/properties/list"}}}}`,
		"anyOf":   `{"$defs": {"n": {"anyOf": [{"type": "string"}, {"$ref": "#/$defs/n"}]}}, "$ref": "#/$defs/n"}`,
		"missing": `{"$defs": {"a": {"$ref": "#/$defs/b"}}, "$ref": "#/$defs/a"}`,
	} {
		t.Run(name, func(t *testing.T) {
			// An MCP Description document, so that an example is validated
			// against the cyclic schema too.
			doc := `{"mcpdesc": "0.8.0", "info": {"name": "s", "version": "1"}, "protocolVersions": ["2026-07-28"],
  "tools": [{"name": "cyclic", "inputSchema": ` + schema + `,
    "examples": {"e": {"input": {"list": [[["x"]]]}, "result": {"resultType": "complete", "content": []}}}}]}`
			_, rep := hostile(t, map[string]string{"cycle.json": doc})
			if name == "missing" {
				f := want(t, rep, "cycle.json", "json-schema.tool-schema.valid", `"#/$defs/b"`, "selects nothing")
				if f.Pointer != "/tools/0/inputSchema/$defs/a/$ref" {
					t.Errorf("pointer %q", f.Pointer)
				}
				return
			}
			// A recursive schema is legal; one that loops without descending
			// into the value cannot validate anything, and the example says so.
			if name == "items" {
				f := want(t, rep, "cycle.json", "mcpdesc.tool.example.input", "must be an array")
				if f.Pointer != "/tools/0/examples/e/input/list/0/0/0" {
					t.Errorf("pointer %q", f.Pointer)
				}
				return
			}
			want(t, rep, "cycle.json", "mcpdesc.tool.example.input", "reference cycle")
		})
	}
}

func TestHostileWideAnyOf(t *testing.T) {
	t.Parallel()
	branches := make([]string, 100_000)
	for i := range branches {
		branches[i] = fmt.Sprintf(`{"const": %d}`, i)
	}
	_, rep := hostile(t, map[string]string{"wide.json": tool(`{"anyOf": [` + strings.Join(branches, ",") + `]}`)})
	f := want(t, rep, "wide.json", "json-schema.tool-schema.valid", "20000", "limits.max-subschemas")
	if f.Pointer != "/inputSchema/anyOf/19998" {
		t.Errorf("pointer %q, want the 20001st object", f.Pointer)
	}
	if fileComplete(t, rep, "wide.json") {
		t.Error("a schema over a bound must make the file incomplete")
	}
}

func TestHostileExplodingOneOf(t *testing.T) {
	t.Parallel()
	// Each level is a oneOf of two references to the next: 2^40 paths in 120 objects.
	var defs []string
	for i := 0; i < 40; i++ {
		defs = append(defs, fmt.Sprintf(`"l%d": {"oneOf": [{"$ref": "#/$defs/l%d"}, {"$ref": "#/$defs/l%d", "minLength": 1}]}`, i, i+1, i+1))
	}
	defs = append(defs, `"l40": {"type": "string"}`)
	_, rep := hostile(t, map[string]string{"boom.json": tool(`{"$defs": {` + strings.Join(defs, ",") + `}, "$ref": "#/$defs/l0"}`)})
	want(t, rep, "boom.json", "json-schema.tool-schema.valid", "expands to more than", "limits.max-subschemas")

	// The same without references: oneOf of oneOf nested 20 deep, written out.
	s := `{"type": "string"}`
	for i := 0; i < 14; i++ {
		s = `{"oneOf": [` + s + `, ` + s + `]}`
	}
	_, rep = hostile(t, map[string]string{"boom.json": tool(s)})
	want(t, rep, "boom.json", "json-schema.tool-schema.valid", "limits.max-subschemas")
}

func TestHostileFileTooLarge(t *testing.T) {
	t.Parallel()
	_, rep := hostile(t, map[string]string{
		"big.json":        tool(`{"type": "object", "description": "` + strings.Repeat("x", 5000) + `"}`),
		".mcpschema.yaml": "limits:\n  max-file-bytes: 1000\n",
	}, "*.json")
	f := want(t, rep, "big.json", "mcpschema.file.bound-exceeded", "1000 bytes", "limits.max-file-bytes")
	if f.Line != 1 || f.Column != 1 {
		t.Errorf("position %d:%d", f.Line, f.Column)
	}
}

// TestHostileMillionTools: a tool array of 1,000,000 empty objects is one
// finding naming limits.max-file-tools, not millions of findings.
func TestHostileMillionTools(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("slow (one of the four slowest tests): runs without -short, as CI does")
	}
	// A million empty objects (3 MB) would take 64 MB of maps: the file is
	// refused where its values pass their memory bound (20 MB + 10 × its
	// size), before the values bound; a million numbers, where that passes.
	body := "[" + strings.Repeat("{},", 999_999) + "{}]"
	_, rep := hostile(t, map[string]string{"many.json": body})
	want(t, rep, "many.json", "mcpschema.file.bound-exceeded", "too many values for the file's size", "limits.max-file-values")
	if n := len(rep.Findings); n != 2 {
		t.Errorf("%d findings, want the bound and other.json's: %s", n, summarize(rep.Findings))
	}
	_, rep = hostile(t, map[string]string{"many.json": "[" + strings.Repeat("0,", 1_000_000) + "0]"})
	want(t, rep, "many.json", "mcpschema.file.bound-exceeded", "1000000 values", "limits.max-file-values")
	if n := len(rep.Findings); n != 2 {
		t.Errorf("%d findings, want the bound and other.json's: %s", n, summarize(rep.Findings))
	}
	// With the value bound raised, the tool bound still holds.
	_, rep = hostile(t, map[string]string{"many.json": body, ".mcpschema.yaml": "limits:\n  max-file-values: 2000000\n"})
	want(t, rep, "many.json", "mcpschema.file.bound-exceeded", "1000000 tools", "limits.max-file-tools")
	if n := len(rep.Findings); n != 2 {
		t.Errorf("%d findings, want the bound and other.json's: %s", n, summarize(rep.Findings))
	}
	// Within the bound every empty object is reported, once per rule.
	_, rep = hostile(t, map[string]string{"some.json": "[" + strings.Repeat("{},", 9) + "{}]"})
	want(t, rep, "some.json", "mcp.tool.name.required")
}

func TestHostileText(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		body, rule string
		line, col  int
		parts      []string
	}{
		"invalid utf-8":   {"{\"name\": \"a\xffb\", \"inputSchema\": {}}", "mcpschema.file.syntax", 1, 12, []string{"UTF-8"}},
		"nan":             {"{\"name\": \"n\",\n \"inputSchema\": {\"maximum\": NaN}}", "mcpschema.file.syntax", 2, 29, nil},
		"trailing":        {tool(`{"type": "object"}`) + "\n garbage", "mcpschema.file.syntax", 2, 2, nil},
		"duplicate key":   {"{\"name\": \"a\",\n \"name\": \"b\", \"inputSchema\": {\"type\": \"object\"}}", "mcpschema.file.duplicate-key", 2, 2, []string{`"name"`}},
		"empty":           {"", "mcpschema.file.empty", 1, 1, nil},
		"whitespace only": {" \n\t\n", "mcpschema.file.empty", 1, 1, nil},
		"bom":             {"\xef\xbb\xbf" + tool(`{"type": "object"}`), "mcpschema.file.byte-order-mark", 1, 1, nil},
	} {
		t.Run(name, func(t *testing.T) {
			_, rep := hostile(t, map[string]string{"x.json": tc.body})
			f := want(t, rep, "x.json", tc.rule, tc.parts...)
			if f.Line != tc.line || f.Column != tc.col {
				t.Errorf("position %d:%d, want %d:%d", f.Line, f.Column, tc.line, tc.col)
			}
		})
	}
}

// TestHostileBOMStillChecked: a file with a BOM is still checked.
func TestHostileBOMStillChecked(t *testing.T) {
	t.Parallel()
	_, rep := hostile(t, map[string]string{"x.json": "\xef\xbb\xbf" + `{"name": "b o m", "inputSchema": {"type": "object"}}`})
	want(t, rep, "x.json", "mcp.tool.name.format")
}

// TestHostileBigNumbers compares numbers beyond float64 precision exactly:
// 9007199254740993 is not 9007199254740992.
func TestHostileBigNumbers(t *testing.T) {
	t.Parallel()
	doc := `{"mcpdesc": "0.8.0", "info": {"name": "s", "version": "1"}, "protocolVersions": ["2026-07-28"],
  "tools": [{"name": "big", "inputSchema": {"type": "object", "properties": {
      "c": {"const": 9007199254740993},
      "e": {"enum": [9007199254740993, 1e400]},
      "m": {"maximum": 9007199254740992},
      "f": {"multipleOf": 0.1},
      "g": {"minimum": 0.30000000000000001}}},
    "examples": {
      "exact": {"input": {"c": 9007199254740993, "e": 9007199254740993, "m": 9007199254740992, "f": 0.3, "g": 0.30000000000000001}, "result": {"resultType": "complete", "content": []}},
      "off":   {"input": {"c": 9007199254740992, "e": 9007199254740992, "m": 9007199254740993, "f": 0.30000000000000001, "g": 0.3}, "result": {"resultType": "complete", "content": []}}}}]}`
	_, rep := hostile(t, map[string]string{"big.json": doc})
	got := map[string]bool{}
	for _, f := range rep.Findings {
		if f.File == "big.json" && f.Rule == "mcpdesc.tool.example.input" {
			got[f.Pointer] = true
		}
	}
	for _, p := range []string{"/tools/0/examples/off/input/c", "/tools/0/examples/off/input/e", "/tools/0/examples/off/input/m",
		"/tools/0/examples/off/input/f", "/tools/0/examples/off/input/g"} {
		if !got[p] {
			t.Errorf("no example finding at %s (a value off by one beyond float64 precision): %s", p, summarize(rep.Findings))
		}
	}
	for p := range got {
		if strings.Contains(p, "/exact/") {
			t.Errorf("exact value rejected at %s: %s", p, summarize(rep.Findings))
		}
	}
}

// TestHostileEscapedKeys: keys with ~ and / are escaped in pointers, and
// the finding's pointer resolves in the file to the offending value.
func TestHostileEscapedKeys(t *testing.T) {
	t.Parallel()
	body := "{\"name\": \"esc\",\n \"inputSchema\": {\"type\": \"object\", \"properties\": {\n  \"a~b/c\": {\"type\": \"nope\"}}}}"
	_, rep := hostile(t, map[string]string{"esc.json": body})
	f := want(t, rep, "esc.json", "json-schema.tool-schema.valid")
	if f.Pointer != "/inputSchema/properties/a~0b~1c/type" {
		t.Fatalf("pointer %q", f.Pointer)
	}
	sf := source.Parse("esc.json", []byte(body), source.Limits{})
	if v, ok := source.Resolve(sf.Root, f.Pointer); !ok || v != "nope" {
		t.Errorf("pointer %q resolves to %v %v", f.Pointer, v, ok)
	}
	if f.Line != 3 || f.Column != 21 {
		t.Errorf("position %d:%d, want 3:21", f.Line, f.Column)
	}
}

// TestHostilePaths: a directory or an unreadable file matched by a glob,
// and a symbolic link leaving the repository.
func TestHostilePaths(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{
		"tools/other.json":     otherTool,
		"tools/dir.json/x.txt": "not a tool",
		"tools/locked.json":    tool(`{"type": "object"}`),
	})
	outside := writeFiles(t, map[string]string{"secret.json": `{"name": "secret", "inputSchema": {"type": "object"}}`})
	if err := os.Symlink(filepath.Join(outside, "secret.json"), filepath.Join(dir, "tools", "link.json")); err != nil {
		t.Skipf("no symlinks: %v", err)
	}
	locked := filepath.Join(dir, "tools", "locked.json")
	if err := os.Chmod(locked, 0); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(locked, 0o644)
	canReadLocked := false
	if fh, err := os.Open(locked); err == nil {
		fh.Close()
		canReadLocked = true // root reads anything: that case cannot be shown here
	}
	code, rep, errText := checkRun(t, dir, "tools/*.json")
	if code == exitUsage {
		t.Fatalf("exit %d: %s", code, errText)
	}
	// The glob skips the directory (globs select files); naming it directly reports it.
	for _, f := range rep.Files {
		if f.Path == "tools/dir.json" {
			t.Errorf("glob matched a directory: %+v", rep.Files)
		}
	}
	want(t, rep, "tools/link.json", "mcpschema.file.unreadable", "outside the repository")
	want(t, rep, "tools/other.json", otherRule)
	for _, f := range rep.Findings {
		if strings.Contains(f.Message, "secret") || f.Tool == "secret" {
			t.Errorf("the link target was read: %+v", f)
		}
	}
	if canReadLocked {
		t.Log("running as a user who reads mode-000 files (root): the unreadable case is not shown")
	} else {
		want(t, rep, "tools/locked.json", "mcpschema.file.unreadable", "permission denied")
	}
	_, rep, _ = checkRun(t, dir, "tools/dir.json", "tools/other.json")
	if f := want(t, rep, "tools/dir.json", "mcpschema.file.unreadable", "path is a directory"); f.Line != 1 || f.Column != 1 || f.Severity != rules.Error {
		t.Errorf("directory named directly: %+v, want an error at 1:1", f)
	}
}

// TestHostilePattern: a pattern that backtracks catastrophically is
// stopped by the regex timeout and says so.
func TestHostilePattern(t *testing.T) {
	t.Parallel()
	doc := `{"mcpdesc": "0.8.0", "info": {"name": "s", "version": "1"}, "protocolVersions": ["2026-07-28"],
  "tools": [{"name": "re", "inputSchema": {"type": "object", "properties": {"s": {"type": "string", "pattern": "^(a+)+$"}}},
    "examples": {"e": {"input": {"s": "` + strings.Repeat("a", 40) + `!"}, "result": {"resultType": "complete", "content": []}}}}]}`
	_, rep := hostile(t, map[string]string{
		"re.json":         doc,
		".mcpschema.yaml": "limits:\n  regex-timeout: 20ms\n",
	}, "*.json")
	f := want(t, rep, "re.json", "mcpdesc.tool.example.input", "stopped")
	if f.Pointer != "/tools/0/examples/e/input/s" {
		t.Errorf("pointer %q", f.Pointer)
	}
}
