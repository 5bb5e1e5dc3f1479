package validate

import (
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// Rules about primitive clientRequirements.
var (
	RuleClientReqShape = rules.New(rules.Rule{
		ID: "mcpdesc.client-requirements.shape", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Title:   "malformed clientRequirements",
		Summary: "clientRequirements is a non-empty object of the client capabilities every version in scope defines",
		Doc: "MCP Description 0.8.0 section 8.5: a tool, resource, resource template or prompt MAY have clientRequirements, a non-empty Client Capability Requirements Object without protocolVersions whose members are client capabilities valid for every version of the primitive's scope, with object values (x-* extensions allowed). " +
			"2024-11-05 and 2025-03-26 define roots {listChanged}, sampling and experimental; 2025-06-18 adds elicitation; 2025-11-25 defines roots {listChanged}, sampling {context, tools}, elicitation {form, url}, tasks {list, cancel, requests {sampling {createMessage}, elicitation {create}}} and experimental; " +
			"2026-07-28 defines elicitation {form, url}, extensions (a non-empty map of prefix/name identifiers to objects), experimental, and the deprecated roots (which MUST be empty) and sampling {context, tools}. A capability one of those revisions defines, named for a version that lacks it, is an error naming the versions; " +
			"a capability no revision defines (a future one) is accepted and preserved, since the MCP ClientCapabilities type is open.",
		Fix: "list only the capabilities every version in the primitive's scope defines, or split the primitive into protocol-scoped variants",
	})
	RuleClientReqDeprecated = rules.New(rules.Rule{
		ID: "mcpdesc.client-requirements.deprecated", Owner: "mcpdesc", Level: rules.Should, Severity: rules.Warning,
		Versions: []string{"2026-07-28"},
		Title:    "deprecated client requirement",
		Summary:  "clientRequirements avoid capabilities deprecated in their versions",
		Doc:      "MCP Description 0.8.0 section 8.5: validators SHOULD warn when a requirement uses a capability or nested member deprecated in its applicable revision: roots and sampling (with sampling.context and sampling.tools) are deprecated in MCP 2026-07-28.",
		Fix:      "drop the deprecated capability for 2026-07-28, or split the primitive into protocol-scoped variants",
	})
	RuleClientReqInteraction = rules.New(rules.Rule{
		ID: "mcpdesc.client-requirements.interaction", Owner: "mcpdesc", Level: rules.Should, Severity: rules.Warning,
		Title:   "interaction contradicts clientRequirements",
		Summary: "a tool's interaction examples do not contradict its clientRequirements",
		Doc: "MCP Description 0.8.0 sections 8.5 and 9.4: clientRequirements and interaction examples are independent and neither is inferred from the other, but they can contradict each other: when a tool requires elicitation naming only some modes (elicitation {form} or {url}) and a scenario elicits in another mode, or requires sampling listing its sub-capabilities without tools while a scenario samples with tools, " +
			"a client that meets the requirement exactly cannot run the scenario. mcpschema warns at the step.",
		Fix: "add the mode or sub-capability to clientRequirements, or change the example",
	})
)

// clientCaps gives, per version, the client capabilities and their known
// nested members (nil when the capability is an open object).
var clientCaps = map[string]map[string][]string{
	"2024-11-05": {"roots": {"listChanged"}, "sampling": nil, "experimental": nil},
	"2025-03-26": {"roots": {"listChanged"}, "sampling": nil, "experimental": nil},
	"2025-06-18": {"roots": {"listChanged"}, "sampling": nil, "elicitation": nil, "experimental": nil},
	"2025-11-25": {"roots": {"listChanged"}, "sampling": {"context", "tools"}, "elicitation": {"form", "url"}, "tasks": {"list", "cancel", "requests"}, "experimental": nil},
	"2026-07-28": {"roots": {}, "sampling": {"context", "tools"}, "elicitation": {"form", "url"}, "extensions": nil, "experimental": nil},
}

// knownClientCap reports whether some MCP revision defines client capability k.
func knownClientCap(k string) bool {
	for _, caps := range clientCaps {
		if _, ok := caps[k]; ok {
			return true
		}
	}
	return false
}

// checkClientRequirements checks every primitive's clientRequirements.
func checkClientRequirements(fc *FileContext) {
	if _, ok := docRoot(fc); !ok {
		return
	}
	for _, tc := range fc.Tools {
		if tc.Tool.Value != nil {
			if checkClientReq(fc, tc, decl{obj: tc.Tool.Value, ptr: tc.Tool.Pointer, versions: tc.Versions}, "tool") {
				checkReqAgainstInteractions(fc, tc)
			}
		}
	}
	for _, key := range []string{"resources", "resourceTemplates", "prompts"} {
		for _, d := range rootDecls(fc, key) {
			checkClientReq(fc, fc, d, singular(key))
		}
	}
}

// checkClientReq checks one primitive's clientRequirements and reports
// whether it is an object.
func checkClientReq(fc *FileContext, rep reporter, p decl, what string) bool {
	raw, has := p.obj["clientRequirements"]
	if !has {
		return false
	}
	ptr := source.Join(p.ptr, "clientRequirements")
	req, ok := raw.(map[string]any)
	if !ok || len(req) == 0 {
		rep.Report(RuleClientReqShape, ptr, nil, "%s clientRequirements is %s: list the client capabilities every call needs, or remove it", what, emptyMapOrType(raw))
		return false
	}
	for _, k := range sortedKeys(req) {
		kp := source.Join(ptr, k)
		if isExtension(k) {
			continue
		}
		if k == "protocolVersions" {
			rep.Report(RuleClientReqShape, kp, nil, "%s clientRequirements declares protocolVersions, which it cannot: it takes the %s's scope; split the %s into protocol-scoped variants instead", what, what, what)
			continue
		}
		if !knownClientCap(k) {
			// ClientCapabilities is an open type in every revision: an
			// unknown capability is accepted and preserved, with no
			// matching semantics invented for it (section 8.5).
			continue
		}
		var lacking []string
		for _, v := range p.versions {
			if _, ok := clientCaps[v][k]; !ok {
				lacking = append(lacking, v)
			}
		}
		if len(lacking) > 0 {
			rep.Report(RuleClientReqShape, kp, lacking, "%s clientRequirements names %q, which is not a client capability of %s: remove it, or split the %s into protocol-scoped variants", what, k, versionsText(lacking), what)
			continue
		}
		sub, ok := req[k].(map[string]any)
		if !ok {
			rep.Report(RuleClientReqShape, kp, nil, "%s clientRequirements %q is %s, not an object: write it as {} or with its settings", what, k, jsonType(req[k]))
			continue
		}
		checkClientReqMember(fc, rep, k, sub, kp, p.versions, what)
	}
	return true
}

// checkClientReqMember checks the nested members of one required capability.
func checkClientReqMember(fc *FileContext, rep reporter, k string, sub map[string]any, kp string, vs []string, what string) {
	if k == "extensions" {
		checkExtensionMap(fc, RuleClientReqShape, sub, kp, vs, what+" clientRequirements")
		return
	}
	if contains(vs, "2026-07-28") && (k == "roots" || k == "sampling") {
		rep.Report(RuleClientReqDeprecated, kp, []string{"2026-07-28"}, "%s clientRequirements %q is deprecated in protocol version \"2026-07-28\": drop it there, or split the %s into protocol-scoped variants", what, k, what)
	}
	if k == "experimental" {
		return
	}
	for _, m := range sortedKeys(sub) {
		var lacking []string
		for _, v := range vs {
			known, open := clientCaps[v][k]
			if open && known != nil && !contains(known, m) {
				lacking = append(lacking, v)
			}
		}
		if len(lacking) > 0 && !isExtension(m) {
			rep.Report(RuleClientReqShape, source.Join(kp, m), lacking, "%s clientRequirements %s.%s is not defined by %s: remove it, or split the %s into protocol-scoped variants", what, k, m, versionsText(lacking), what)
			continue
		}
		if k == "roots" && m == "listChanged" {
			memberType(rep, RuleClientReqShape, sub, kp, m, what+" clientRequirements roots", "boolean")
		} else if k != "roots" {
			memberType(rep, RuleClientReqShape, sub, kp, m, what+" clientRequirements "+k, "object")
		}
	}
}

// checkReqAgainstInteractions warns about scenario steps that a client
// meeting the tool's requirements exactly could not run.
func checkReqAgainstInteractions(fc *FileContext, tc *ToolContext) {
	req, _ := tc.Tool.Value["clientRequirements"].(map[string]any)
	scenarios, _ := tc.Tool.Value["interactionExamples"].(map[string]any)
	elic, hasElic := req["elicitation"].(map[string]any)
	samp, hasSamp := req["sampling"].(map[string]any)
	for _, name := range sortedKeys(scenarios) {
		sc, _ := scenarios[name].(map[string]any)
		steps, _ := sc["steps"].([]any)
		for i, s := range steps {
			step, _ := s.(map[string]any)
			request, _ := step["request"].(map[string]any)
			ptr := tc.Ptr("interactionExamples", name, "steps", itoa(i))
			switch step["type"] {
			case "elicitation":
				mode, _ := request["mode"].(string)
				if mode == "" {
					mode = "form"
				}
				if hasElic && len(elic) > 0 && elic[mode] == nil {
					tc.Report(RuleClientReqInteraction, source.Join(ptr, "request"), nil,
						"interaction example %q elicits in %s mode, but the tool's clientRequirements requires elicitation %s without %q: add \"%s\": {} to it, or change the example", name, quote(mode), compactJSON(elic), mode, mode)
				}
			case "sampling":
				if _, usesTools := request["tools"]; usesTools && hasSamp && len(samp) > 0 && samp["tools"] == nil {
					tc.Report(RuleClientReqInteraction, source.Join(ptr, "request", "tools"), nil,
						"interaction example %q samples with tools, but the tool's clientRequirements requires sampling %s without \"tools\": add \"tools\": {} to it, or change the example", name, compactJSON(samp))
				}
			}
		}
	}
}
