package annotate

import (
	"fmt"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// Bounds on what is published as annotations (check run annotations and
// workflow-command lines), so that one hostile file cannot spend the
// repository's API quota (GITHUB_TOKEN: about 1,000 requests an hour): at
// most AnnotationsPerRuleFile findings of a rule in a file are annotated one
// by one, the repeats are folded into one "and N more like this" annotation,
// and a run sends at most AnnotationsPerRun annotations (20 check run
// requests of 50), errors first. Every finding still reaches the summary
// counts, SARIF and the JSON report.
const (
	AnnotationsPerRuleFile = 100
	AnnotationsPerRun      = 1000
)

// Capped is the findings to annotate after folding and capping.
type Capped struct {
	// Findings are the annotations to publish, in report order: findings,
	// and one folded finding (report.Finding.Folded) per rule and file
	// that had more than the bound.
	Findings []report.Finding
	// Total is how many findings the input stands for (folded ones count
	// for what they stand for).
	Total int
	// Folded is how many of them are not annotated one by one (folded
	// into a "more like this" annotation, or left out by the run's bound);
	// Left out is how many are not annotated at all (the run's bound).
	Folded, LeftOut int
}

// CapAnnotations folds the findings past perRuleFile of a rule in a file
// into one annotation saying how many more there are, then keeps at most
// perRun annotations: errors first, then warnings, then notices, each in
// report order. Zero bounds mean AnnotationsPerRuleFile and AnnotationsPerRun.
func CapAnnotations(findings []report.Finding, perRuleFile, perRun int) Capped {
	if perRuleFile <= 0 {
		perRuleFile = AnnotationsPerRuleFile
	}
	if perRun <= 0 {
		perRun = AnnotationsPerRun
	}
	type key struct{ file, rule string }
	seen := map[key]int{}
	foldAt := map[key]int{} // index in out of the group's folded annotation
	var out []report.Finding
	res := Capped{}
	for _, f := range findings {
		res.Total += f.Count()
		k := key{f.File, f.Rule}
		if f.Folded == 0 && seen[k] < perRuleFile {
			seen[k]++
			out = append(out, f)
			continue
		}
		res.Folded += f.Count()
		i, ok := foldAt[k]
		if !ok {
			fd := f
			fd.Folded, fd.Tool, fd.ToolPointer, fd.Witness, fd.Base = 0, "", "", nil, nil
			i = len(out)
			foldAt[k] = i
			out = append(out, fd)
		}
		out[i].Folded += f.Count()
		if f.Severity > out[i].Severity {
			out[i].Severity = f.Severity
		}
	}
	for _, i := range foldAt {
		fd := &out[i]
		fd.Message = fmt.Sprintf("and %d more like this (rule %q in this file): only the first %d findings of a rule are annotated per file; the totals count every finding and the JSON and SARIF reports list them", fd.Folded, fd.Rule, perRuleFile)
	}
	if len(out) > perRun {
		keep := make([]bool, len(out))
		n := 0
		for _, sev := range []rules.Severity{rules.Error, rules.Warning, rules.Notice} {
			for i, f := range out {
				if n < perRun && !keep[i] && (f.Severity == sev || (sev == rules.Notice && f.Severity < rules.Notice)) {
					keep[i] = true
					n++
				}
			}
		}
		kept := out[:0]
		for i, f := range out {
			if keep[i] {
				kept = append(kept, f)
				continue
			}
			res.LeftOut += f.Count()
			if f.Folded == 0 {
				res.Folded++
			}
		}
		out = kept
	}
	res.Findings = out
	return res
}

// CapText says how the annotations were bounded ("" when every finding is
// one annotation).
func (c Capped) CapText() string {
	if c.Folded == 0 {
		return ""
	}
	return fmt.Sprintf("%d of %s are annotated one by one (at most %d of a rule per file, %d annotations per run); every finding is counted in the totals and listed in the JSON and SARIF reports",
		c.Total-c.Folded, Plural(c.Total, "finding"), AnnotationsPerRuleFile, AnnotationsPerRun)
}
