package annotate

import (
	"fmt"

	"github.com/mcpschema/mcpschema/internal/report"
)

// goneFiles are the paths that have findings but were not read at head
// because they exist only at the base (a file deleted by the change): every
// finding there locates its base in that same file.
func goneFiles(rep *report.Report) map[string]bool {
	if len(rep.Files) == 0 {
		return nil
	}
	read := map[string]bool{}
	for _, fs := range rep.Files {
		read[fs.Path] = true
	}
	gone := map[string]bool{}
	other := map[string]bool{}
	for _, f := range rep.Findings {
		if f.File == "" || read[f.File] {
			continue
		}
		if f.Base != nil && f.Base.File == f.File {
			gone[f.File] = true
		} else {
			other[f.File] = true
		}
	}
	for p := range other {
		delete(gone, p)
	}
	return gone
}

// fileCount is the table's count: the files the run read, as the headline
// counts them, and those only at the base. A report without its file list
// counts every row with a path.
func fileCount(rep *report.Report, rows []string, gone map[string]bool) string {
	if len(rep.Files) == 0 {
		return Plural(len(rows), "file")
	}
	s := Plural(len(rep.Files), "file")
	if len(gone) > 0 {
		s += fmt.Sprintf(", %d only at the base", len(gone))
	}
	return s
}
