package source

import (
	"errors"
	"io"
	"time"

	"github.com/mcpschema/mcpschema/internal/limits"
)

// timeNow is the clock of the reading budget (tests move it).
var timeNow = time.Now

// errTimeBudget stops go.yaml.in/yaml/v3 when the file's time is spent.
var errTimeBudget = errors.New("time budget spent")

// budgetReader hands data to the YAML parser, 512 bytes at a time (its
// buffer), and stops it with errTimeBudget once the deadline has passed:
// the library cannot be cancelled otherwise, and dense YAML decodes at
// about 1.5 MB/s.
type budgetReader struct {
	data     []byte
	off      int
	deadline time.Time
	expired  bool
}

func (r *budgetReader) Read(p []byte) (int, error) {
	if r.off >= len(r.data) {
		return 0, io.EOF
	}
	if r.spent() {
		return 0, errTimeBudget
	}
	n := copy(p, r.data[r.off:])
	r.off += n
	return n, nil
}

// spent reports (and remembers) whether the deadline has passed.
func (r *budgetReader) spent() bool {
	if !r.expired && !r.deadline.IsZero() && !timeNow().Before(r.deadline) {
		r.expired = true
	}
	return r.expired
}

// timeBudgetProblem is the problem of a file whose reading the time budget
// cut at pos.
func timeBudgetProblem(pos Pos, fatal bool) Problem {
	msg := "reading the file ran out of its time budget (" + limits.FileTimeout.Config() + ") here"
	if fatal {
		msg += ", so the file is not checked"
	} else {
		msg += ", after its first document"
	}
	return Problem{Kind: ProblemTimeBudget, Pos: pos, Fatal: fatal, Limit: limits.FileTimeout,
		Message: msg + ": simplify the file (dense YAML reads slowly; JSON reads fast) or " + limits.FileTimeout.Raise()}
}

// checkEvery is the number of nodes visited between two looks at the clock.
const checkEvery = 1024

// outOfTime reports whether the time budget is spent, looking at the clock
// every checkEvery calls; when it is, it records the fatal problem at n's
// position.
func (c *yamlConverter) outOfTime(p Pos) bool {
	if c.budget == nil {
		return false
	}
	c.visits++
	if c.visits%checkEvery != 0 && !c.budget.expired {
		return false
	}
	if !c.budget.spent() {
		return false
	}
	if !c.failed {
		c.problems = append(c.problems, timeBudgetProblem(clampPos(c.lines, p), true))
		c.failed = true
	}
	return true
}
