package validate

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"unicode"

	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// messageKey is a description that is a message key never replaced by its
// text ("TOOL_GET_ISSUE_DESCRIPTION").
var messageKey = regexp.MustCompile(`^[A-Z][A-Z0-9]*(?:[_.][A-Z0-9]+)+$`)

// checkQualityDescription reports a tool without a description, or with
// one too short to choose the tool by.
func checkQualityDescription(c *ToolContext) {
	if c.Tool.Value == nil || !c.Opts.Quality {
		return
	}
	label := toolLabel(c)
	raw, has := c.Tool.Value["description"]
	d, isString := raw.(string)
	switch {
	case has && !isString && raw != nil:
		return // mcp.tool.description.string reports it
	case strings.TrimSpace(d) == "":
		c.Report(RuleQualityDescription, c.Ptr("description"), nil,
			"%s has no description, so the model chooses it by its name alone: add \"description\": one or two sentences on what it does, what it returns and when to use it", label)
		return
	}
	f := reportFindingAt(RuleQualityDescription, c.Ptr("description"), nil, false, "")
	f.Severity = RuleQualityDescription.Also[0]
	if len(d) > 1024 {
		return // long enough to say something; not split into words (a 10 MB description)
	}
	words := wordsOf(d)
	switch {
	case messageKey.MatchString(strings.TrimSpace(d)):
		f.Message = fmt.Sprintf("%s: description %s is a message key that was never replaced by its text, so the model reads no description: write the text itself (what the tool does, what it returns and when to use it), or fix the lookup that should replace it", label, quote(d))
	case c.Tool.HasName && strings.Join(words, " ") == strings.Join(wordsOf(c.Tool.Name), " "):
		f.Message = fmt.Sprintf("%s: description %s only repeats the name: say what the tool does, what it returns and when to use it", label, quote(d))
	case len(words) < 3:
		f.Message = fmt.Sprintf("%s: description %s is %d word(s), too short to say what the tool does: say what it does, what it returns and when to use it", label, quote(d), len(words))
	default:
		return
	}
	c.ReportFinding(f)
}

// wordsOf splits s into lower-case words of letters and digits
// ("getIssue" is "get issue", "get_issue" too).
func wordsOf(s string) []string {
	var out []string
	var cur []rune
	prev := rune(0)
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	for _, r := range s {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if unicode.IsUpper(r) && unicode.IsLower(prev) {
				flush()
			}
			cur = append(cur, r)
		default:
			flush()
		}
		prev = r
	}
	flush()
	return out
}

// toolLabel names the tool in messages.
func toolLabel(c *ToolContext) string {
	if c.Tool.HasName {
		return "tool " + quote(c.Tool.Name)
	}
	return "tool " + quote(c.Tool.Label())
}

// checkQualityParameters reports top-level parameters without a
// description, and required properties that are not declared.
//
// Without quality: on only the error is looked for: a required property
// that additionalProperties: false rejects at the root, or under required
// properties all the way up, means no call can succeed, which is a bug of
// the tool whether or not its author asked for lints.
func checkQualityParameters(c *ToolContext) {
	v, ptr, present := c.Schema("inputSchema")
	root, ok := v.(map[string]any)
	if !present || !ok {
		return
	}
	label := toolLabel(c)
	all := c.Opts.Quality
	if props, ok := root["properties"].(map[string]any); ok && all {
		for _, name := range sortedNames(props) {
			p, isObj := props[name].(map[string]any)
			if isObj && (hasText(p["description"]) || hasText(p["title"]) || p["$ref"] != nil) {
				continue
			}
			c.Report(RuleQualityParameterDescription, source.Join(ptr, "properties", name), nil,
				"%s: parameter %q has no description, so the model guesses what to pass: add \"description\" saying what it is, its format or unit, and an example value", label, name)
		}
	}
	l := c.Opts.Limits.Schema.WithDefaults()
	left := l.MaxSubschemas
	requiredUndeclared(c, label, root, ptr, "", true, all, 0, l.MaxDepth, &left)
}

// composes lists the keywords through which an object's properties may
// be declared elsewhere.
var composes = []string{"allOf", "anyOf", "oneOf", "$ref", "$dynamicRef", "if", "then", "else", "dependentSchemas", "dependencies"}

// requiredUndeclared reports the required names obj does not declare,
// then looks into its properties. sure: every object from the root down
// to obj is required (the root always is), so a closed obj that cannot be
// valid means no call can. all: the warnings too, not only that error.
func requiredUndeclared(c *ToolContext, label string, obj map[string]any, ptr, path string, sure, all bool, depth, maxDepth int, left *int) {
	if *left <= 0 || depth > maxDepth || !sure && !all {
		return
	}
	*left--
	props, _ := obj["properties"].(map[string]any)
	req, _ := obj["required"].([]any)
	closed := obj["additionalProperties"] == false && obj["patternProperties"] == nil
	open := true
	for _, k := range composes {
		if obj[k] != nil {
			open = false
		}
	}
	isObject := depth == 0 || obj["type"] == "object"
	where := "inputSchema"
	if path != "" {
		where = fmt.Sprintf("parameter %q", path)
	}
	required := map[string]bool{}
	for i, r := range req {
		name, ok := r.(string)
		if !ok {
			continue
		}
		required[name] = true
		if _, declared := props[name]; declared || (!closed && (!open || obj["patternProperties"] != nil)) {
			continue // declared, or an open object that may declare it elsewhere
		}
		at := source.JoinIndex(source.Join(ptr, "required"), i)
		switch {
		case closed && isObject && sure:
			f := reportFindingAt(RuleQualityRequiredUndeclared, at, nil, false,
				"%s: %s requires %q, which its properties do not declare, and \"additionalProperties\": false rejects every property they do not declare, so no call can succeed: declare %q under \"properties\" with its type and description, or remove it from \"required\"", label, where, name, name)
			f.Severity = rules.Error
			c.ReportFinding(f)
		case !all:
			// only the error is looked for
		case closed && isObject:
			c.Report(RuleQualityRequiredUndeclared, at, nil,
				"%s: %s requires %q, which its properties do not declare, and \"additionalProperties\": false rejects every property they do not declare, so no value of %s is valid: declare %q under \"properties\" with its type and description, or remove it from \"required\"", label, where, name, where, name)
		default:
			c.Report(RuleQualityRequiredUndeclared, at, nil,
				"%s: %s requires %q, which its properties do not declare, so the model is told the name but not what to pass: declare %q under \"properties\" with its type and description, or remove it from \"required\"", label, where, name, name)
		}
	}
	for _, name := range sortedNames(props) {
		sub, ok := props[name].(map[string]any)
		if !ok {
			continue
		}
		sp := name
		if path != "" {
			sp = path + "." + name
		}
		requiredUndeclared(c, label, sub, source.Join(ptr, "properties", name), sp, sure && required[name], all, depth+1, maxDepth, left)
	}
}

// hasText reports whether v is a string with some text.
func hasText(v any) bool {
	s, ok := v.(string)
	return ok && strings.TrimSpace(s) != ""
}

func sortedNames(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// destructiveVerbs are the name words and description openings that say
// a tool changes the world.
var destructiveVerbs = map[string]string{"delete": "deletes", "remove": "removes", "drop": "drops", "send": "sends",
	"deletes": "deletes", "removes": "removes", "drops": "drops", "sends": "sends"}

// checkQualityReadOnly reports readOnlyHint: true on a tool whose name or
// description says it deletes, removes, drops or sends.
func checkQualityReadOnly(c *ToolContext) {
	if c.Tool.Value == nil || !c.Opts.Quality {
		return
	}
	a, _ := c.Tool.Value["annotations"].(map[string]any)
	if a == nil || a["readOnlyHint"] != true {
		return
	}
	says, by := "", ""
	if c.Tool.HasName {
		if w := wordsOf(c.Tool.Name); len(w) > 0 {
			if v, ok := destructiveVerbs[w[0]]; ok {
				says, by = v, "its name"
			} else if v, ok := destructiveVerbs[w[len(w)-1]]; ok && len(w) > 1 {
				says, by = v, "its name"
			}
		}
	}
	if d, ok := c.Tool.Value["description"].(string); ok && says == "" {
		w := wordsOf(d)
		if len(w) > 2 && w[0] == "this" && w[1] == "tool" {
			w = w[2:]
		}
		if len(w) > 0 {
			if v, ok := destructiveVerbs[w[0]]; ok {
				says, by = v, "its description"
			}
		}
	}
	if says == "" {
		return
	}
	fix := "set \"readOnlyHint\": false and \"destructiveHint\": true"
	if says == "sends" {
		fix = "set \"readOnlyHint\": false (a tool that sends is not read-only; \"openWorldHint\": true says it reaches outside)"
	}
	c.Report(RuleQualityReadOnlyDestructive, c.Ptr("annotations", "readOnlyHint"), nil,
		"%s has \"readOnlyHint\": true, but %s says it %s: clients skip the confirmation of read-only tools, so it would run unasked; %s, or rename the tool if it only reads", toolLabel(c), by, strings.TrimSuffix(says, "s")+"s", fix)
}
