package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/load"
	"github.com/mcpschema/mcpschema/internal/source"
	"github.com/mcpschema/mcpschema/internal/testsupport/testrepo"
)

// commitFile makes a repository whose one commit holds name with content.
func commitFile(t *testing.T, name, content string) string {
	t.Helper()
	r := testrepo.New(t)
	r.Write(name, content)
	r.Commit("base")
	return r.Dir
}

// TestReadPathUnchanged: a working file whose bytes equal its base blob
// is not read from git and not judged; any byte changed (here line ends)
// makes it a changed file.
func TestReadPathUnchanged(t *testing.T) {
	t.Parallel()
	content := "{\"tools\": [{\"name\": \"x\", \"inputSchema\": {\"type\": \"object\"}}]}\n"
	dir := commitFile(t, "a.json", content)
	rev, err := load.ListRevision(context.Background(), dir, "HEAD", []string{"*.json"})
	if err != nil {
		t.Fatal(err)
	}
	blobs, err := load.OpenBlobReader(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	defer blobs.Close()
	b := rev.Blobs()[0]
	m := load.WorkFile{Abs: filepath.Join(dir, "a.json"), Display: "a.json"}
	lim := source.DefaultLimits
	job, err := readPath(&basePath{path: "a.json", base: &b, head: &m}, blobs, lim)
	if err != nil || !job.unchanged || job.baseData != nil {
		t.Errorf("same bytes: unchanged %v, base read %v, err %v", job.unchanged, job.baseData != nil, err)
	}
	if err := os.WriteFile(filepath.Join(dir, "a.json"), []byte(strings.ReplaceAll(content, "\n", "\r\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	job, err = readPath(&basePath{path: "a.json", base: &b, head: &m}, blobs, lim)
	if err != nil || job.unchanged || string(job.baseData) != content {
		t.Errorf("CRLF: unchanged %v, base %q, err %v", job.unchanged, job.baseData, err)
	}
}
