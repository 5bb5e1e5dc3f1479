package validate

import (
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// Rules about prompts, their arguments and their examples.
var (
	RulePromptShape = rules.New(rules.Rule{
		ID: "mcpdesc.prompt.shape", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Title:   "malformed prompt",
		Summary: "every prompt has a string name and well-formed, uniquely named arguments",
		Doc: "MCP Description 0.8.0 sections 11.1 and 11.2: a Prompt Object requires name (a string); title and description are strings, deprecated a boolean, tags strings naming root tags when a root catalogue exists; title and _meta exist from MCP 2025-06-18 and icons from 2025-11-25. " +
			"arguments is a non-empty array of Prompt Argument Objects, each with a string name (unique within the prompt), optional string title and description and a boolean required, plus x-* extensions.",
		Fix: "give the prompt and each argument a string name, use each argument name once, and give members their types",
	})
	RulePromptUnique = rules.New(rules.Rule{
		ID: "mcpdesc.prompt.unique", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Title:   "prompt declared twice",
		Summary: "prompts with the same name have disjoint protocol scopes",
		Doc:     "MCP Description 0.8.0 sections 11.1 and 11.5: Prompt declarations with the same name MUST have pairwise-disjoint effective protocol scopes. The later declaration is reported.",
		Fix:     "rename or merge the prompts, or give them disjoint protocolVersions",
	})
	RulePromptExample = rules.New(rules.Rule{
		ID: "mcpdesc.prompt.example", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Title:   "bad prompt example",
		Summary: "prompt examples pair declared string arguments with a completed prompts/get result",
		Doc: "MCP Description 0.8.0 section 11.3: examples is a non-empty map from names (^[A-Za-z0-9._-]+$) to Prompt Example Objects (or references to #/components/promptExamples/<name>) holding arguments and result, plus x-*. " +
			"arguments is an object of strings whose keys are declared arguments and which holds every required argument; result holds messages, an array of {role: \"user\" or \"assistant\", content: a content block the versions in scope define}, MAY hold a string description, holds resultType \"complete\" for MCP 2026-07-28 and none before; _meta exists from 2025-06-18; task, input-required and JSON-RPC forms are not examples.",
		Fix: "give the example the declared arguments as strings and a completed prompts/get result for every version in scope",
	})
)

var (
	promptFields   = []string{"protocolVersions", "name", "title", "description", "arguments", "examples", "completionExamples", "icons", "tags", "elicitations", "deprecated", "_meta", "security", "clientRequirements"}
	argumentFields = []string{"name", "title", "description", "required"}
)

// checkPrompts checks every prompt.
func checkPrompts(fc *FileContext) {
	root, ok := docRoot(fc)
	if !ok {
		return
	}
	seen := scopeIndex{}
	for _, d := range collectDecls(fc, root, "prompts", "prompt", RulePromptShape) {
		checkPrimitiveCommon(fc, d, promptFields, "prompt", RulePromptShape)
		if _, ok := d.obj["name"].(string); ok {
			checkUnique(fc, RulePromptUnique, seen, d, "name", "prompt")
		}
		args, required := checkPromptArguments(fc, d)
		argSet := stringSet(args)
		for _, ex := range collectNamedExamples(fc, RulePromptExample, d.obj, d.ptr, "examples", "promptExamples", "prompt", []string{"arguments", "result"}) {
			checkPromptExample(fc, ex, d.versions, args, argSet, required)
		}
	}
}

// checkPromptArguments checks the arguments array and returns the declared
// names and the required ones.
func checkPromptArguments(fc *FileContext, d decl) (names, required []string) {
	raw, has := d.obj["arguments"]
	if !has {
		return nil, nil
	}
	aptr := source.Join(d.ptr, "arguments")
	list, ok := raw.([]any)
	if !ok || len(list) == 0 {
		fc.Report(RulePromptShape, aptr, nil, "prompt arguments is %s: list the arguments, or remove it", emptyOrType(raw))
		return nil, nil
	}
	seen := map[string]bool{}
	for i, e := range list {
		p := source.JoinIndex(aptr, i)
		arg, ok := e.(map[string]any)
		if !ok {
			fc.Report(RulePromptShape, p, nil, "prompt argument is %s, not an object: write it as {\"name\": \"<argument>\"}", jsonType(e))
			continue
		}
		reportUnknownMembers(fc, arg, p, argumentFields, "prompt argument")
		name, ok := memberString(fc, RulePromptShape, arg, p, "name", "prompt argument", true, true)
		if ok && seen[name] {
			fc.Report(RulePromptShape, source.Join(p, "name"), nil, "prompt argument %q is declared twice: rename or remove the repeat", name)
		}
		memberString(fc, RulePromptShape, arg, p, "title", "prompt argument", false, false)
		memberString(fc, RulePromptShape, arg, p, "description", "prompt argument", false, false)
		memberType(fc, RulePromptShape, arg, p, "required", "prompt argument", "boolean")
		if _, has := arg["title"]; has {
			if old := intersect(d.versions, versionsBefore("2025-06-18")); len(old) > 0 {
				fc.Report(RulePromptShape, source.Join(p, "title"), old, "prompt argument field \"title\" is not defined by %s: remove it, or narrow the prompt's protocolVersions", versionsText(old))
			}
		}
		if ok {
			if !seen[name] {
				names = append(names, name)
			}
			seen[name] = true
			if arg["required"] == true {
				required = append(required, name)
			}
		}
	}
	return names, required
}

// checkPromptExample checks one prompt example's arguments and result
// (argSet is the set of the declared args, built once per prompt).
func checkPromptExample(fc *FileContext, ex namedExample, vs, args []string, argSet map[string]bool, required []string) {
	what := "prompt example " + quote(ex.name)
	if raw, has := ex.value["arguments"]; has {
		aptr := source.Join(ex.ptr, "arguments")
		m, ok := raw.(map[string]any)
		if !ok {
			fc.Report(RulePromptExample, aptr, nil, "%s arguments is %s, not an object of strings", what, jsonType(raw))
		}
		for _, k := range sortedKeys(m) {
			switch _, isStr := m[k].(string); {
			case !argSet[k]:
				fc.Report(RulePromptExample, source.Join(aptr, k), nil, "%s passes argument %q, which the prompt does not declare%s: remove it, or declare it", what, k, declaredFew(args))
			case !isStr:
				fc.Report(RulePromptExample, source.Join(aptr, k), nil, "%s argument %q is %s, not a string: prompt arguments are strings", what, k, jsonType(m[k]))
			}
		}
	}
	given, _ := ex.value["arguments"].(map[string]any)
	for _, r := range required {
		if _, has := given[r]; !has {
			fc.Report(RulePromptExample, ex.ptr, nil, "%s does not pass the required argument %q: add it to arguments", what, r)
		}
	}
	raw, has := ex.value["result"]
	if !has {
		fc.Report(RulePromptExample, ex.ptr, nil, "%s has no \"result\": add the completed prompts/get result, {\"messages\": [...]}", what)
		return
	}
	rptr := source.Join(ex.ptr, "result")
	res, ok := raw.(map[string]any)
	if !ok {
		fc.Report(RulePromptExample, rptr, nil, "%s result is %s, not an object", what, jsonType(raw))
		return
	}
	checkResultTypeMembers(fc, RulePromptExample, res, rptr, vs, what)
	memberString(fc, RulePromptExample, res, rptr, "description", what+" result", false, false)
	msgs, ok := res["messages"].([]any)
	if !ok {
		fc.Report(RulePromptExample, rptr, nil, "%s result has no \"messages\" array: add the messages the prompt produces", what)
		return
	}
	for i, e := range msgs {
		mptr := source.Join(rptr, "messages", itoa(i))
		msg, ok := e.(map[string]any)
		if !ok {
			fc.Report(RulePromptExample, mptr, nil, "%s message is %s, not an object: write it as {\"role\": \"user\", \"content\": {...}}", what, jsonType(e))
			continue
		}
		reportCarriedExtensions(fc, msg, mptr, "a prompt message")
		if r := msg["role"]; r != "user" && r != "assistant" {
			fc.Report(RulePromptExample, mptr, nil, "%s message role is %s, not \"user\" or \"assistant\"", what, compactJSON(r))
		}
		checkPromptContent(fc, msg["content"], source.Join(mptr, "content"), vs, what)
	}
}

// checkPromptContent checks a message's content block type for the versions.
func checkPromptContent(fc *FileContext, raw any, ptr string, vs []string, what string) {
	block, ok := raw.(map[string]any)
	if !ok {
		fc.Report(RulePromptExample, ptr, nil, "%s message content is %s, not a content block such as {\"type\": \"text\", \"text\": \"...\"}", what, jsonType(raw))
		return
	}
	reportCarriedExtensions(fc, block, ptr, "a content block")
	if meta, has := block["_meta"]; has {
		checkMetaKeys(fc, meta, source.Join(ptr, "_meta"), vs, what+" content block")
	}
	t, _ := block["type"].(string)
	since, known := contentSince[t]
	if !known {
		fc.Report(RulePromptExample, source.Join(ptr, "type"), nil, "%s message content type %s is not a content type: use \"text\", \"image\", \"audio\", \"resource\" or \"resource_link\"", what, compactJSON(block["type"]))
		return
	}
	if old := intersect(vs, versionsBefore(since)); len(old) > 0 {
		fc.Report(RulePromptExample, source.Join(ptr, "type"), old, "%s message content type %q is not defined by %s: use another content type, or narrow the prompt's protocolVersions", what, t, versionsText(old))
	}
	for _, m := range contentRequired[t] {
		memberString(fc, RulePromptExample, block, ptr, m, what+" "+t+" content", true, false)
	}
	if t == "resource" {
		res, ok := block["resource"].(map[string]any)
		_, hasText := res["text"]
		_, hasBlob := res["blob"]
		switch {
		case !ok:
			fc.Report(RulePromptExample, ptr, nil, "%s resource content has no \"resource\" object: add {\"uri\": \"...\", \"text\": \"...\"}", what)
		case hasText == hasBlob:
			fc.Report(RulePromptExample, source.Join(ptr, "resource"), nil, "%s embedded resource needs exactly one of \"text\" and \"blob\"", what)
			memberString(fc, RulePromptExample, res, source.Join(ptr, "resource"), "uri", what+" embedded resource", true, false)
		default:
			memberString(fc, RulePromptExample, res, source.Join(ptr, "resource"), "uri", what+" embedded resource", true, false)
		}
	}
}
