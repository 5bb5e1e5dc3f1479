package service

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
)

const sjTools = `{"tools": [{"name": "forecast", "description": "Weather forecast", "inputSchema": {"type": "object"}}]}`

// sjDoc is a server.json of the current schema version; desc is its description.
func sjDoc(desc string) string {
	return `{
  "$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
  "name": "io.github.example/weather",
  "description": "` + desc + `",
  "version": "1.2.0",
  "packages": [{"registryType": "npm", "identifier": "@example/weather", "version": "1.2.0", "transport": {"type": "stdio"}}]
}
`
}

var sjTooLong = strings.Repeat("weather ", 14)

func runFiles(t *testing.T, files map[string]string, o RunOptions) (*Result, error) {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	o.Dir = dir
	if o.Patterns == nil {
		o.Patterns = []string{"tools.json"}
	}
	return Run(context.Background(), o)
}

func registryFindings(rep *report.Report) []string {
	var out []string
	for _, f := range rep.Findings {
		if strings.HasPrefix(f.Rule, "registry.") {
			out = append(out, f.File+":"+f.Rule+":"+f.Pointer)
		}
	}
	return out
}

// TestServerJSONDiscovery: server.json at the root is found besides the
// patterns' tool files and checked against the registry's schema of the
// version it names (an error at its position fails the run); one that is
// no registry entry is left with a note; the config's server-json names
// another file, which must exist and is checked whatever it holds, and
// server-json: false stops looking; a pattern that also selects it checks
// it once, as a server.json.
func TestServerJSONDiscovery(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		files   map[string]string
		o       RunOptions
		want    []string
		failed  bool
		note    string
		wantErr string
	}{
		{name: "valid root file", files: map[string]string{"tools.json": sjTools, "server.json": sjDoc("Weather forecasts")}},
		{name: "invalid root file", files: map[string]string{"tools.json": sjTools, "server.json": sjDoc(sjTooLong)},
			want: []string{"server.json:registry.server-json.schema:/description"}, failed: true},
		{name: "not a registry entry", files: map[string]string{"tools.json": sjTools, "server.json": `{"port": 8080}`},
			note: "server.json is not an MCP Registry server.json"},
		{name: "config names another file", files: map[string]string{"tools.json": sjTools, "deploy/registry.json": `{"name": "io.github.example/weather", "description": "d", "version": "1"}`,
			".mcpschema.yaml": "server-json: deploy/registry.json\n"},
			want: []string{"deploy/registry.json:registry.server-json.schema-version:"}, failed: true},
		{name: "config names a missing file", files: map[string]string{"tools.json": sjTools, ".mcpschema.yaml": "server-json: registry/server.json\n"},
			wantErr: `server-json "registry/server.json" names no file in the working tree`},
		{name: "config turns it off", files: map[string]string{"tools.json": sjTools, "server.json": sjDoc(sjTooLong), ".mcpschema.yaml": "server-json: false\n"}},
		{name: "excluded", files: map[string]string{"tools.json": sjTools, "server.json": sjDoc(sjTooLong), ".mcpschema.yaml": "exclude: [server.json]\n"}},
		{name: "selected by the patterns too", files: map[string]string{"tools.json": sjTools, "server.json": sjDoc(sjTooLong)}, o: RunOptions{Rules: testRules, Patterns: []string{"*.json"}},
			want: []string{"server.json:registry.server-json.schema:/description"}, failed: true},
		{name: "a registry file the patterns select elsewhere", files: map[string]string{"tools.json": sjTools, "pkg/server.json": sjDoc(sjTooLong)}, o: RunOptions{Rules: testRules, Patterns: []string{"tools.json", "pkg/*.json"}},
			want: []string{"pkg/server.json:registry.server-json.schema:/description"}, failed: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			res, err := runFiles(t, tc.files, tc.o)
			if tc.wantErr != "" {
				var ue *UsageError
				if err == nil || !errors.As(err, &ue) || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want a usage error with %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := registryFindings(res.Report); strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("registry findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
			if res.Failed() != tc.failed {
				t.Errorf("failed %v, want %v", res.Failed(), tc.failed)
			}
			for _, f := range res.Report.Findings {
				if f.Rule == "mcpschema.file.no-tools" || f.Rule == "mcpschema.file.shape" {
					t.Errorf("server.json read as a tool file: %s %s", f.Rule, f.Message)
				}
			}
			notes := strings.Join(res.Report.Notes, "\n")
			if tc.note != "" && !strings.Contains(notes, tc.note) {
				t.Errorf("notes %q lack %q", notes, tc.note)
			}
			if tc.note == "" && strings.Contains(notes, "server.json") {
				t.Errorf("unexpected note: %s", notes)
			}
		})
	}
}

// TestServerJSONConfig: server-json takes a path, true or false; a pattern,
// a path outside the workspace and another type are configuration errors.
func TestServerJSONConfig(t *testing.T) {
	t.Parallel()
	for body, want := range map[string]string{
		"server-json: registry/server.json\n": "",
		"server-json: true\n":                 "",
		"server-json: false\n":                "",
		"server-json: '*.json'\n":             "is a pattern",
		"server-json: ../server.json\n":       "server-json:",
		"server-json: 3\n":                    "must be the path",
	} {
		_, err := ParseConfig([]byte(body), ".mcpschema.yaml", testRules)
		switch {
		case want == "" && err != nil:
			t.Errorf("%q: %v", body, err)
		case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
			t.Errorf("%q: error %v, want %q", body, err, want)
		}
	}
}

// TestServerJSONBase: with a base revision, a server.json is validated,
// never judged as a tool file: its findings the base already had are
// pre-existing (unchanged bytes, or changed bytes with the same problem)
// and do not fail the run; a problem the change brings does. At a head
// revision (--head) it is read from git like every file.
func TestServerJSONBase(t *testing.T) {
	t.Parallel()
	r := newBaseRepo(t)
	r.write("tools.json", sjTools)
	r.write("server.json", sjDoc(sjTooLong))
	base := r.Commit("base")
	run := func(o RunOptions) *Result {
		t.Helper()
		o.Dir, o.Patterns = r.dir, []string{"tools.json"}
		res, err := Run(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	check := func(what string, res *Result, preExisting, failed bool) {
		t.Helper()
		var got []report.Finding
		for _, f := range res.Report.Findings {
			if strings.HasPrefix(f.Rule, "registry.") {
				got = append(got, f)
			}
		}
		if len(got) != 1 || got[0].Pointer != "/description" || got[0].PreExisting != preExisting || res.Failed() != failed {
			t.Errorf("%s: registry findings %+v, failed %v; want one at /description, pre-existing %v, failed %v", what, got, res.Failed(), preExisting, failed)
		}
		for _, f := range res.Report.Findings {
			if strings.HasPrefix(f.Rule, "compat.") {
				t.Errorf("%s: server.json judged as a tool file: %s %s", what, f.Rule, f.Message)
			}
		}
	}
	r.write("tools.json", strings.Replace(sjTools, "Weather forecast", "Weather forecasts", 1))
	check("unchanged server.json", run(RunOptions{Rules: testRules, Base: base}), true, false)
	r.write("server.json", strings.Replace(sjDoc(sjTooLong), "1.2.0", "1.2.1", 2))
	check("changed, same problem", run(RunOptions{Rules: testRules, Base: base}), true, false)
	r.write("server.json", sjDoc("Weather forecasts"))
	good := r.Commit("fix the description")
	r.write("server.json", sjDoc(sjTooLong))
	check("a problem the change brings", run(RunOptions{Rules: testRules, Base: good}), false, true)
	r.Commit("break it again")
	check("at a head revision", run(RunOptions{Rules: testRules, HeadRef: "HEAD"}), false, true)
}
