package annotate

import (
	"io"
	"os"
	"path/filepath"

	"github.com/mcpschema/mcpschema/internal/report"
)

// sarifMaxHashedFile bounds the bytes read to hash one file's lines: past
// it (a file mcpschema's own limits would have refused) a result gets the
// fallback hash.
const sarifMaxHashedFile = 64 << 20

// lineHasher gives each result the primaryLocationLineHash of its line,
// reading each file once under root, never through a link that leaves it.
type lineHasher struct {
	root  string
	files map[string][]string
}

func newLineHasher(root string) *lineHasher {
	return &lineHasher{root: root, files: map[string][]string{}}
}

// of is the line hash of f's line (line 1 for a finding on the whole file,
// as upload-sarif takes it) in the file under root; a file that cannot be
// read there (removed at the head, outside the workspace, too large) gets
// a hash of the finding's own fingerprint, which upload-sarif, finding no
// file to hash, leaves as it is.
func (h *lineHasher) of(f report.Finding) string {
	lines, ok := h.files[f.File]
	if !ok {
		lines = h.read(f.File)
		h.files[f.File] = lines
	}
	line := f.Line
	if line < 1 {
		line = 1
	}
	if line <= len(lines) {
		return lines[line-1]
	}
	fp := f.Fingerprint
	if fp == "" {
		fp = report.Fingerprint(f.Rule, f.File, f.Pointer, f.Message)
	}
	return fp + ":1"
}

func (h *lineHasher) read(name string) []string {
	if h.root == "" || name == "" || filepath.IsAbs(name) {
		return nil
	}
	root, err := os.OpenRoot(h.root)
	if err != nil {
		return nil
	}
	defer root.Close()
	fh, err := root.Open(filepath.FromSlash(name))
	if err != nil {
		return nil
	}
	defer fh.Close()
	if st, err := fh.Stat(); err != nil || !st.Mode().IsRegular() || st.Size() > sarifMaxHashedFile {
		return nil
	}
	data, err := io.ReadAll(io.LimitReader(fh, sarifMaxHashedFile+1))
	if err != nil || len(data) > sarifMaxHashedFile {
		return nil
	}
	return LineHashes(data)
}
