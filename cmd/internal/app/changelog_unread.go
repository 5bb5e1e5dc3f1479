package app

import (
	"fmt"
	"strings"

	"github.com/mcpschema/mcpschema/internal/source"
)

// NotCompared is a head file the changelog could not compare: it could not
// be read or parsed, so the changes to its tools are unknown.
type NotCompared struct {
	File    string `json:"file"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	Message string `json:"message"`
}

// notCompared lists the head files whose first fatal problem kept them out
// of the comparison, in order.
func notCompared(head []*source.File) []NotCompared {
	var out []NotCompared
	for _, f := range head {
		for _, p := range f.Problems {
			if p.Fatal {
				out = append(out, NotCompared{File: f.Path, Line: p.Pos.Line, Column: p.Pos.Column, Message: p.Message})
				break
			}
		}
	}
	return out
}

// notComparedMarkdown is the warning that opens an incomplete changelog.
func notComparedMarkdown(ns []NotCompared) string {
	if len(ns) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("\n> [!WARNING]\n> Files not compared: changes to their tools are missing from this list; fix them and run it again:\n")
	for _, n := range ns {
		at := n.File
		if n.Line > 0 {
			at = fmt.Sprintf("%s:%d:%d", n.File, n.Line, n.Column)
		}
		fmt.Fprintf(&b, "> - %s: %s\n", mdInline(at), mdMessage(n.Message))
	}
	return b.String()
}
