package validate

import (
	"regexp"
	"strconv"
	"strings"
)

// uriTemplate is a parsed RFC 6570 URI template.
type uriTemplate struct {
	vars    []string
	pattern *regexp.Regexp
}

// parseURITemplate parses an RFC 6570 (level 4) URI template. It returns the
// template or a description of the first syntax error.
func parseURITemplate(s string) (*uriTemplate, string) {
	t := &uriTemplate{}
	var re strings.Builder
	re.WriteString("^")
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '{':
			end := strings.IndexByte(s[i:], '}')
			if end < 0 {
				return nil, "has an expression \"{\" that is never closed"
			}
			expr := s[i+1 : i+end]
			vars, op, problem := parseExpression(expr)
			if problem != "" {
				return nil, "has the expression " + quote("{"+expr+"}") + ", which " + problem
			}
			t.vars = append(t.vars, vars...)
			re.WriteString(expansionPattern(op))
			i += end + 1
		case c == '}':
			return nil, "has a \"}\" outside an expression"
		case c == '%':
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return nil, "has a % that is not a percent-encoding"
			}
			re.WriteString(regexp.QuoteMeta(s[i : i+3]))
			i += 3
		case c <= ' ' || c == 0x7f || strings.IndexByte("\"'<>\\^`|", c) >= 0:
			return nil, "holds the character " + quote(string(c)) + ", which a URI template literal cannot"
		default:
			re.WriteString(regexp.QuoteMeta(s[i : i+1]))
			i++
		}
	}
	re.WriteString("$")
	// A template too large to compile is still valid syntax; it then
	// matches every URI rather than failing the check.
	t.pattern, _ = regexp.Compile(re.String())
	return t, ""
}

var varnameRe = regexp.MustCompile(`^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+(?:\.(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+)*$`)

// parseExpression parses the inside of one expression.
func parseExpression(expr string) (vars []string, op byte, problem string) {
	if expr == "" {
		return nil, 0, "is empty"
	}
	if strings.IndexByte("+#./;?&", expr[0]) >= 0 {
		op, expr = expr[0], expr[1:]
	} else if strings.IndexByte("=,!@|", expr[0]) >= 0 {
		return nil, 0, "uses the operator " + quote(expr[:1]) + ", which RFC 6570 reserves for future extensions"
	}
	for _, spec := range strings.Split(expr, ",") {
		name := spec
		switch {
		case strings.HasSuffix(spec, "*"):
			name = spec[:len(spec)-1]
		case strings.Contains(spec, ":"):
			j := strings.IndexByte(spec, ':')
			name = spec[:j]
			n, err := strconv.Atoi(spec[j+1:])
			if err != nil || n < 1 || n > 9999 || spec[j+1] == '0' || spec[j+1] == '+' || spec[j+1] == '-' {
				return nil, 0, "has the prefix modifier " + quote(spec[j:]) + " (it must be :1 to :9999)"
			}
		}
		if !varnameRe.MatchString(name) {
			return nil, 0, "has the variable name " + quote(name) + " (letters, digits, _, percent-encodings and inner dots only)"
		}
		vars = append(vars, name)
	}
	return vars, op, ""
}

// expansionPattern is a permissive regular expression for what an
// expression with operator op can expand to.
func expansionPattern(op byte) string {
	switch op {
	case '+', '#':
		return `.*`
	case '.':
		return `(?:\.[^/?#]*)?`
	case '/':
		return `(?:/[^?#]*)?`
	case ';':
		return `(?:;[^/?#]*)?`
	case '?', '&':
		return `(?:[?&][^#]*)?`
	}
	return `[^/?#&]*`
}

// matches reports whether uri can be an expansion of the template.
func (t *uriTemplate) matches(uri string) bool { return t.pattern == nil || t.pattern.MatchString(uri) }
