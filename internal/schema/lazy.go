package schema

import (
	"fmt"
	"sync"
)

// lazyCompile is the compilation of a schema the pre-check found certainly
// valid and whose references, bounds and expansion are fine: Check has
// nothing left to learn from compiling it, so it is compiled on the first
// validation, once, whoever asks first.
type lazyCompile struct {
	once    sync.Once
	doc     any // dropped once compiled
	dialect Dialect
	comp    *compiled // nil when compiling failed or ran out of time
	err     error     // why comp is nil
	late    bool      // compiling ran out of time
}

// compiled returns the compiled schema of cs, compiling it now if it was
// deferred (within the same time budget as in Check), or nil when there is
// none. A deferred compile that fails (the pre-check is built so that it
// never does) leaves nil: Validate then gives no verdict.
func (cs *Checked) compiled() *compiled {
	if cs.lazy == nil {
		return cs.comp
	}
	l := cs.lazy
	l.once.Do(func() {
		comp, inTime := compile(l.doc, l.dialect, cs.limits)
		switch {
		case !inTime:
			l.late = true
			l.err = fmt.Errorf("compiling the schema took longer than %s", cs.limits.Timeout)
		case comp.err != nil:
			l.err = comp.err
		default:
			l.comp = comp
		}
		l.doc = nil
	})
	return l.comp
}
