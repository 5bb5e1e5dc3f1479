package validate

import (
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// Rules about completion examples of prompts and resource templates.
var (
	RuleCompletionExample = rules.New(rules.Rule{
		ID: "mcpdesc.completion.example", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Title:   "bad completion example",
		Summary: "completion examples complete a declared argument or template variable with a completed completion/complete result",
		Doc: "MCP Description 0.8.0 sections 10.4.6 and 11.4: completionExamples is a non-empty map from names (^[A-Za-z0-9._-]+$) to inline Completion Example Objects (no $componentRef) with argument {name, value} (strings), optional context and result, plus x-*. " +
			"argument.name identifies a declared prompt argument or an RFC 6570 variable of the uriTemplate; context, when present, holds a non-empty arguments map of strings whose keys are other arguments or variables, never the completed one. " +
			"result holds completion.values, an array of strings, and MAY hold completion.total (an integer) and completion.hasMore (a boolean); resultType is \"complete\" for MCP 2026-07-28 and absent before; task, input-required and JSON-RPC forms are not examples.",
		Fix: "complete a declared argument or variable, give context only other arguments, and a result {\"completion\": {\"values\": [...]}}",
	})
	RuleCompletionVersion = rules.New(rules.Rule{
		ID: "mcpdesc.completion.version", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Versions: []string{"2024-11-05", "2025-03-26"},
		Title:    "completion example outside its versions",
		Summary:  "completion examples apply only to versions that define completion and every field they use",
		Doc:      "MCP Description 0.8.0 sections 10.4.6 and 11.4: completion examples are valid only in a protocol scope where MCP defines completion (2025-03-26 and later) and every represented field; MCP 2025-03-26 does not define completion context, so an example with context spanning it MUST be split into protocol-scoped declarations.",
		Fix:      "narrow the declaration's protocolVersions, or drop context for 2025-03-26",
	})
)

var completionFields = []string{"argument", "context", "result"}

// checkCompletionExamples checks the completion examples of prompts and
// resource templates.
func checkCompletionExamples(fc *FileContext) {
	if _, ok := docRoot(fc); !ok {
		return
	}
	for _, d := range rootDecls(fc, "prompts") {
		var names []string
		list, _ := d.obj["arguments"].([]any)
		for _, a := range list {
			if obj, ok := a.(map[string]any); ok {
				if n, ok := obj["name"].(string); ok {
					names = append(names, n)
				}
			}
		}
		checkCompletionMap(fc, d, names, true, "prompt", "argument")
	}
	for _, d := range rootDecls(fc, "resourceTemplates") {
		tpl := parsedTemplate(fc, d, false)
		if tpl == nil {
			checkCompletionMap(fc, d, nil, false, "resource template", "variable")
			continue
		}
		checkCompletionMap(fc, d, tpl.Vars, true, "resource template", "variable")
	}
}

// checkCompletionMap checks one declaration's completionExamples; known
// says whether names are the complete set of completable names.
func checkCompletionMap(fc *FileContext, d decl, names []string, known bool, what, unit string) {
	set := stringSet(names)
	for _, ex := range collectNamedExamples(fc, RuleCompletionExample, d.obj, d.ptr, "completionExamples", "", what+" completion", completionFields) {
		label := what + " completion example " + quote(ex.name)
		if old := intersect(d.versions, []string{"2024-11-05"}); len(old) > 0 {
			fc.Report(RuleCompletionVersion, ex.ptr, old, "%s applies to %s, which does not define completion: narrow the %s's protocolVersions to 2025-03-26 and later", label, versionsText(old), what)
		}
		completed := ""
		if raw, has := ex.value["argument"]; !has {
			fc.Report(RuleCompletionExample, ex.ptr, nil, "%s has no \"argument\": add {\"name\": \"<%s>\", \"value\": \"<partial value>\"}", label, unit)
		} else if arg, ok := raw.(map[string]any); !ok {
			fc.Report(RuleCompletionExample, source.Join(ex.ptr, "argument"), nil, "%s argument is %s, not an object", label, jsonType(raw))
		} else {
			aptr := source.Join(ex.ptr, "argument")
			reportUnknownMembers(fc, arg, aptr, []string{"name", "value"}, "completion argument")
			memberString(fc, RuleCompletionExample, arg, aptr, "value", label+" argument", true, false)
			if n, ok := memberString(fc, RuleCompletionExample, arg, aptr, "name", label+" argument", true, false); ok {
				completed = n
				if known && !set[n] {
					fc.Report(RuleCompletionExample, source.Join(aptr, "name"), nil, "%s completes %s %q, which the %s does not declare%s: complete a declared %s", label, unit, n, what, declaredFew(names), unit)
				}
			}
		}
		checkCompletionContext(fc, ex, d, names, set, known, completed, label, what, unit)
		checkCompletionResult(fc, ex, d.versions, label)
	}
}

// checkCompletionContext checks the optional context of a completion example.
func checkCompletionContext(fc *FileContext, ex namedExample, d decl, names []string, set map[string]bool, known bool, completed, label, what, unit string) {
	raw, has := ex.value["context"]
	if !has {
		return
	}
	cptr := source.Join(ex.ptr, "context")
	if contains(d.versions, "2025-03-26") {
		fc.Report(RuleCompletionVersion, cptr, []string{"2025-03-26"}, "%s has context, which protocol version \"2025-03-26\" does not define: split the %s into protocol-scoped declarations, or drop context", label, what)
	}
	ctx, ok := raw.(map[string]any)
	if !ok {
		fc.Report(RuleCompletionExample, cptr, nil, "%s context is %s, not an object", label, jsonType(raw))
		return
	}
	reportUnknownMembers(fc, ctx, cptr, []string{"arguments"}, "completion context")
	args, ok := ctx["arguments"].(map[string]any)
	if !ok || len(args) == 0 {
		fc.Report(RuleCompletionExample, cptr, nil, "%s context has no non-empty \"arguments\" map: add the already supplied values, or remove context", label)
		return
	}
	for _, k := range sortedKeys(args) {
		kp := source.Join(cptr, "arguments", k)
		_, isStr := args[k].(string)
		switch {
		case k == completed:
			fc.Report(RuleCompletionExample, kp, nil, "%s context repeats the completed %s %q: remove it from context", label, unit, k)
		case known && !set[k]:
			fc.Report(RuleCompletionExample, kp, nil, "%s context names %s %q, which the %s does not declare%s: remove it from context, or declare it", label, unit, k, what, declaredFew(names))
		case !isStr:
			fc.Report(RuleCompletionExample, kp, nil, "%s context value of %q is %s, not a string", label, k, jsonType(args[k]))
		}
	}
}

// checkCompletionResult checks a completed completion/complete result.
func checkCompletionResult(fc *FileContext, ex namedExample, vs []string, label string) {
	raw, has := ex.value["result"]
	if !has {
		fc.Report(RuleCompletionExample, ex.ptr, nil, "%s has no \"result\": add {\"completion\": {\"values\": [...]}}", label)
		return
	}
	rptr := source.Join(ex.ptr, "result")
	res, ok := raw.(map[string]any)
	if !ok {
		fc.Report(RuleCompletionExample, rptr, nil, "%s result is %s, not an object", label, jsonType(raw))
		return
	}
	checkResultTypeMembers(fc, RuleCompletionExample, res, rptr, vs, label)
	comp, ok := res["completion"].(map[string]any)
	if !ok {
		fc.Report(RuleCompletionExample, rptr, nil, "%s result has no \"completion\" object: add {\"completion\": {\"values\": [...]}}", label)
		return
	}
	cptr := source.Join(rptr, "completion")
	reportCarriedExtensions(fc, comp, cptr, "a completion result")
	values, ok := comp["values"].([]any)
	if !ok {
		fc.Report(RuleCompletionExample, cptr, nil, "%s completion has no \"values\" array of strings", label)
	}
	for i, v := range values {
		if _, isStr := v.(string); !isStr {
			fc.Report(RuleCompletionExample, source.Join(cptr, "values", itoa(i)), nil, "%s completion value is %s, not a string", label, jsonType(v))
		}
	}
	if t, has := comp["total"]; has && !isInteger(t) {
		fc.Report(RuleCompletionExample, source.Join(cptr, "total"), nil, "%s completion total is %s, not an integer", label, compactJSON(t))
	}
	memberType(fc, RuleCompletionExample, comp, cptr, "hasMore", label+" completion", "boolean")
}
