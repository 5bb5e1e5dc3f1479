package schema

import (
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// errRefused is what the loader answers for every URL: nothing outside the
// schema itself is ever read, from the network or from disk.
var errRefused = errors.New("mcpschema never loads external documents")

// refusingLoader refuses every load.
type refusingLoader struct{}

// Load refuses url.
func (refusingLoader) Load(url string) (any, error) { return nil, errRefused }

// compiled is what compiling produced.
type compiled struct {
	schema   *jsonschema.Schema
	timeouts *atomic.Int64 // regex match timeouts seen while validating
	err      error
}

// compile compiles doc (already checked for dialect, bounds and references)
// under d, within timeout. A compile that runs out of time keeps running
// in the background until it finishes (the library cannot be interrupted),
// but the caller gets its answer on time; the bounds checked beforehand
// keep that background work finite.
func compile(doc any, d Dialect, l Limits) (*compiled, bool) {
	done := make(chan *compiled, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- &compiled{err: fmt.Errorf("compiler failed: %v", r)}
			}
		}()
		done <- compileNow(doc, d, l)
	}()
	if l.Timeout <= 0 {
		return <-done, true
	}
	t := time.NewTimer(l.Timeout)
	defer t.Stop()
	select {
	case c := <-done:
		return c, true
	case <-t.C:
		return nil, false
	}
}

func compileNow(doc any, d Dialect, l Limits) *compiled {
	counter := &atomic.Int64{}
	c := jsonschema.NewCompiler()
	c.UseLoader(refusingLoader{})
	if d == DialectDraft7 {
		c.DefaultDraft(jsonschema.Draft7)
	} else {
		c.DefaultDraft(jsonschema.Draft2020)
	}
	c.UseRegexpEngine(ecmaEngine(l.RegexTimeout, counter))
	if err := c.AddResource(rootURL, doc); err != nil {
		return &compiled{err: err}
	}
	sch, err := c.Compile(rootURL)
	return &compiled{schema: sch, timeouts: counter, err: err}
}
