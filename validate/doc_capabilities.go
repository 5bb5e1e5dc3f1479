package validate

import (
	"regexp"
	"strings"

	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// Rules about the server capabilities a document declares.
var (
	RuleCapShape = rules.New(rules.Rule{
		ID: "mcpdesc.capabilities.shape", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Title:   "malformed capabilities",
		Summary: "every capabilities object holds only the capabilities MCP defines, with the value types MCP gives them",
		Doc: "MCP Description 0.8.0 sections 8.2 to 8.4: a Capabilities Object MAY hold protocolVersions, tools {listChanged}, resources {subscribe, listChanged}, prompts {listChanged} (booleans), completions, logging and experimental (objects), tasks {list, cancel, requests} (objects) and extensions, a non-empty map whose keys are prefix/name identifiers and whose values are objects. " +
			"The Capabilities Object and its tools, resources and prompts objects MAY carry x-* extensions and nothing else; the extensions map is a protocol-extension namespace, not an x-* location.",
		Fix: "remove or fix the member: booleans for listChanged and subscribe, objects for the other capabilities, prefix/name keys in extensions",
	})
	RuleCapScope = rules.New(rules.Rule{
		ID: "mcpdesc.capabilities.scope", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Title:   "overlapping capabilities",
		Summary: "at most one capabilities object applies to each protocol version",
		Doc:     "MCP Description 0.8.0 section 8.6: the effective scopes of the Capabilities Objects MUST be pairwise disjoint; an object without protocolVersions applies to every root version. The later object that overlaps an earlier one is reported.",
		Fix:     "give the capabilities objects disjoint protocolVersions, or merge them",
	})
	RuleCapVersion = rules.New(rules.Rule{
		ID: "mcpdesc.capabilities.version", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Title:   "capability outside its versions",
		Summary: "a capability applies only to protocol versions that define it",
		Doc:     "MCP Description 0.8.0 section 8.2: completions exists from MCP 2025-03-26 and core tasks only in MCP 2025-11-25 (MCP 2026-07-28 moved tasks to an extension, which is a distinct declaration that MUST NOT be reinterpreted as core tasks).",
		Fix:     "narrow the capabilities object's protocolVersions to the versions that define the capability, or remove it",
	})
	RuleCapAdvice = rules.New(rules.Rule{
		ID: "mcpdesc.capabilities.advice", Owner: "mcpdesc", Level: rules.Should, Severity: rules.Warning,
		Title:   "capability to review",
		Summary: "pre-standard extensions, deprecated logging and unknown MCP-reserved extension identifiers are flagged",
		Doc: "MCP Description 0.8.0 section 8.4: validators SHOULD warn for each protocol version before 2026-07-28 to which an extensions map applies (the core schema does not define it; it preserves a pre-standard convention), SHOULD warn when logging applies to 2026-07-28, where it is deprecated, " +
			"and SHOULD warn about an unrecognised extension identifier under an MCP-reserved prefix (second label modelcontextprotocol or mcp). " +
			"mcpschema's extension catalogue (effective " + extensionCatalogueDate + ", every entry official) recognises io.modelcontextprotocol/tasks (source: MCP 2026-07-28 changelog, SEP-2663) and io.modelcontextprotocol/ui (source: the MCP Apps extension, SEP-1865); they get no warning, and recognition does not check their settings.",
		Fix: "scope extensions to 2026-07-28, drop logging for 2026-07-28, and use your own prefix for non-MCP extensions",
	})
	RuleCapUsage = rules.New(rules.Rule{
		ID: "mcpdesc.capabilities.usage", Owner: "mcpdesc", Level: rules.May, Severity: rules.Notice,
		Title:   "capability not declared",
		Summary: "a capabilities object declares the primitives the document declares for its versions",
		Doc: "MCP Description 0.8.0 sections 8.1 and 8.2 list the tools, resources and prompts capabilities, but no sentence of section 8 requires a document that declares tools, resources or prompts to declare the matching capability (and section 8.5 forbids inferring one declaration from another), so this is an inference, a notice: " +
			"when a capabilities object applies to a protocol version for which the document declares tools, resources (or resource templates) or prompts and the object lacks that capability, clients of a server that advertises the same would not list them. " +
			"A capabilities object that declares the capabilities its primitives use gets nothing. Completion examples do not imply the completions capability (section 8.1), and versions no capabilities object covers are not judged.",
		Fix: "add the capability (for example \"tools\": {}) to the capabilities object, or remove the primitives for that version",
	})
)

// capMembers are the members of a Capabilities Object besides x-*.
var capMembers = []string{"protocolVersions", "tools", "resources", "prompts", "completions", "logging", "tasks", "extensions", "experimental"}

// capFlags are the boolean members of the declaration objects.
var capFlags = map[string][]string{"tools": {"listChanged"}, "resources": {"subscribe", "listChanged"}, "prompts": {"listChanged"}}

// extensionIDRe is the prefix/name grammar of extension identifiers.
var extensionIDRe = regexp.MustCompile(`^` + metaLabel + `(?:\.` + metaLabel + `)*/[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$`)

// checkCapabilities checks every capabilities object and their scopes.
func checkCapabilities(fc *FileContext) {
	root, ok := docRoot(fc)
	if !ok {
		return
	}
	if _, isList := root["capabilities"].([]any); !isList {
		return
	}
	decls := collectDecls(fc, root, "capabilities", "capabilities object", RuleCapShape)
	taken := map[string]string{}
	need := primitiveNeeds(fc)
	for _, d := range decls {
		checkCapObject(fc, d)
		if both, first := claimVersions(taken, d); len(both) > 0 {
			fc.Report(RuleCapScope, d.ptr, both, "capabilities object applies to %s, like the one at %s: give them disjoint protocolVersions, or merge them", versionsText(both), first)
		}
		checkCapUsage(fc, d, need)
	}
}

// checkCapObject checks one Capabilities Object's members.
func checkCapObject(fc *FileContext, d decl) {
	reportUnknownMembers(fc, d.obj, d.ptr, capMembers, "capabilities object")
	for _, k := range capMembers[1:] {
		if !memberType(fc, RuleCapShape, d.obj, d.ptr, k, "capabilities", "object") {
			continue
		}
		obj := d.obj[k].(map[string]any)
		p := source.Join(d.ptr, k)
		if flags, ok := capFlags[k]; ok {
			reportUnknownMembers(fc, obj, p, flags, k+" capability")
			for _, f := range flags {
				memberType(fc, RuleCapShape, obj, p, f, k+" capability", "boolean")
			}
		}
		switch k {
		case "tasks":
			for _, m := range []string{"list", "cancel", "requests"} {
				memberType(fc, RuleCapShape, obj, p, m, "tasks capability", "object")
			}
		case "extensions":
			checkExtensionMap(fc, RuleCapShape, obj, p, d.versions, "capabilities")
		}
	}
	if _, has := d.obj["completions"]; has {
		if old := intersect(d.versions, versionsBefore("2025-03-26")); len(old) > 0 {
			fc.Report(RuleCapVersion, source.Join(d.ptr, "completions"), old, "capability \"completions\" is not defined by %s: narrow the capabilities object's protocolVersions", versionsText(old))
		}
	}
	if _, has := d.obj["tasks"]; has {
		if other := exceptVersions(d.versions, []string{"2025-11-25"}); len(other) > 0 {
			fc.Report(RuleCapVersion, source.Join(d.ptr, "tasks"), other, "core capability \"tasks\" exists only in \"2025-11-25\", not in %s: scope it to \"2025-11-25\" (2026-07-28 uses a tasks extension instead)", versionsText(other))
		}
	}
	if _, has := d.obj["logging"]; has && contains(d.versions, "2026-07-28") {
		fc.Report(RuleCapAdvice, source.Join(d.ptr, "logging"), []string{"2026-07-28"}, "capability \"logging\" is deprecated in protocol version \"2026-07-28\": drop it for that version")
	}
}

// checkExtensionMap checks an extensions map of a capabilities object or
// of client requirements.
func checkExtensionMap(fc *FileContext, rule *rules.Rule, m map[string]any, ptr string, vs []string, where string) {
	if len(m) == 0 {
		fc.Report(rule, ptr, nil, "%s extensions is empty: list at least one extension, or remove it", where)
		return
	}
	if old := intersect(vs, versionsBefore("2026-07-28")); len(old) > 0 && where == "capabilities" {
		fc.Report(RuleCapAdvice, ptr, old, "capabilities extensions applies to %s, whose core schema does not define it: it is kept as a pre-standard convention; scope it to \"2026-07-28\" if that is what you mean", versionsText(old))
	}
	for _, k := range sortedKeys(m) {
		kp := source.Join(ptr, k)
		if !extensionIDRe.MatchString(k) {
			fc.Report(rule, kp, nil, "%s extension identifier %q is not of the form prefix/name (such as \"com.example/feature\"): rename it", where, k)
			continue
		}
		if _, isObj := m[k].(map[string]any); !isObj {
			fc.Report(rule, kp, nil, "%s extension %q is %s, not an object: write its settings as an object, {} for none", where, k, jsonType(m[k]))
		}
		if e, known := extensionCatalogue[k]; known {
			if e.maturity == "experimental" {
				fc.Report(RuleCapAdvice, kp, nil, "extension %q is an experimental MCP extension (%s): review its maturity before relying on it", k, e.source)
			}
			continue
		}
		if reservedExtensionPrefix(k) {
			fc.Report(RuleCapAdvice, kp, nil, "extension identifier %q is under a prefix MCP reserves and mcpschema does not recognise it: check its name, or use a prefix of your own", k)
		}
	}
}

// reservedExtensionPrefix reports whether the prefix's second label is
// modelcontextprotocol or mcp.
func reservedExtensionPrefix(id string) bool {
	labels := strings.Split(id[:strings.Index(id, "/")], ".")
	return len(labels) >= 2 && (labels[1] == "modelcontextprotocol" || labels[1] == "mcp")
}

// exceptVersions keeps the versions of a not in b.
func exceptVersions(a, b []string) []string {
	var out []string
	for _, v := range a {
		if !contains(b, v) {
			out = append(out, v)
		}
	}
	return out
}

// primitiveNeeds gives, per capability, the versions for which the
// document declares primitives that need it.
func primitiveNeeds(fc *FileContext) map[string][]string {
	need := map[string][]string{}
	add := func(capName string, vs []string) {
		for _, v := range vs {
			if !contains(need[capName], v) {
				need[capName] = append(need[capName], v)
			}
		}
	}
	for _, tc := range fc.Tools {
		if tc.Tool.Value != nil {
			add("tools", tc.Versions)
		}
	}
	for _, key := range []string{"resources", "resourceTemplates", "prompts"} {
		capName := key
		if key == "resourceTemplates" {
			capName = "resources"
		}
		for _, p := range rootDecls(fc, key) {
			add(capName, p.versions)
		}
	}
	return need
}

// checkCapUsage warns when the object lacks a capability the document's
// primitives need for its versions.
func checkCapUsage(fc *FileContext, d decl, need map[string][]string) {
	for _, capName := range []string{"tools", "resources", "prompts"} {
		vs := intersect(need[capName], d.versions)
		if _, has := d.obj[capName]; has || len(vs) == 0 {
			continue
		}
		fc.Report(RuleCapUsage, d.ptr, vs, "capabilities object has no %q capability, but the document declares %s for %s: add \"%s\": {}", capName, capName, versionsText(vs), capName)
	}
}
