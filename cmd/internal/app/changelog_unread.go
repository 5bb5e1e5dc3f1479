package app

import (
	"fmt"
	"strings"

	"github.com/mcpschema/mcpschema/cmd/internal/service"
)

// notComparedMarkdown is the warning that opens an incomplete changelog.
func notComparedMarkdown(ns []service.NotCompared) string {
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
