package source

import (
	"sort"
	"time"

	"github.com/mcpschema/mcpschema/internal/limits"
)

// ProblemKind classifies a problem found while reading a file.
type ProblemKind string

// Kinds of problems the loader reports.
const (
	ProblemSyntax       ProblemKind = "syntax"
	ProblemDuplicateKey ProblemKind = "duplicate-key"
	ProblemBOM          ProblemKind = "byte-order-mark"
	ProblemTooLarge     ProblemKind = "too-large"
	ProblemTooDeep      ProblemKind = "too-deep"
	ProblemTooMany      ProblemKind = "too-many-values"
	ProblemNotJSON      ProblemKind = "not-json-value"
	ProblemEmpty        ProblemKind = "empty"
	ProblemUnreadable   ProblemKind = "unreadable"
	ProblemMultiDoc     ProblemKind = "multi-document"
	// ProblemTimeBudget: reading the file took the whole time budget.
	ProblemTimeBudget ProblemKind = "time-budget"
)

// Problem is something wrong with a file's text, at a position.
// A fatal problem means the file has no usable value.
type Problem struct {
	Kind    ProblemKind
	Pointer string
	Pos     Pos
	Message string
	Fatal   bool
	// Folded, when above zero, says this problem is not one problem but
	// stands for Folded problems of its kind in the file that are not
	// listed one by one (past MaxProblemsPerKind); its message says so.
	Folded int
	// thin marks a problem kept without text past MaxProblemsPerKind,
	// counted by foldProblems before the file is returned.
	thin bool
	// Limit is the bound the file crossed, for a problem a bound produced.
	Limit limits.Key
}

// Limits bound what the loader accepts from untrusted files.
type Limits struct {
	// MaxBytes is the largest file read, in bytes.
	MaxBytes int64
	// MaxDepth is the deepest nesting of objects and arrays accepted.
	MaxDepth int
	// MaxValues is the largest number of values accepted. Every value node
	// the decoder produces counts once; a YAML alias counts as one value and is
	// never expanded. It also scales the memory a file's values may take
	// (see jsonMaxCost and yamlMaxNodes) when raised above its default.
	MaxValues int
	// MaxTools is the largest number of tool entries accepted in one file.
	MaxTools int
	// Timeout is the file's time budget (limits.file-timeout), counted
	// from the start of Parse: reading a YAML file stops when it is spent,
	// with a fatal problem at the place reached. Zero: no budget.
	Timeout time.Duration
	// Deadline, when set, stops reading like Timeout (the run's budget).
	Deadline time.Time

	// valueMemory, when set (tests), is the bound on a JSON file's values
	// in place of jsonMaxCost's.
	valueMemory int64
}

// deadline is when reading a file started at start must stop (zero: never).
func (l Limits) deadline(start time.Time) time.Time {
	d := l.Deadline
	if l.Timeout > 0 && (d.IsZero() || start.Add(l.Timeout).Before(d)) {
		d = start.Add(l.Timeout)
	}
	return d
}

// DefaultLimits are the limits used when none are configured.
var DefaultLimits = Limits{MaxBytes: 32 << 20, MaxDepth: 1000, MaxValues: 1_000_000, MaxTools: 10_000}

// WithDefaults fills zero bounds with DefaultLimits.
func (l Limits) WithDefaults() Limits {
	d := DefaultLimits
	l.MaxBytes = limits.Or(l.MaxBytes, d.MaxBytes)
	l.MaxDepth = limits.Or(l.MaxDepth, d.MaxDepth)
	l.MaxValues = limits.Or(l.MaxValues, d.MaxValues)
	l.MaxTools = limits.Or(l.MaxTools, d.MaxTools)
	return l
}

// dropRanges removes the problems whose index lies in one of the half-open
// ranges, in one pass over problems (ranges may overlap and nest).
func dropRanges(problems []Problem, ranges [][2]int) []Problem {
	if len(ranges) == 0 {
		return problems
	}
	sort.Slice(ranges, func(i, j int) bool { return ranges[i][0] < ranges[j][0] })
	out := problems[:0]
	r, end := 0, 0
	for i, p := range problems {
		for r < len(ranges) && ranges[r][0] <= i {
			end = max(end, ranges[r][1])
			r++
		}
		if i >= end {
			out = append(out, p)
		}
	}
	return out
}
