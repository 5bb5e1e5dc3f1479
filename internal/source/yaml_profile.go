package source

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/mcpschema/mcpschema/internal/limits"
)

// Kinds of YAML constructs outside the restricted profile of MCP
// Description 0.8.0 §15.3, reported wherever they appear.
const (
	ProblemYAMLAlias    ProblemKind = "yaml-alias"
	ProblemYAMLAnchor   ProblemKind = "yaml-anchor"
	ProblemYAMLMergeKey ProblemKind = "yaml-merge-key"
	ProblemYAMLTag      ProblemKind = "yaml-tag"
	// ProblemYAMLBoolWord: an unquoted yes, no, on, off, y or n in an enum,
	// const, default or example value, a string here and a boolean to a
	// YAML 1.1 reader (see yaml11Bool).
	ProblemYAMLBoolWord ProblemKind = "yaml-boolean-word"
)

// jsonTags are the explicit tags of the YAML 1.2 JSON schema (and the
// failsafe schema it extends): writing one changes nothing a JSON reader
// could not express. Every other explicit tag is application-specific.
var jsonTags = map[string]bool{
	"!!str": true, "!!int": true, "!!float": true, "!!bool": true, "!!null": true, "!!map": true, "!!seq": true,
}

// profile walks the decoded node tree once, in document order, before any
// value is built. It counts every node against lim.MaxValues and
// lim.MaxDepth (an alias counts once and is never followed, so the work is
// bounded by the size of the text), and reports every anchor, alias, merge
// key and explicit non-JSON tag at the position where it is written. An
// alias is fatal: its value is not read, so the file cannot be checked.
//
// The pointer of a node is built only when a problem names it (c.path holds
// the way down), so deep paths of long keys cost nothing per node.
func (c *yamlConverter) profile(n *yaml.Node, depth int, isKey bool) {
	if c.failed || c.outOfTime(Pos{Line: n.Line, Column: n.Column}) {
		return
	}
	if !isKey {
		c.count++
		if c.count > c.lim.MaxValues {
			c.fatalBound(ProblemTooMany, limits.MaxFileValues, c.pointer(), n, fmt.Sprintf("more than %d values; the file is not checked (%s to allow it)", c.lim.MaxValues, limits.MaxFileValues.Raise()))
			return
		}
	}
	if depth > c.lim.MaxDepth {
		c.fatalBound(ProblemTooDeep, limits.MaxFileDepth, c.pointer(), n, fmt.Sprintf("nesting deeper than %d levels; the file is not checked (%s to allow it)", c.lim.MaxDepth, limits.MaxFileDepth.Raise()))
		return
	}
	if n.Kind == yaml.AliasNode {
		c.add(Problem{Kind: ProblemYAMLAlias, Pointer: c.pointerUnlessFolded(ProblemYAMLAlias), Pos: c.pos(n), Fatal: true,
			Message: fmt.Sprintf("alias %q is not expanded: YAML aliases are not allowed in tool files (MCP Description 0.8.0 §15.3.5) and the file is not checked further; write the value out in place of the alias", CutText("*"+n.Value, maxQuotedText))})
		return
	}
	c.properties(n, isKey)
	switch n.Kind {
	case yaml.ScalarNode:
		if c.inValue == "" || isKey || n.Style != 0 || n.Tag != "!!str" {
			break
		}
		if b, readers := yaml11Bool(n.Value); b != "" {
			c.add(Problem{Kind: ProblemYAMLBoolWord, Pointer: c.pointerUnlessFolded(ProblemYAMLBoolWord), Pos: c.pos(n),
				Message: fmt.Sprintf("unquoted %q in %q is the string %q here (YAML 1.2), but YAML 1.1 readers (%s) read it as the boolean %s: quote it (\"%s\") to keep the string, or write %s", n.Value, c.inValue, n.Value, readers, b, n.Value, b)})
		}
	case yaml.SequenceNode:
		for i, item := range n.Content {
			c.path = append(c.path, pathStep{index: i})
			c.profile(item, depth+1, false)
			c.path = c.path[:len(c.path)-1]
		}
	case yaml.MappingNode:
		names := len(c.path) > 0 && c.path[len(c.path)-1].isKey && namedMembers[c.path[len(c.path)-1].key]
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			c.path = append(c.path, pathStep{key: k.Value, isKey: true})
			if k.Kind == yaml.ScalarNode && k.ShortTag() == "!!merge" {
				c.add(Problem{Kind: ProblemYAMLMergeKey, Pointer: c.pointerUnlessFolded(ProblemYAMLMergeKey), Pos: c.pos(k),
					Message: "merge key \"<<\" is read as an ordinary key, as in JSON, and nothing is merged (MCP Description 0.8.0 §15.3.6), but YAML 1.1 readers such as PyYAML and js-yaml merge its value into the mapping: quote it ('<<') to keep it a key, or write the merged members out"})
			}
			c.profile(k, depth+1, true)
			enter := c.inValue == "" && !names && k.Kind == yaml.ScalarNode && valueKeywords[k.Value]
			if enter {
				c.inValue = k.Value
			}
			c.profile(v, depth+1, false)
			if enter {
				c.inValue = ""
			}
			c.path = c.path[:len(c.path)-1]
		}
	}
}

// yaml11Bool is the boolean a YAML 1.1 reader makes of a plain scalar that
// YAML 1.2 reads as a string ("" for none), and which readers do: the YAML
// 1.1 bool type (https://yaml.org/type/bool.html) lists y, yes, on, n, no
// and off in lower case, capitalised and upper case; PyYAML, SnakeYAML and
// go-yaml v2 read yes, no, on and off so, go-yaml v2 y and n too, and
// Ruby's Psych (scalar_scanner.rb: /^(yes|true|on)$/i) any case of yes, no,
// on and off ("yEs").
func yaml11Bool(s string) (value, readers string) {
	if len(s) > 3 {
		return "", ""
	}
	lower := strings.ToLower(s)
	b, ok := yaml11Words[lower]
	switch {
	case !ok:
		return "", ""
	case len(s) == 1:
		return b, "go-yaml v2"
	case s == lower || s == strings.ToUpper(s) || s == strings.ToUpper(s[:1])+s[1:]:
		return b, "PyYAML, Ruby, go-yaml v2"
	}
	return b, "Ruby"
}

// yaml11Words are the YAML 1.1 boolean words YAML 1.2 reads as strings.
var yaml11Words = map[string]string{"y": "true", "yes": "true", "on": "true", "n": "false", "no": "false", "off": "false"}

// valueKeywords are the members whose value is data, not schema: JSON
// Schema's enum, const, default and examples, and example (OpenAPI, and
// the examples of MCP Description). Everything below one is data.
var valueKeywords = map[string]bool{"enum": true, "const": true, "default": true, "examples": true, "example": true}

// namedMembers are the members whose keys are names chosen by the author
// (a property called "default" is no default): JSON Schema's properties,
// patternProperties, $defs, definitions, dependentSchemas and dependencies,
// and the schemas of MCP Description components.
var namedMembers = map[string]bool{"properties": true, "patternProperties": true, "$defs": true, "definitions": true,
	"dependentSchemas": true, "dependencies": true, "schemas": true}

// pathStep is one step of the way from the root to the node profile visits.
type pathStep struct {
	key   string
	index int
	isKey bool
}

// pointerUnlessFolded is pointer, or "" when the next problem of kind will
// be kept without text.
func (c *yamlConverter) pointerUnlessFolded(kind ProblemKind) string {
	if c.folds(kind) {
		return ""
	}
	return c.pointer()
}

// pointer returns the JSON Pointer of the node profile visits.
// It is built bounded (see boundedPointer): problems keep cut pointers.
func (c *yamlConverter) pointer() string {
	return boundedPointer(len(c.path), func(i int) string {
		if s := c.path[i]; s.isKey {
			return EscapeToken(s.key)
		}
		return strconv.Itoa(c.path[i].index)
	})
}

// properties reports the anchor and the tag written on n, each at its own
// position (a node's position is that of its first property).
func (c *yamlConverter) properties(n *yaml.Node, isKey bool) {
	tagged := n.Style&yaml.TaggedStyle != 0 && !jsonTags[n.ShortTag()] && !(isKey && n.ShortTag() == "!!merge")
	if n.Anchor == "" && !tagged {
		return
	}
	anchorPos, tagPos := c.pos(n), c.pos(n)
	tagText := n.Tag
	off := c.offset(c.pos(n))
	for i := 0; i < 2 && off < len(c.data); i++ {
		for off < len(c.data) && (c.data[off] == ' ' || c.data[off] == '\t' || c.data[off] == '\n' || c.data[off] == '\r') {
			off++
		}
		if off >= len(c.data) || (c.data[off] != '&' && c.data[off] != '!') {
			break
		}
		start, end := off, propertyEnd(c.data, off)
		if c.data[start] == '&' {
			anchorPos = c.posAt(start)
		} else {
			tagPos, tagText = c.posAt(start), string(c.data[start:end])
		}
		off = end
	}
	if n.Anchor != "" {
		c.add(Problem{Kind: ProblemYAMLAnchor, Pointer: c.pointerUnlessFolded(ProblemYAMLAnchor), Pos: anchorPos,
			Message: fmt.Sprintf("anchor %q has no meaning in a tool file: aliases are not allowed (MCP Description 0.8.0 §15.3.5), so nothing may refer to it; remove the anchor", CutText("&"+n.Anchor, maxQuotedText))})
	}
	if tagged {
		c.add(Problem{Kind: ProblemYAMLTag, Pointer: c.pointerUnlessFolded(ProblemYAMLTag), Pos: tagPos,
			Message: fmt.Sprintf("tag %q is not allowed: tool files use only JSON values (MCP Description 0.8.0 §15.3.4), and a reader may construct an object from it; the value is read without the tag: remove the tag", CutText(tagText, maxQuotedText))})
	}
}

// propertyEnd returns the offset just after the anchor or tag starting at off.
func propertyEnd(data []byte, off int) int {
	end := off + 1
	if data[off] == '!' && end < len(data) && data[end] == '<' {
		for end < len(data) && data[end] != '>' && data[end] != '\n' {
			end++
		}
		if end < len(data) && data[end] == '>' {
			end++
		}
		return end
	}
	for end < len(data) {
		switch data[end] {
		case ' ', '\t', '\n', '\r', ',', '[', ']', '{', '}':
			return end
		}
		end++
	}
	return end
}

// offset returns the byte offset of p in the text. Nodes are visited in
// document order, so the search continues from the last position found:
// positions on one long line cost that line once, not once per node.
func (c *yamlConverter) offset(p Pos) int {
	if c.starts == nil {
		c.starts = []int{0}
		for i, b := range c.data {
			if b == '\n' {
				c.starts = append(c.starts, i+1)
			}
		}
	}
	if p.Line < 1 || p.Line > len(c.starts) {
		return len(c.data)
	}
	if c.cur.Line != p.Line || c.cur.Column > p.Column {
		c.cur, c.curOff = Pos{Line: p.Line, Column: 1}, c.starts[p.Line-1]
	}
	for c.cur.Column < p.Column && c.curOff < len(c.data) && c.data[c.curOff] != '\n' {
		_, size := utf8.DecodeRune(c.data[c.curOff:])
		c.curOff += size
		c.cur.Column++
	}
	return c.curOff
}

// posAt returns the position of off, which lies on the line of the last
// offset call or after it.
func (c *yamlConverter) posAt(off int) Pos {
	for c.curOff < off {
		if c.data[c.curOff] == '\n' {
			c.cur = Pos{Line: c.cur.Line + 1, Column: 1}
			c.curOff++
			continue
		}
		_, size := utf8.DecodeRune(c.data[c.curOff:])
		c.curOff += size
		c.cur.Column++
	}
	return clampPos(c.lines, c.cur)
}
