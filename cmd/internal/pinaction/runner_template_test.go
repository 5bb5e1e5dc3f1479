package main

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// The runner reads action.yml as a template before any step runs: every
// string (key or value) that holds "${{" is parsed as an expression, and an
// expression stands only where the template schema gives its position a
// context. Anywhere else the job dies at "Set up job" with "Unrecognized
// named-value: 'matrix'" or "A template expression is not allowed in this
// context", then "Fail to load action.yml".
//
// Source: actions/runner src/Runner.Worker/action_yaml.json (last changed
// in fee24199, 2022-04-11; read at 258d6c85 of 2026-08-17), loaded by
// ActionManifestManager and ActionManifestManagerLegacy alike, and
// src/Sdk/DTObjectTemplating/ObjectTemplating/TemplateReader.cs: ParseScalar
// splits a string at "${{ … }}" (a "}}" inside a single-quoted string does
// not close it; an unclosed one is an error), ExpressionToken.IsValidExpression
// accepts only the position's named values and functions (besides the
// built-in ones), a string that is one literal expression ("${{ 'x' }}")
// becomes a plain string, and Validate refuses any other expression where
// the position allows no context. A child inherits its parent's contexts
// (DefinitionInfo), so keys and values below runs.env take "inputs" too.
// The facts are summed up in ../shared/spec/github-runner-action-metadata.md.

// runnerContexts is where action_yaml.json allows an expression, and with
// which named values and functions: "input-default-context" for
// inputs.<id>.default, "container-runs-context" for runs.args[*],
// "container-runs-env" for runs.env, "output-value" for outputs.<id>.value
// (read for composite actions only). A "name()" entry is a function.
func runnerContexts(path []string) []string {
	switch {
	case len(path) == 3 && path[0] == "inputs" && path[2] == "default":
		return []string{"github", "strategy", "matrix", "job", "runner", "hashFiles()"}
	case len(path) == 3 && path[0] == "runs" && path[1] == "args":
		return []string{"inputs"}
	case len(path) >= 2 && path[0] == "runs" && path[1] == "env":
		return []string{"inputs"}
	case len(path) == 3 && path[0] == "outputs" && path[2] == "value":
		return []string{"github", "strategy", "matrix", "steps", "inputs", "job", "runner", "env"}
	}
	return nil
}

// builtinFunctions are the expression functions every context has
// (DTExpressions2 ExpressionConstants.WellKnownFunctions).
var builtinFunctions = []string{"contains", "endsWith", "format", "fromJSON", "join", "startsWith", "toJSON"}

// templateProblem is one string of action.yml the runner refuses.
type templateProblem struct {
	// Line and Column are where the string starts, as the runner's
	// "(Line: L, Col: C)" says; ExprLine is the line its "${{" is on.
	Line, Column, ExprLine int
	Path, Text             string
	Why                    string
}

func (p templateProblem) String() string {
	return fmt.Sprintf("%d:%d: %s (the \"${{\" is on line %d): %q: %s", p.Line, p.Column, p.Path, p.ExprLine, p.Text, p.Why)
}

// runnerTemplateProblems walks every string of an action.yml, keys
// included, with the runner's rules.
func runnerTemplateProblems(data []byte) ([]templateProblem, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, err
	}
	lines := strings.Split(string(data), "\n")
	exprLine := func(n *yaml.Node) int {
		for l := n.Line; l <= len(lines); l++ {
			if strings.Contains(lines[l-1], "${{") {
				return l
			}
		}
		return n.Line
	}
	var out []templateProblem
	var walk func(n *yaml.Node, path []string)
	check := func(n *yaml.Node, path []string) {
		if n.Kind != yaml.ScalarNode || !strings.Contains(n.Value, "${{") {
			return
		}
		if why := expressionProblem(n.Value, runnerContexts(path)); why != "" {
			out = append(out, templateProblem{Line: n.Line, Column: n.Column, ExprLine: exprLine(n), Path: strings.Join(path, "."), Text: n.Value, Why: why})
		}
	}
	walk = func(n *yaml.Node, path []string) {
		switch n.Kind {
		case yaml.DocumentNode, yaml.SequenceNode:
			for i, c := range n.Content {
				p := path
				if n.Kind == yaml.SequenceNode {
					p = append(append([]string(nil), path...), fmt.Sprint(i))
				}
				walk(c, p)
			}
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				k, v := n.Content[i], n.Content[i+1]
				p := append(append([]string(nil), path...), k.Value)
				check(k, p)
				walk(v, p)
			}
		case yaml.ScalarNode:
			check(n, path)
		case yaml.AliasNode:
			walk(n.Alias, path)
		}
	}
	walk(&doc, nil)
	return out, nil
}

// expressionProblem says why the runner refuses the string s at a position
// allowing contexts ("" when it accepts it).
func expressionProblem(s string, contexts []string) string {
	var exprs []string
	rest := s
	for {
		i := strings.Index(rest, "${{")
		if i < 0 {
			break
		}
		body, end, ok := expressionBody(rest[i+3:])
		if !ok {
			return "the expression is not closed with \"}}\""
		}
		exprs = append(exprs, body)
		rest = rest[i+3+end:]
	}
	// One literal string expression and nothing else is a plain string.
	if len(exprs) == 1 && strings.TrimSpace(s) == s && strings.HasPrefix(s, "${{") && strings.HasSuffix(s, "}}") && isStringLiteral(strings.TrimSpace(exprs[0])) {
		return ""
	}
	for _, e := range exprs {
		if strings.TrimSpace(e) == "" {
			return "an empty expression"
		}
		named, funcs := expressionNames(e)
		for _, nv := range named {
			if !containsFold(contexts, nv) {
				return fmt.Sprintf("Unrecognized named-value: %q: no expression may name it here (allowed: %s)", nv, allowedText(contexts))
			}
		}
		for _, f := range funcs {
			if !containsFold(builtinFunctions, f) && !containsFold(contexts, f+"()") {
				return fmt.Sprintf("Unrecognized function: %q (allowed here: %s)", f, allowedText(contexts))
			}
		}
	}
	if len(contexts) == 0 {
		return "A template expression is not allowed in this context: the runner allows one only in inputs.<id>.default, runs.args, runs.env and outputs.<id>.value"
	}
	return ""
}

func allowedText(contexts []string) string {
	if len(contexts) == 0 {
		return "none: expressions are allowed only in inputs.<id>.default, runs.args, runs.env and outputs.<id>.value"
	}
	return strings.Join(contexts, ", ")
}

// expressionBody finds the "}}" that closes an expression the way
// ParseScalar does: a "}}" inside a single-quoted string does not close it.
// It returns the body and the offset just past the "}}".
func expressionBody(s string) (string, int, bool) {
	in := false
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\'':
			in = !in
		case !in && s[i] == '}' && i > 0 && s[i-1] == '}':
			return s[:i-1], i + 1, true
		}
	}
	return "", 0, false
}

func isStringLiteral(e string) bool {
	if len(e) < 2 || e[0] != '\'' || e[len(e)-1] != '\'' {
		return false
	}
	return !strings.Contains(strings.ReplaceAll(e[1:len(e)-1], "''", ""), "'")
}

// expressionNames lists the named values (the first identifier of each
// member chain) and the functions an expression uses.
func expressionNames(e string) (named, funcs []string) {
	prevDot := false
	for i := 0; i < len(e); {
		c := e[i]
		switch {
		case c == '\'':
			j := i + 1
			for j < len(e) {
				if e[j] == '\'' {
					if j+1 < len(e) && e[j+1] == '\'' {
						j += 2
						continue
					}
					break
				}
				j++
			}
			i = j + 1
			prevDot = false
		case isIdentStart(c):
			j := i + 1
			for j < len(e) && (isIdentStart(e[j]) || e[j] >= '0' && e[j] <= '9' || e[j] == '-') {
				j++
			}
			word := e[i:j]
			k := j
			for k < len(e) && e[k] == ' ' {
				k++
			}
			switch {
			case prevDot:
			case k < len(e) && e[k] == '(':
				funcs = append(funcs, word)
			case word == "true" || word == "false" || word == "null":
			default:
				named = append(named, word)
			}
			i = j
			prevDot = false
		case c >= '0' && c <= '9':
			for i < len(e) && (e[i] >= '0' && e[i] <= '9' || e[i] == '.' || e[i] == 'x' || e[i] >= 'a' && e[i] <= 'f' || e[i] >= 'A' && e[i] <= 'F') {
				i++
			}
			prevDot = false
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		default:
			prevDot = c == '.'
			i++
		}
	}
	return named, funcs
}

func isIdentStart(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// TestActionLoadsOnTheRunner (issue 27 item 1): the repository's action.yml
// and the pinned one the release path writes (Pin) hold no expression the
// runner refuses; a refused one names its line, column and position.
func TestActionLoadsOnTheRunner(t *testing.T) {
	orig, err := os.ReadFile("../../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	pinned, err := Pin(orig, "v1.2.3")
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"action.yml": orig, "action.yml pinned for v1.2.3": pinned} {
		ps, err := runnerTemplateProblems(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, p := range ps {
			t.Errorf("%s:%s: the runner fails to load the action", name, p)
		}
	}
}

// TestRunnerTemplateRules holds the walker to the runner's rules on small
// documents: where an expression may stand, and with which contexts.
func TestRunnerTemplateRules(t *testing.T) {
	for _, c := range []struct {
		name, doc string
		want      string // "" for accepted, else "line:col: path" of the refused string
		exprLine  int
	}{
		{"a default with github", "inputs:\n  t:\n    default: ${{ github.token }}\n", "", 0},
		{"a default with hashFiles", "inputs:\n  t:\n    default: ${{ hashFiles('**/go.sum') }}\n", "", 0},
		{"a default with a built-in function", "inputs:\n  t:\n    default: ${{ format('{0}', github.ref) }}\n", "", 0},
		{"a default with inputs", "inputs:\n  t:\n    default: ${{ inputs.other }}\n", "3:14: inputs.t.default", 0},
		{"a description naming matrix", "inputs:\n  t:\n    description: >-\n      e.g. \"x (${{ matrix.server }})\"\n", "3:18: inputs.t.description", 4},
		{"a description with a context-free expression", "inputs:\n  t:\n    description: a ${{ 'b' }}\n", "3:18: inputs.t.description", 0},
		{"a description that is one literal", "inputs:\n  t:\n    description: ${{ '${{ matrix.x }}' }}\n", "", 0},
		{"an unclosed expression", "description: use ${{ to open one\n", "1:14: description", 0},
		{"a quoted }} does not close", "runs:\n  args:\n    - ${{ inputs.a == '}}' }}\n", "", 0},
		{"args with inputs", "runs:\n  using: docker\n  args:\n    - ${{ inputs.files }}\n", "", 0},
		{"args with github", "runs:\n  args:\n    - ${{ github.sha }}\n", "3:7: runs.args.0", 0},
		{"env with inputs", "runs:\n  env:\n    FILES: ${{ inputs.files }}\n", "", 0},
		{"env key with inputs", "runs:\n  env:\n    ${{ inputs.name }}: x\n", "", 0},
		{"image with inputs", "runs:\n  image: ${{ inputs.image }}\n", "2:10: runs.image", 0},
		{"a key elsewhere", "inputs:\n  ${{ github.x }}:\n    default: a\n", "2:3: inputs.${{ github.x }}", 0},
		{"an output value with steps", "outputs:\n  o:\n    value: ${{ steps.s.outputs.o }}\n", "", 0},
		{"an output description", "outputs:\n  o:\n    description: ${{ steps.s.outputs.o }}\n", "3:18: outputs.o.description", 0},
		{"a member is not a context", "inputs:\n  t:\n    default: ${{ github.event.matrix }}\n", "", 0},
		{"named values ignore case", "inputs:\n  t:\n    default: ${{ GitHub.token }}\n", "", 0},
		{"an unknown function", "inputs:\n  t:\n    default: ${{ success() }}\n", "3:14: inputs.t.default", 0},
	} {
		ps, err := runnerTemplateProblems([]byte(c.doc))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got := ""
		if len(ps) > 0 {
			got = fmt.Sprintf("%d:%d: %s", ps[0].Line, ps[0].Column, ps[0].Path)
			if c.exprLine != 0 && ps[0].ExprLine != c.exprLine {
				t.Errorf("%s: the expression is on line %d, want %d", c.name, ps[0].ExprLine, c.exprLine)
			}
		}
		if got != c.want || len(ps) > 1 {
			t.Errorf("%s: refused %q (%v), want %q", c.name, got, ps, c.want)
		}
	}
}
