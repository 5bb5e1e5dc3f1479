package validate

import (
	"encoding/json"
	"math"

	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// RuleInteractionStep checks the steps of a tool interaction example.
var RuleInteractionStep = rules.New(rules.Rule{
	ID: "mcpdesc.tool.interaction-example.step", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
	Title:   "bad interaction step",
	Summary: "every interaction step is an elicitation, sampling or roots exchange with the request and response its kind defines",
	Doc: "MCP Description 0.8.0 section 9.4: every Tool Interaction Step Object has type (\"elicitation\", \"sampling\" or \"roots\"), request and response (objects), and no other members but x-* extensions and those of its kind (declaration for elicitation; others are mcpdesc.document.unknown-property). " +
		"A roots request is an empty object and its response holds the ordered roots array (each root with a string uri). A sampling request holds the native sampling/createMessage parameters, including messages (an array) and maxTokens (an integer); its response is a completed sampling result with role, content and a string model. " +
		"An elicitation response has action \"accept\", \"decline\" or \"cancel\"; declined and cancelled responses and every response to a url-mode request have no content; an accepted form response has content that conforms to the request's requestedSchema; a declaration names an elicitation declared on the same tool. Checked in MCP Description documents only.",
	Fix: "give each step a type, request and response shaped as its kind defines, or remove the step",
})

// stepKinds are the step types and the members each allows besides type, request, response and x-*.
var stepKinds = map[string][]string{"elicitation": {"declaration"}, "sampling": nil, "roots": nil}

// elicitationActions are the actions of an elicitation response.
var elicitationActions = []string{"accept", "decline", "cancel"}

// checkInteractionSteps checks every step of a scenario.
func checkInteractionSteps(c *ToolContext, ex toolExample) {
	steps, _ := ex.value["steps"].([]any)
	for i, raw := range steps {
		ptr := source.Join(ex.ptr, "steps", itoa(i))
		step, ok := raw.(map[string]any)
		if !ok {
			c.Report(RuleInteractionStep, ptr, nil, "%s step is %s, not an object: write it as {\"type\": \"roots\", \"request\": {}, \"response\": {\"roots\": []}}", ex.label(), jsonType(raw))
			continue
		}
		t, _ := step["type"].(string)
		extra, known := stepKinds[t]
		if !known {
			c.Report(RuleInteractionStep, source.Join(ptr, "type"), nil,
				"%s step type %s is not a step kind: use \"elicitation\", \"sampling\" or \"roots\"", ex.label(), compactJSON(step["type"]))
			continue
		}
		reportUnknownMembers(c.FileContext, step, ptr, append([]string{"type", "request", "response"}, extra...), t+" step")
		req, okReq := stepPart(c, ex, step, ptr, "request")
		resp, okResp := stepPart(c, ex, step, ptr, "response")
		if !okReq || !okResp {
			continue
		}
		checkStepVersions(c, ex, t, req, ptr)
		reportCarriedExtensions(c, req, source.Join(ptr, "request"), "a "+t+" request")
		reportCarriedExtensions(c, resp, source.Join(ptr, "response"), "a "+t+" response")
		switch t {
		case "roots":
			checkRootsStep(c, ex, req, resp, ptr)
		case "sampling":
			checkSamplingStep(c, ex, req, resp, ptr)
		default:
			checkElicitationStep(c, ex, step, req, resp, ptr)
		}
	}
}

// stepPart returns the step's request or response object, reporting it when absent or not an object.
func stepPart(c *ToolContext, ex toolExample, step map[string]any, ptr, part string) (map[string]any, bool) {
	v, has := step[part]
	if !has {
		c.Report(RuleInteractionStep, ptr, nil, "%s step has no %q: add it as an object", ex.label(), part)
		return nil, false
	}
	obj, ok := v.(map[string]any)
	if !ok {
		c.Report(RuleInteractionStep, source.Join(ptr, part), nil, "%s step %s is %s, not an object: give the %s payload as an object", ex.label(), part, jsonType(v), part)
	}
	return obj, ok
}

// checkRootsStep: an empty request and a response with a roots array.
func checkRootsStep(c *ToolContext, ex toolExample, req, resp map[string]any, ptr string) {
	if len(req) > 0 {
		c.Report(RuleInteractionStep, source.Join(ptr, "request"), nil, "%s roots step request is not empty: a roots request is {}", ex.label())
	}
	roots, ok := resp["roots"].([]any)
	if !ok {
		c.Report(RuleInteractionStep, source.Join(ptr, "response"), nil,
			"%s roots step response has no \"roots\" array: write it as {\"roots\": [{\"uri\": \"file:///...\"}]}", ex.label())
		return
	}
	for j, r := range roots {
		root, _ := r.(map[string]any)
		uri, isStr := root["uri"].(string)
		if !isStr {
			c.Report(RuleInteractionStep, source.Join(ptr, "response", "roots", itoa(j)), nil,
				"%s root has no string \"uri\": write it as {\"uri\": \"file:///...\"}", ex.label())
			continue
		}
		checkRootURI(c, ex, uri, source.Join(ptr, "response", "roots", itoa(j)))
	}
}

// checkSamplingStep: messages and maxTokens in the request; role, content and model in the response.
func checkSamplingStep(c *ToolContext, ex toolExample, req, resp map[string]any, ptr string) {
	rptr := source.Join(ptr, "request")
	if _, ok := req["messages"].([]any); !ok {
		c.Report(RuleInteractionStep, rptr, nil, "%s sampling request has no \"messages\" array: add the conversation sent to the model", ex.label())
	}
	if !isInteger(req["maxTokens"]) {
		c.Report(RuleInteractionStep, rptr, nil, "%s sampling request has no integer \"maxTokens\": add the token limit, for example \"maxTokens\": 100", ex.label())
	}
	sptr := source.Join(ptr, "response")
	if role := resp["role"]; role != "assistant" && role != "user" {
		c.Report(RuleInteractionStep, sptr, nil, "%s sampling response role is %s, not \"assistant\" or \"user\": set \"role\": \"assistant\"", ex.label(), compactJSON(role))
	}
	if _, has := resp["content"]; !has {
		c.Report(RuleInteractionStep, sptr, nil, "%s sampling response has no \"content\": add the generated content", ex.label())
	}
	if _, ok := resp["model"].(string); !ok {
		c.Report(RuleInteractionStep, sptr, nil, "%s sampling response has no string \"model\": add the name of the model that answered", ex.label())
	}
}

// isInteger reports whether v is a JSON number with no fractional part.
func isInteger(v any) bool {
	n, ok := v.(json.Number)
	if !ok {
		return false
	}
	if _, err := n.Int64(); err == nil {
		return true
	}
	f, err := n.Float64()
	return err == nil && f == math.Trunc(f)
}

// checkElicitationStep: declaration reference, action and content rules.
func checkElicitationStep(c *ToolContext, ex toolExample, step, req, resp map[string]any, ptr string) {
	if d, has := step["declaration"]; has {
		checkDeclarationRef(c, ex, d, source.Join(ptr, "declaration"))
		checkStepAgainstDeclaration(c, ex, step, req, ptr)
	}
	sptr := source.Join(ptr, "response")
	action, _ := resp["action"].(string)
	if !contains(elicitationActions, action) {
		c.Report(RuleInteractionStep, sptr, nil, "%s elicitation response action is %s: use %s", ex.label(), compactJSON(resp["action"]), quoteAlternatives(elicitationActions))
		return
	}
	content, hasContent := resp["content"]
	cptr := source.Join(sptr, "content")
	mode, _ := req["mode"].(string)
	switch {
	case hasContent && action != "accept":
		c.Report(RuleInteractionStep, cptr, nil, "%s elicitation response with action %q has content: remove it, only an accepted form response carries content", ex.label(), action)
	case hasContent && mode == "url":
		c.Report(RuleInteractionStep, cptr, nil, "%s response to a url-mode elicitation has content: remove it, the user answers at the URL", ex.label())
	case !hasContent && action == "accept" && mode != "url":
		c.Report(RuleInteractionStep, sptr, nil, "%s accepted form elicitation response has no \"content\": add the values the user entered", ex.label())
	case hasContent && action == "accept":
		if sch, ok := req["requestedSchema"].(map[string]any); ok {
			if vs := c.Among(rules.DialectVersions); len(vs) > 0 {
				validateExample(c, RuleInteractionStep, ex, "elicitation content", "requestedSchema", sch, source.Join(ptr, "request", "requestedSchema"), content, cptr, vs)
			}
		}
	}
}

// checkDeclarationRef requires declaration to name an elicitation of the tool.
func checkDeclarationRef(c *ToolContext, ex toolExample, d any, ptr string) {
	name, ok := d.(string)
	if !ok {
		c.Report(RuleInteractionStep, ptr, nil, "%s declaration is %s, not a name: give the name of one of the tool's elicitations", ex.label(), jsonType(d))
		return
	}
	decls, _ := c.Tool.Value["elicitations"].([]any)
	if len(decls) == 0 {
		c.Report(RuleInteractionStep, ptr, nil, "%s declaration %q names an elicitation, but the tool declares no elicitations: declare it in the tool's elicitations, or remove declaration", ex.label(), name)
		return
	}
	var names []string
	for _, e := range decls {
		if obj, isObj := e.(map[string]any); isObj {
			if n, isStr := obj["name"].(string); isStr {
				names = append(names, n)
			}
		}
	}
	if len(names) > 0 && !contains(names, name) {
		c.Report(RuleInteractionStep, ptr, nil, "%s declaration %q names no elicitation of this tool: declare it in the tool's elicitations, or remove declaration", ex.label(), name)
	}
}
