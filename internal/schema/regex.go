package schema

import (
	"errors"
	"fmt"
	"strings"
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

// maxPatternBytes is the longest pattern compiled: regexp2 keeps about 65
// bytes per byte of pattern (a 1 MB pattern would cost 180 MB).
const maxPatternBytes = 16 << 10

// ecmaEngine returns a jsonschema regexp engine compiling ECMA-262 patterns
// with the given match timeout; timeouts are counted in counter.
func ecmaEngine(timeout time.Duration, counter *atomic.Int64) jsonschema.RegexpEngine {
	return func(s string) (jsonschema.Regexp, error) {
		if len(s) > maxPatternBytes {
			return nil, fmt.Errorf("pattern of %d bytes is too long to check (at most %d bytes are compiled)", len(s), maxPatternBytes)
		}
		if err := nonECMASyntax(s); err != nil {
			return nil, err
		}
		re, err := regexp2.Compile(s, regexp2.ECMAScript)
		if err != nil {
			return nil, errors.New(strings.TrimPrefix(err.Error(), "error parsing regexp: "))
		}
		if timeout > 0 {
			re.MatchTimeout = timeout
		}
		return &ecmaRegexp{re: re, timeouts: counter}, nil
	}
}

// nonECMASyntax rejects constructs that regexp2 accepts from .NET and PCRE
// but that ECMA-262 does not define: inline modifiers such as (?i),
// conditionals, atomic groups, named groups in the (?P<name>) or (?'name')
// spelling, comments, and the \A, \Z, \z and \G anchors.
func nonECMASyntax(s string) error {
	inClass := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\':
			if i+1 < len(s) && !inClass && strings.IndexByte("AZzG", s[i+1]) >= 0 {
				return fmt.Errorf("escape \\%c is not ECMA-262 syntax", s[i+1])
			}
			i++
		case inClass:
			if c == ']' {
				inClass = false
			}
		case c == '[':
			inClass = true
		case c == '(' && i+2 < len(s) && s[i+1] == '?':
			rest := s[i+2:]
			switch {
			case strings.HasPrefix(rest, ":"), strings.HasPrefix(rest, "="), strings.HasPrefix(rest, "!"),
				strings.HasPrefix(rest, "<="), strings.HasPrefix(rest, "<!"):
			case strings.HasPrefix(rest, "<"):
				// (?<name>...) is ECMA-262 (2018); the name is checked by the compiler.
			default:
				end := min(len(rest), 8)
				return fmt.Errorf("group \"(?%s\" is not ECMA-262 syntax (inline flags, atomic and conditional groups are .NET/PCRE only)", rest[:end])
			}
		}
	}
	return nil
}
