package source

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	goccy "github.com/goccy/go-yaml"
	goccyparser "github.com/goccy/go-yaml/parser"
	"go.yaml.in/yaml/v3"

	"github.com/mcpschema/mcpschema/internal/limits"
)

var yamlErrLine = regexp.MustCompile(`line (\d+)(?:, column (\d+))?`)

type yamlConverter struct {
	data     []byte
	lines    []int // rune count of each line, for clamping positions
	lim      Limits
	count    int
	problems []Problem
	problemBound
	failed bool
	// replaced are the ranges of problems found inside values that a
	// duplicate key replaced: they point at nothing that is read.
	replaced [][2]int
	// path is the way down to the node profile visits; inValue is the
	// member whose value (data, not schema) holds the node: "enum",
	// "default", … ("" outside one; see valueKeywords).
	path    []pathStep
	inValue string
	// starts, cur and curOff find the byte offset of a position (see offset).
	starts []int
	cur    Pos
	curOff int
	// budget is the reader that holds the file's deadline; visits counts
	// the nodes seen, to look at the clock now and then (see outOfTime).
	budget *budgetReader
	visits int
	// floor is the first index of c.problems a new problem may be counted
	// in (see add): a problem is never counted in one of another range
	// that a duplicate key may drop.
	floor int
}

// add records a problem within bounds (see appendBounded).
func (c *yamlConverter) add(p Problem) {
	c.problems = c.appendBounded(c.problems, c.floor, p)
}

// parseYAML decodes restricted YAML into the same plain values as parseJSON.
// Scalars keep YAML 1.2 core meanings, except that timestamps stay strings
// (so `2026-07-28` is the protocol version, not a date). Constructs outside
// the restricted profile (anchors, aliases, merge keys, custom tags) are
// reported before any value is built, and aliases are never expanded: a
// file with an alias is not read further (see profile).
//
// A file whose text may hold more nodes than its size allows in memory is
// refused before any is built (see yamlTooManyNodes), and reading stops at
// deadline (zero: never) with a fatal problem where it got to.
func parseYAML(data []byte, lim Limits, deadline time.Time) (any, *Index, []Problem) {
	ix := NewIndex()
	if p, ok := yamlTooManyNodes(data, lim); ok {
		return nil, ix, []Problem{p}
	}
	r := &budgetReader{data: data, deadline: deadline}
	dec := yaml.NewDecoder(r)
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil && err != io.EOF {
		if r.expired {
			return nil, ix, []Problem{timeBudgetProblem(newLineTable(data).pos(r.off), true)}
		}
		return nil, ix, []Problem{yamlSyntaxProblem(data, err)}
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return nil, ix, []Problem{{Kind: ProblemEmpty, Pos: Pos{Line: 1, Column: 1}, Message: "file is empty: it holds no tool", Fatal: true}}
	}
	c := &yamlConverter{data: data, lim: lim, lines: lineLengths(data), budget: r}
	c.profile(doc.Content[0], 0, false)
	for _, p := range c.problems {
		c.failed = c.failed || p.Fatal
	}
	if c.failed {
		return nil, ix, c.problems
	}
	profiled := c.problems
	c.problems, c.floor = nil, 0
	v := c.convert(doc.Content[0], 0)
	if c.failed {
		return nil, ix, c.problems
	}
	c.problems = append(profiled, dropRanges(c.problems, c.replaced)...)
	ix.yaml = &yamlLookup{root: doc.Content[0], lines: c.lines}
	var next yaml.Node
	switch err := dec.Decode(&next); {
	case err == io.EOF:
	case r.expired:
		c.problems = append(c.problems, timeBudgetProblem(newLineTable(data).pos(r.off), false))
	case err != nil:
		c.problems = append(c.problems, yamlSyntaxProblem(data, err))
		c.problems[len(c.problems)-1].Fatal = false
	default:
		c.add(Problem{Kind: ProblemMultiDoc, Pos: c.pos(&next),
			Message: "file holds more than one YAML document and only the first is checked: put each document in a file of its own"})
	}
	return v, ix, c.problems
}

// maxExactTokens bounds the tokens of a file whose syntax error is placed
// exactly: goccy/go-yaml's parser keeps about 650 bytes per token, so a
// file of more (about 32 MB) keeps the position go.yaml.in/yaml/v3 gives.
const maxExactTokens = 50_000

// yamlTokenEstimate counts the bytes of data that begin or separate YAML
// tokens (indicators and line breaks): about the number of tokens.
func yamlTokenEstimate(data []byte) int {
	n := 0
	for _, b := range data {
		switch b {
		case ',', '[', ']', '{', '}', ':', '-', '?', '\n':
			n++
		}
	}
	return n
}

// yamlSyntaxProblem turns a YAML error into a problem at the error's exact
// position. go.yaml.in/yaml/v3 names only the line where the enclosing
// construct starts, so the position comes from goccy/go-yaml's parser,
// which points at the offending character, unless the file holds more
// than maxExactTokens tokens: then the line is v3's.
func yamlSyntaxProblem(data []byte, err error) Problem {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	p := Pos{Line: 1, Column: 1}
	if m := yamlErrLine.FindStringSubmatch(msg); m != nil {
		p.Line, _ = strconv.Atoi(m[1])
		if m[2] != "" {
			p.Column, _ = strconv.Atoi(m[2])
		}
	}
	// The message is built from goccy's error fields, never from its
	// Error text: that reprints the offending line token by token, which
	// costs time and memory quadratic in the line's length.
	var perr goccy.Error
	if yamlTokenEstimate(data) > maxExactTokens {
		// The position stays v3's, and the message says it once.
		if m := yamlErrLine.FindStringIndex(msg); m != nil && m[0] == 0 {
			msg = strings.TrimPrefix(msg[m[1]:], ": ")
		}
	} else if _, err := goccyparser.ParseBytes(data, 0); errors.As(err, &perr) {
		if tok := perr.GetToken(); tok != nil && tok.Position != nil && tok.Position.Line > 0 {
			p.Line, p.Column = tok.Position.Line, tok.Position.Column
			msg = strings.ReplaceAll(strings.TrimSpace(perr.GetMessage()), "\t", `\t`)
		}
	}
	msg = CutText(msg, maxMessageText)
	// YAML parsers also count a lone \r as a line break; positions here count \n only.
	return yamlSyntaxHint(data, Problem{Kind: ProblemSyntax, Pos: clampPos(lineLengths(data), p), Message: "invalid YAML: " + msg, Fatal: true})
}

// fatal records a fatal problem at the node being converted (or profiled).
func (c *yamlConverter) fatal(kind ProblemKind, ptr string, n *yaml.Node, msg string) {
	c.add(Problem{Kind: kind, Pointer: ptr, Pos: c.pos(n), Message: msg, Fatal: true})
	c.failed = true
}

// fatalBound is fatal for a problem the bound key produced.
func (c *yamlConverter) fatalBound(kind ProblemKind, key limits.Key, ptr string, n *yaml.Node, msg string) {
	c.fatal(kind, ptr, n, msg)
	c.problems[len(c.problems)-1].Limit = key
}

// convert builds the value of n. Like profile it keeps the way down in
// c.path and builds a pointer only for a problem; positions are looked up
// in the node tree on demand (see yamlLookup).
func (c *yamlConverter) convert(n *yaml.Node, depth int) any {
	if c.failed || c.outOfTime(Pos{Line: n.Line, Column: n.Column}) {
		return nil
	}
	if depth > c.lim.MaxDepth {
		c.fatalBound(ProblemTooDeep, limits.MaxFileDepth, c.pointer(), n, fmt.Sprintf("nesting deeper than %d levels; the file is not checked (%s to allow it)", c.lim.MaxDepth, limits.MaxFileDepth.Raise()))
		return nil
	}
	switch n.Kind {
	case yaml.AliasNode:
		// Never expanded; profile has already made the file fatal.
		c.fatal(ProblemYAMLAlias, c.pointer(), n, fmt.Sprintf("alias %q is not expanded", "*"+n.Value))
		return nil
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil
		}
		return c.convert(n.Content[0], depth)
	case yaml.SequenceNode:
		arr := make([]any, 0, len(n.Content))
		for i, item := range n.Content {
			c.path = append(c.path, pathStep{index: i})
			arr = append(arr, c.convert(item, depth+1))
			c.path = c.path[:len(c.path)-1]
		}
		return arr
	case yaml.MappingNode:
		obj := make(map[string]any, len(n.Content)/2)
		c.mapping(n, depth, obj)
		return obj
	default:
		return c.scalar(n)
	}
}

// mapping converts the pairs of n into obj. A merge key ("<<") is an
// ordinary key: YAML merge semantics are never applied (MCP Description
// 0.8.0 §15.3.6; profile reports the key).
//
// The problems inside a value a duplicate key replaces are dropped at the
// end (see dropRanges): they were appended one after the other while the
// value was converted, so each replaced value is one range of them, and no
// duplicate costs more than its own value.
func (c *yamlConverter) mapping(n *yaml.Node, depth int, obj map[string]any) {
	var spans map[string][2]int
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			c.fatal(ProblemNotJSON, c.pointer(), k, "mapping key is not a scalar: JSON object keys are strings")
			return
		}
		key := k.Value
		c.path = append(c.path, pathStep{key: key, isKey: true})
		if tag := k.ShortTag(); tag != "!!str" && tag != "!!merge" {
			c.add(Problem{Kind: ProblemNotJSON, Pointer: c.pointerUnlessFolded(ProblemNotJSON), Pos: c.pos(k),
				Message: fmt.Sprintf("mapping key %s resolves to %s, not a string, and is read as the string %q: JSON object keys are strings (MCP Description 0.8.0 §15.3.3); quote it", CutText(k.Value, maxQuotedText), yamlKeyKind(tag), CutText(key, maxQuotedText))})
		}
		if _, dup := obj[key]; dup {
			if span, ok := spans[key]; ok {
				c.replaced = append(c.replaced, span)
			}
			c.add(Problem{Kind: ProblemDuplicateKey, Pointer: c.pointerUnlessFolded(ProblemDuplicateKey), Pos: c.pos(k),
				Message: fmt.Sprintf("duplicate key %q: readers disagree on which value counts (this one is used); remove the other", CutText(key, maxQuotedText))})
		}
		start := len(c.problems)
		collection := v.Kind == yaml.MappingNode || v.Kind == yaml.SequenceNode
		if collection { // its problems are one range (see dropRanges)
			c.floor = start
		}
		obj[key] = c.convert(v, depth+1)
		if collection {
			c.floor = len(c.problems)
		}
		c.path = c.path[:len(c.path)-1]
		if collection && len(c.problems) > start {
			if spans == nil {
				spans = map[string][2]int{}
			}
			spans[key] = [2]int{start, len(c.problems)}
		} else if spans != nil {
			delete(spans, key)
		}
	}
}

// yamlKeyKind names the type a non-string mapping key resolves to.
func yamlKeyKind(tag string) string {
	switch tag {
	case "!!int", "!!float":
		return "a number"
	case "!!bool":
		return "a boolean"
	case "!!null":
		return "null"
	}
	return "a value of tag " + tag
}

func (c *yamlConverter) scalar(n *yaml.Node) any {
	switch n.ShortTag() {
	case "!!null":
		return nil
	case "!!bool":
		b, err := strconv.ParseBool(strings.ToLower(n.Value))
		if err != nil {
			return n.Value
		}
		return b
	case "!!int":
		s := strings.ReplaceAll(n.Value, "_", "")
		if isJSONNumber(s) {
			return json.Number(s)
		}
		if bi, ok := new(big.Int).SetString(strings.Replace(s, "0o", "0", 1), 0); ok {
			return json.Number(bi.String())
		}
		c.add(Problem{Kind: ProblemNotJSON, Pointer: c.pointerUnlessFolded(ProblemNotJSON), Pos: c.pos(n),
			Message: fmt.Sprintf("integer %q has no JSON equivalent; it is read as a string: quote it or write it in decimal", CutText(n.Value, maxQuotedText))})
		return n.Value
	case "!!float":
		if isJSONNumber(n.Value) {
			return json.Number(n.Value)
		}
		if f, err := strconv.ParseFloat(n.Value, 64); err == nil && !isSpecialFloat(n.Value) {
			return json.Number(strconv.FormatFloat(f, 'g', -1, 64))
		}
		c.add(Problem{Kind: ProblemNotJSON, Pointer: c.pointerUnlessFolded(ProblemNotJSON), Pos: c.pos(n),
			Message: fmt.Sprintf("number %q has no JSON equivalent; it is read as a string: quote it or use a finite decimal", CutText(n.Value, maxQuotedText))})
		return n.Value
	default: // !!str, !!timestamp, !!binary and custom tags keep their text
		return n.Value
	}
}

func isSpecialFloat(s string) bool {
	s = strings.ToLower(strings.TrimLeft(s, "+-"))
	return s == ".inf" || s == ".nan" || s == "inf" || s == "nan" || s == "infinity"
}

var jsonNumberRe = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`)

func isJSONNumber(s string) bool { return jsonNumberRe.MatchString(s) }

// pos returns a node's position, clamped to the text: the YAML parser can
// place an implicit null after the last character of the file.
func (c *yamlConverter) pos(n *yaml.Node) Pos {
	return clampPos(c.lines, Pos{Line: n.Line, Column: n.Column})
}

// clampPos keeps p within text whose lines have the given lengths.
func clampPos(lines []int, p Pos) Pos {
	if p.Line < 1 {
		p.Line = 1
	}
	if p.Line > len(lines) {
		p.Line = len(lines)
		p.Column = lines[p.Line-1] + 1
	}
	if max := lines[p.Line-1] + 1; p.Column > max {
		p.Column = max
	}
	if p.Column < 1 {
		p.Column = 1
	}
	return p
}

// lineLengths returns the length in characters of each line of data.
func lineLengths(data []byte) []int {
	lines := strings.Split(string(data), "\n")
	out := make([]int, len(lines))
	for i, l := range lines {
		out[i] = utf8.RuneCountInString(l)
	}
	return out
}
