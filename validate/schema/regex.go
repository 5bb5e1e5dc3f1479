package schema

import (
	"sync/atomic"
	"time"

	"github.com/dlclark/regexp2"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// ecmaRegexp is an ECMA-262 regular expression (regexp2 in ECMAScript
// mode) whose every match is bounded by a timeout. Backtracking patterns
// are therefore bounded in time; a match that times out counts as "no
// match" and is recorded in timeouts.
type ecmaRegexp struct {
	re       *regexp2.Regexp
	timeouts *atomic.Int64
}

// MatchString reports whether s contains a match.
func (r *ecmaRegexp) MatchString(s string) bool {
	ok, err := r.re.MatchString(s)
	if err != nil {
		r.timeouts.Add(1)
		return false
	}
	return ok
}

// String returns the source pattern.
func (r *ecmaRegexp) String() string { return r.re.String() }

// ecmaEngine returns a jsonschema regexp engine compiling ECMA-262 patterns
// with the given match timeout; timeouts are counted in counter.
func ecmaEngine(timeout time.Duration, counter *atomic.Int64) jsonschema.RegexpEngine {
	return func(s string) (jsonschema.Regexp, error) {
		re, err := regexp2.Compile(s, regexp2.ECMAScript)
		if err != nil {
			return nil, err
		}
		if timeout > 0 {
			re.MatchTimeout = timeout
		}
		return &ecmaRegexp{re: re, timeouts: counter}, nil
	}
}
