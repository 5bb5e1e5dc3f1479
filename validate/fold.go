package validate

import (
	"fmt"
	"strings"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/source"
)

// FindingsPerRule is how many findings of one rule a file keeps; the
// repeats past it are counted, not kept, and become one folded finding
// (report.Finding.Folded) at the position of the first of them. A hostile
// file (50,000 duplicate keys) then holds a bounded number of findings in
// memory while the counts, and so fail-on, still see every one.
const FindingsPerRule = 1000

// fold counts the findings of one rule past FindingsPerRule.
type fold struct {
	// first is the first finding not kept; it gives the folded finding its
	// position and severity.
	first report.Finding
	n     int
	// mixed: the folded findings are about different tools.
	mixed bool
	// at is the pointer every folded finding is at or below, so that an
	// ignore of one place does not silence the others.
	at string
}

// keep reports whether f is kept, counting it in its rule's fold when not.
func (c *FileContext) keep(f report.Finding) bool {
	if c.perRule == nil {
		c.perRule = map[string]int{}
	}
	c.perRule[f.Rule]++
	if c.perRule[f.Rule] <= FindingsPerRule {
		return true
	}
	if c.folds == nil {
		c.folds = map[string]*fold{}
	}
	fd := c.folds[f.Rule]
	if fd == nil {
		fd = &fold{first: f, at: f.Pointer}
		c.folds[f.Rule] = fd
		c.foldOrder = append(c.foldOrder, f.Rule)
	}
	fd.n += f.Count() // a finding may already stand for several (a folded problem of the source)
	fd.at = commonPointer(fd.at, f.Pointer)
	if f.Tool != fd.first.Tool || f.ToolPointer != fd.first.ToolPointer {
		fd.mixed = true
	}
	if f.Severity > fd.first.Severity {
		fd.first.Severity = f.Severity
	}
	fd.first.Incomplete = fd.first.Incomplete || f.Incomplete
	return false
}

// foldedFindings appends one finding per folded rule, standing for the
// findings that were not kept.
func (c *FileContext) foldedFindings() {
	for _, rule := range c.foldOrder {
		fd := c.folds[rule]
		f := fd.first
		f.Folded = fd.n
		if fd.mixed { // an ignore for one tool must not silence the others
			f.Tool, f.ToolPointer = "", ""
		}
		f.Witness, f.Base = nil, nil
		if f.Pointer != fd.at {
			f.Pointer = fd.at
			pos, _ := c.File.Index.Locate(f.Pointer)
			f.Line, f.Column = pos.Line, pos.Column
		}
		f.Message = fmt.Sprintf("and %d more findings of rule %q like this in this file: only the first %d of a rule are kept per file, so these are counted but not listed; fix the ones listed and check again", fd.n, rule, FindingsPerRule)
		f.Fingerprint = report.Fingerprint(f.Rule, f.File, "folded")
		c.findings = append(c.findings, f)
	}
}

// commonPointer is the longest pointer a and b are both at or below.
func commonPointer(a, b string) string {
	for a != "" && b != a && !strings.HasPrefix(b, a+"/") {
		a = source.Parent(a)
	}
	return a
}
