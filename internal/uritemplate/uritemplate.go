// Package uritemplate is the one model of an RFC 6570 (level 4) URI
// template: validation judges its syntax and whether a URI is one of its
// expansions, the breaking-change judge compares two revisions' variables
// and expansions. Both read a template with Parse, so they agree on which
// templates are templates.
package uritemplate

import (
	"regexp"
	"strconv"
	"strings"
)

// Part is a literal run or an expression of a template.
type Part struct {
	// Literal is the text of a literal run.
	Literal string
	// Expr marks an expression; Op is its operator (0 for simple string
	// expansion) and Vars its variable names, in order.
	Expr bool
	Op   byte
	Vars []string
}

// Template is a parsed URI template.
type Template struct {
	// Parts are the literal runs and expressions, in order.
	Parts []Part
	// Vars are the variable names of every expression, in order (a name
	// used twice is listed twice).
	Vars []string
	// pattern is a permissive expression for the template's expansions
	// (nil when the template is too large to compile: it then matches
	// every URI).
	pattern *regexp.Regexp
}

// Parse parses s. It returns the template, or a description of the first
// syntax error ("has a % that is not a percent-encoding", ...) that reads
// after the template in a message.
func Parse(s string) (*Template, string) {
	t := &Template{}
	var re strings.Builder
	re.WriteString("^")
	lit := 0 // start of the current literal run
	flush := func(end int) {
		if end > lit {
			t.Parts = append(t.Parts, Part{Literal: s[lit:end]})
		}
	}
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
				return nil, "has the expression " + strconv.Quote("{"+expr+"}") + ", which " + problem
			}
			flush(i)
			t.Parts = append(t.Parts, Part{Expr: true, Op: op, Vars: vars})
			t.Vars = append(t.Vars, vars...)
			re.WriteString(expansionPattern(op))
			i += end + 1
			lit = i
		case c == '}':
			return nil, "has a \"}\" outside an expression"
		case c == '%':
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return nil, "has a % that is not a percent-encoding"
			}
			re.WriteString(regexp.QuoteMeta(s[i : i+3]))
			i += 3
		case c <= ' ' || c == 0x7f || strings.IndexByte("\"'<>\\^`|", c) >= 0:
			return nil, "holds the character " + strconv.Quote(string(c)) + ", which a URI template literal cannot"
		default:
			re.WriteString(regexp.QuoteMeta(s[i : i+1]))
			i++
		}
	}
	flush(len(s))
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
		return nil, 0, "uses the operator " + strconv.Quote(expr[:1]) + ", which RFC 6570 reserves for future extensions"
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
				return nil, 0, "has the prefix modifier " + strconv.Quote(spec[j:]) + " (it must be :1 to :9999)"
			}
		}
		if !varnameRe.MatchString(name) {
			return nil, 0, "has the variable name " + strconv.Quote(name) + " (letters, digits, _, percent-encodings and inner dots only)"
		}
		vars = append(vars, name)
	}
	return vars, op, ""
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
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

// Matches reports whether uri can be an expansion of the template.
func (t *Template) Matches(uri string) bool { return t.pattern == nil || t.pattern.MatchString(uri) }

// Names lists the template's variable names in order, once each.
func (t *Template) Names() []string {
	var out []string
	seen := map[string]bool{}
	for _, v := range t.Vars {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

// Sample expands the template with the value "x" for every variable.
func (t *Template) Sample() string {
	var b strings.Builder
	for _, p := range t.Parts {
		if !p.Expr {
			b.WriteString(p.Literal)
			continue
		}
		first, sep, named := "", ",", false
		switch p.Op {
		case '+':
		case '#':
			first = "#"
		case '.':
			first, sep = ".", "."
		case '/':
			first, sep = "/", "/"
		case ';':
			first, sep, named = ";", ";", true
		case '?':
			first, sep, named = "?", "&", true
		case '&':
			first, sep, named = "&", "&", true
		}
		b.WriteString(first)
		for i, v := range p.Vars {
			if i > 0 {
				b.WriteString(sep)
			}
			if named {
				b.WriteString(v + "=")
			}
			b.WriteString("x")
		}
	}
	return b.String()
}

// LiteralMatcher returns a pattern that matches every expansion of the
// template and more (any text for each expression), so that a URI it does
// not match is certainly not an expansion; nil when it cannot compile.
func (t *Template) LiteralMatcher() *regexp.Regexp {
	var b strings.Builder
	b.WriteString(`^`)
	for _, p := range t.Parts {
		if p.Expr {
			b.WriteString(`(?s:.*)`)
		} else {
			b.WriteString(regexp.QuoteMeta(p.Literal))
		}
	}
	b.WriteString(`$`)
	re, err := regexp.Compile(b.String())
	if err != nil {
		return nil
	}
	return re
}
