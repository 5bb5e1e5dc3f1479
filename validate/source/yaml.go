package source

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	goccyparser "github.com/goccy/go-yaml/parser"
	"go.yaml.in/yaml/v3"
)

var yamlErrLine = regexp.MustCompile(`line (\d+)(?:, column (\d+))?`)

type yamlConverter struct {
	lines    []int // rune count of each line, for clamping positions
	ix       *Index
	lim      Limits
	count    int
	problems []Problem
	failed   bool
}

// parseYAML decodes restricted YAML into the same plain values as parseJSON.
// Scalars keep YAML 1.2 core meanings, except that timestamps stay strings
// (so `2026-07-28` is the protocol version, not a date).
func parseYAML(data []byte, lim Limits) (any, *Index, []Problem) {
	ix := NewIndex()
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil && err != io.EOF {
		return nil, ix, []Problem{yamlSyntaxProblem(data, err)}
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return nil, ix, []Problem{{Kind: ProblemEmpty, Pos: Pos{Line: 1, Column: 1}, Message: "file is empty: it holds no tool", Fatal: true}}
	}
	c := &yamlConverter{ix: ix, lim: lim, lines: lineLengths(data)}
	v := c.convert(doc.Content[0], "", 0, 0)
	if c.failed {
		return nil, ix, c.problems
	}
	var next yaml.Node
	switch err := dec.Decode(&next); {
	case err == io.EOF:
	case err != nil:
		c.problems = append(c.problems, yamlSyntaxProblem(data, err))
		c.problems[len(c.problems)-1].Fatal = false
	default:
		c.problems = append(c.problems, Problem{Kind: ProblemMultiDoc, Pos: c.pos(&next),
			Message: "file holds more than one YAML document and only the first is checked: put each document in a file of its own"})
	}
	return v, ix, c.problems
}

var yamlErrPos = regexp.MustCompile(`^\[(\d+):(\d+)\] (.*)`)

// yamlSyntaxProblem turns a YAML error into a problem at the error's exact
// position. go.yaml.in/yaml/v3 names only the line where the enclosing
// construct starts, so the position comes from goccy/go-yaml's parser,
// which points at the offending character.
func yamlSyntaxProblem(data []byte, err error) Problem {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	p := Pos{Line: 1, Column: 1}
	if m := yamlErrLine.FindStringSubmatch(msg); m != nil {
		p.Line, _ = strconv.Atoi(m[1])
		if m[2] != "" {
			p.Column, _ = strconv.Atoi(m[2])
		}
	}
	if _, perr := goccyparser.ParseBytes(data, 0); perr != nil {
		first, _, _ := strings.Cut(perr.Error(), "\n")
		if m := yamlErrPos.FindStringSubmatch(first); m != nil {
			p.Line, _ = strconv.Atoi(m[1])
			p.Column, _ = strconv.Atoi(m[2])
			msg = strings.ReplaceAll(strings.TrimSpace(m[3]), "\t", `\t`)
		}
	}
	// YAML parsers also count a lone \r as a line break; positions here count \n only.
	return yamlSyntaxHint(data, Problem{Kind: ProblemSyntax, Pos: clampPos(lineLengths(data), p), Message: "invalid YAML: " + msg, Fatal: true})
}

func (c *yamlConverter) fatal(kind ProblemKind, ptr string, n *yaml.Node, msg string) {
	c.problems = append(c.problems, Problem{Kind: kind, Pointer: ptr, Pos: c.pos(n), Message: msg, Fatal: true})
	c.failed = true
}

func (c *yamlConverter) convert(n *yaml.Node, ptr string, depth, aliasDepth int) any {
	if c.failed {
		return nil
	}
	c.count++
	if c.count > c.lim.MaxValues {
		c.fatal(ProblemTooMany, ptr, n, fmt.Sprintf("more than %d values (aliases expanded); the file is not checked (raise limits.max-file-values in the config to allow it)", c.lim.MaxValues))
		return nil
	}
	if depth > c.lim.MaxDepth || aliasDepth > 100 {
		c.fatal(ProblemTooDeep, ptr, n, fmt.Sprintf("nesting deeper than %d levels; the file is not checked (raise limits.max-file-depth in the config to allow it)", c.lim.MaxDepth))
		return nil
	}
	if _, seen := c.ix.Value(ptr); !seen {
		c.ix.SetValue(ptr, c.pos(n))
	}
	switch n.Kind {
	case yaml.AliasNode:
		return c.convert(n.Alias, ptr, depth, aliasDepth+1)
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil
		}
		return c.convert(n.Content[0], ptr, depth, aliasDepth)
	case yaml.SequenceNode:
		arr := make([]any, 0, len(n.Content))
		for i, item := range n.Content {
			arr = append(arr, c.convert(item, JoinIndex(ptr, i), depth+1, aliasDepth))
		}
		return arr
	case yaml.MappingNode:
		obj := make(map[string]any, len(n.Content)/2)
		c.mapping(n, ptr, depth, aliasDepth, obj, map[string]bool{}, false)
		return obj
	default:
		return c.scalar(n, ptr)
	}
}

// mapping converts the pairs of n into obj. Keys merged in with "<<" are
// recorded in merged, so that an explicit key overriding one is not a duplicate.
func (c *yamlConverter) mapping(n *yaml.Node, ptr string, depth, aliasDepth int, obj map[string]any, merged map[string]bool, merging bool) {
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind == yaml.ScalarNode && k.ShortTag() == "!!merge" {
			src := v
			if src.Kind == yaml.AliasNode {
				src = src.Alias
			}
			srcs := []*yaml.Node{src}
			if src.Kind == yaml.SequenceNode {
				srcs = src.Content
			}
			for _, s := range srcs {
				if s.Kind == yaml.AliasNode {
					s = s.Alias
				}
				if s.Kind == yaml.MappingNode {
					c.mapping(s, ptr, depth, aliasDepth+1, obj, merged, true)
				}
			}
			continue
		}
		if k.Kind != yaml.ScalarNode {
			c.fatal(ProblemNotJSON, ptr, k, "mapping key is not a scalar: JSON object keys are strings")
			return
		}
		key := k.Value
		child := Join(ptr, key)
		if prev, dup := obj[key]; dup {
			if merging {
				continue
			}
			c.ix.forget(child, prev)
			c.problems = dropUnder(c.problems, child)
			if merged[key] {
				delete(merged, key) // an explicit key overrides a merged one
			} else {
				c.problems = append(c.problems, Problem{Kind: ProblemDuplicateKey, Pointer: child, Pos: c.pos(k),
					Message: fmt.Sprintf("duplicate key %q: readers disagree on which value counts (this one is used); remove the other", key)})
			}
		} else if merging {
			merged[key] = true
		}
		if !merging {
			c.ix.SetKey(child, c.pos(k))
		}
		obj[key] = c.convert(v, child, depth+1, aliasDepth)
	}
}

func (c *yamlConverter) scalar(n *yaml.Node, ptr string) any {
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
		c.problems = append(c.problems, Problem{Kind: ProblemNotJSON, Pointer: ptr, Pos: c.pos(n),
			Message: fmt.Sprintf("integer %q has no JSON equivalent; it is read as a string: quote it or write it in decimal", n.Value)})
		return n.Value
	case "!!float":
		if isJSONNumber(n.Value) {
			return json.Number(n.Value)
		}
		if f, err := strconv.ParseFloat(n.Value, 64); err == nil && !isSpecialFloat(n.Value) {
			return json.Number(strconv.FormatFloat(f, 'g', -1, 64))
		}
		c.problems = append(c.problems, Problem{Kind: ProblemNotJSON, Pointer: ptr, Pos: c.pos(n),
			Message: fmt.Sprintf("number %q has no JSON equivalent; it is read as a string: quote it or use a finite decimal", n.Value)})
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
