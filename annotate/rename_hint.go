package annotate

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/mcpschema/mcpschema/internal/report"
)

// Rule ids the rename hint reads.
const (
	ruleToolRemoved = "compat.tool.removed"
	ruleToolAdded   = "compat.tool.added"
)

// HintRenames says "renamed?" on a removed tool whose name, folded
// (foldName: case and separators ignored), is that of exactly one added
// tool: `tool "op_00" was removed (renamed to "op 00"?): …`. A rename
// with equivalent inputs is already one compat.tool.renamed finding; this
// is the hint for a rename whose schema changed too, so a reviewer does not
// read a removal and an addition as unrelated.
func HintRenames(rep *report.Report) {
	added := map[string][]string{}
	for _, f := range rep.Findings {
		if f.Rule == ruleToolAdded && f.Tool != "" {
			k := foldName(f.Tool)
			added[k] = append(added[k], f.Tool)
		}
	}
	if len(added) == 0 {
		return
	}
	for i, f := range rep.Findings {
		if f.Rule != ruleToolRemoved || f.Tool == "" {
			continue
		}
		m := added[foldName(f.Tool)]
		if len(m) != 1 || m[0] == f.Tool {
			continue
		}
		q := strconv.Quote(f.Tool)
		at := strings.Index(f.Message, q+" was removed")
		if at < 0 {
			continue
		}
		end := at + len(q+" was removed")
		rep.Findings[i].Message = f.Message[:end] + " (renamed to " + strconv.Quote(m[0]) + "?)" + f.Message[end:]
	}
}

// foldName is a tool name without case and separators: "op_00", "op 00",
// "Op-00" and "op.00" fold alike, as do "getUser" and "get_user".
func foldName(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r == '_' || r == '-' || r == '.' || r == '/' || unicode.IsSpace(r) {
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}
