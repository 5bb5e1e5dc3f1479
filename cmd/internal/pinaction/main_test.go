package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// actionMeta is the part of action metadata the runner reads.
type actionMeta struct {
	Name        string         `yaml:"name"`
	Description string         `yaml:"description"`
	Author      string         `yaml:"author"`
	Branding    map[string]any `yaml:"branding"`
	Inputs      map[string]struct {
		Description string `yaml:"description"`
		Required    bool   `yaml:"required"`
		Default     string `yaml:"default"`
	} `yaml:"inputs"`
	Outputs map[string]struct {
		Description string `yaml:"description"`
	} `yaml:"outputs"`
	Runs struct {
		Using string   `yaml:"using"`
		Image string   `yaml:"image"`
		Args  []string `yaml:"args"`
	} `yaml:"runs"`
}

func parseAction(t *testing.T, data []byte) actionMeta {
	t.Helper()
	var m actionMeta
	dec := yaml.NewDecoder(strings.NewReader(string(data)))
	dec.KnownFields(true) // a key the runner does not know is a mistake here
	if err := dec.Decode(&m); err != nil {
		t.Fatalf("action.yml is not valid action metadata: %v", err)
	}
	if m.Name == "" || m.Description == "" || m.Runs.Using != "docker" || m.Runs.Image == "" {
		t.Fatalf("action.yml lacks name, description or a docker runs section: %+v", m)
	}
	return m
}

// TestPinRepositoryAction rewrites the repository's own action.yml as the
// release workflow does and checks that the result is a valid docker action
// running the pinned image, identical in everything else.
func TestPinRepositoryAction(t *testing.T) {
	orig, err := os.ReadFile("../../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	before := parseAction(t, orig)
	if before.Runs.Image != "Dockerfile" {
		t.Fatalf("main's action.yml must build from the Dockerfile (the release pins it), has image %q", before.Runs.Image)
	}
	pinned, err := Pin(orig, "v1.2.3")
	if err != nil {
		t.Fatal(err)
	}
	after := parseAction(t, pinned)
	if want := "docker://ghcr.io/mcpschema/mcpschema:1.2.3"; after.Runs.Image != want {
		t.Fatalf("pinned image %q, want %q", after.Runs.Image, want)
	}
	after.Runs.Image = before.Runs.Image
	if !reflect.DeepEqual(before, after) {
		t.Fatalf("pinning changed more than the image:\nbefore %+v\nafter  %+v", before, after)
	}
	// Exactly one line differs.
	a, b := strings.Split(string(orig), "\n"), strings.Split(string(pinned), "\n")
	if len(a) != len(b) {
		t.Fatalf("line count changed: %d → %d", len(a), len(b))
	}
	diff := 0
	for i := range a {
		if a[i] != b[i] {
			diff++
		}
	}
	if diff != 1 {
		t.Fatalf("%d lines changed, want 1", diff)
	}
	// Pinning twice is refused: a release commit is never pinned again.
	if _, err := Pin(pinned, "v1.2.4"); err == nil {
		t.Fatal("pinning a pinned action.yml succeeded")
	}
}

func TestImageRef(t *testing.T) {
	for tag, want := range map[string]string{
		"v1.2.3":        "docker://ghcr.io/mcpschema/mcpschema:1.2.3",
		"v0.10.0-rc.1":  "docker://ghcr.io/mcpschema/mcpschema:0.10.0-rc.1",
		"v12.0.7-beta2": "docker://ghcr.io/mcpschema/mcpschema:12.0.7-beta2",
	} {
		if got, err := ImageRef(tag); err != nil || got != want {
			t.Errorf("ImageRef(%q) = %q, %v; want %q", tag, got, err, want)
		}
	}
	for _, tag := range []string{"", "v1", "1.2.3", "v1.2", "v01.2.3", "v1.2.3;rm", "v1.2.3\nimage: x", "latest"} {
		if got, err := ImageRef(tag); err == nil {
			t.Errorf("ImageRef(%q) = %q, want an error", tag, got)
		}
	}
}

// TestPinCommand runs the program as the release workflow does.
func TestPinCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	orig, err := os.ReadFile("../../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "action.yml")
	if err := os.WriteFile(path, orig, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("go", "run", ".", "-tag", "v2.0.1", path).CombinedOutput(); err != nil {
		t.Fatalf("pinaction: %v\n%s", err, out)
	}
	data, _ := os.ReadFile(path)
	if m := parseAction(t, data); m.Runs.Image != "docker://ghcr.io/mcpschema/mcpschema:2.0.1" {
		t.Fatalf("image %q after the command", m.Runs.Image)
	}
	out, err := exec.Command("go", "run", ".", "-tag", "v2.0.2", path).CombinedOutput()
	if err == nil || !strings.Contains(string(out), "pinned already") {
		t.Fatalf("second pin: %v\n%s; want a failure saying it was pinned already", err, out)
	}
}
