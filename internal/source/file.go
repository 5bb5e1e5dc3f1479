package source

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/mcpschema/mcpschema/internal/limits"
)

// Format is the serialization of a file.
type Format string

// Supported formats.
const (
	FormatJSON Format = "json"
	FormatYAML Format = "yaml"
)

// File is a loaded tool file: its value tree, pointer index and the tools it holds.
type File struct {
	// Path is the file's name as given by the user (slash-separated, relative where possible).
	Path   string
	Format Format
	// Root is the decoded value; nil when a fatal problem stopped decoding.
	Root  any
	Index *Index
	// Problems are text-level problems (syntax, duplicate keys, bounds).
	Problems []Problem
	// Shape says how tools are laid out in the file.
	Shape Shape
	// ToolsPointer is the pointer of the tools array ("" for a single tool or a bare array).
	ToolsPointer string
	// Tools are the tool entries found, in file order.
	Tools []Tool
	// DeclaredVersions are the protocol versions declared at the document root, if any.
	DeclaredVersions []string
	// VersionsDeclared reports whether the root declares protocolVersions at all.
	VersionsDeclared bool
	// Started is when Parse began reading the file: its time budget
	// (limits.file-timeout) counts from there.
	Started time.Time
}

// Fatal reports whether the file could not be decoded.
func (f *File) Fatal() bool {
	for _, p := range f.Problems {
		if p.Fatal {
			return true
		}
	}
	return false
}

// ReadLimited reads at most max+1 bytes of the file at path (one more
// than allowed tells a file over the limit, which Parse refuses); a
// directory is an error naming display.
func ReadLimited(path, display string, max int64) ([]byte, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	st, err := fh.Stat()
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, fmt.Errorf("%s is a directory", display)
	}
	return ReadAtMost(fh, st.Size(), max)
}

// TooLarge is the file returned in place of the file name over max bytes;
// data, when read, helps tell its format.
func TooLarge(name string, data []byte, max int64) *File {
	f := &File{Path: name, Format: formatFor(name, data), Index: NewIndex()}
	f.Problems = append(f.Problems, Problem{Kind: ProblemTooLarge, Pos: Pos{Line: 1, Column: 1}, Fatal: true, Limit: limits.MaxFileBytes,
		Message: fmt.Sprintf("file is larger than %d bytes; it is not checked (%s to allow it)", max, limits.MaxFileBytes.Raise())})
	return f
}

// ReadAtMost reads r to its end, but at most limit+1 bytes (one more than
// allowed tells a file over the limit), like io.ReadAll of an
// io.LimitReader; size (the file's size from Stat, or 0 when unknown) sizes
// the buffer once, so that a regular file is not copied while it grows.
func ReadAtMost(r io.Reader, size, limit int64) ([]byte, error) {
	c := int64(512)
	if size > 0 {
		c = min(size, limit) + 1
	}
	data := make([]byte, 0, c)
	lr := io.LimitReader(r, limit+1)
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		n, err := lr.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return data, err
		}
	}
}

// Parse decodes data as the file named name and finds the tools in it.
func Parse(name string, data []byte, lim Limits) *File {
	start := timeNow()
	lim = lim.WithDefaults()
	if int64(len(data)) > lim.MaxBytes {
		return TooLarge(name, data, lim.MaxBytes)
	}
	f := &File{Path: name, Format: formatFor(name, data), Started: start}
	if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		f.Problems = append(f.Problems, Problem{Kind: ProblemBOM, Pos: Pos{Line: 1, Column: 1},
			Message: "file starts with a byte order mark, which JSON forbids and many readers reject; save it as UTF-8 without a BOM"})
		data = data[3:]
	}
	if len(bytes.TrimSpace(data)) == 0 {
		f.Index = NewIndex()
		f.Problems = append(f.Problems, Problem{Kind: ProblemEmpty, Pos: Pos{Line: 1, Column: 1}, Fatal: true,
			Message: "file is empty: it holds no tool; delete it or add the tool definitions"})
		return f
	}
	var problems []Problem
	if f.Format == FormatYAML {
		f.Root, f.Index, problems = parseYAML(data, lim, lim.deadline(start))
	} else {
		f.Root, f.Index, problems = parseJSON(data, lim)
	}
	f.Problems = append(f.Problems, foldProblems(problems)...)
	if f.markText(data) {
		return f
	}
	if !f.Fatal() {
		f.findTools(lim.MaxTools)
		f.boundTools(lim.MaxTools)
	}
	return f
}

func formatFor(name string, data []byte) Format {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".yaml", ".yml":
		return FormatYAML
	case ".json", ".snap", ".jsonc":
		return FormatJSON
	}
	trimmed := bytes.TrimLeft(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), " \t\r\n")
	if len(trimmed) > 0 && (trimmed[0] == '{' || trimmed[0] == '[') {
		return FormatJSON
	}
	if utf8.Valid(trimmed) && len(trimmed) > 0 {
		return FormatYAML
	}
	return FormatJSON
}

// Unreadable returns a file that could not be read, carrying msg as a fatal problem.
func Unreadable(display, msg string) *File {
	return &File{Path: display, Format: formatFor(display, nil), Index: NewIndex(),
		Problems: []Problem{{Kind: ProblemUnreadable, Pos: Pos{Line: 1, Column: 1}, Message: msg, Fatal: true}}}
}
