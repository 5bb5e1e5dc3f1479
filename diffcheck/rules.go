package diffcheck

import (
	"strings"

	"github.com/mcpschema/mcpschema/internal/rules"
)

// compat registers one breaking-change rule (owner mcpschema, version
// independent, kind Breaking) with its short title, shown after the tool
// name in annotation titles ("search_issues: required argument added"). The id namespace declares the direction:
// compat.<direction>.<name>, where <direction> is one of rules.Directions
// (input, output, tool, annotation, example, file, and for the rest of an
// MCP Description document prompt, resource, resource-template, security,
// capability, transport); Register rejects any other.
func compat(id string, level rules.Level, sev rules.Severity, summary, doc, fix, title string) *rules.Rule {
	v := compatSeverities[id]
	return rules.Register(rules.Rule{ID: id, Kind: rules.Breaking, Direction: compatDirection(id),
		Owner: "mcpschema", Level: level, Severity: sev, Summary: summary, Doc: doc, Fix: fix, Title: title,
		Also: v.also, Varies: v.when})
}

// compatDirection is the second segment of a compat.* id.
func compatDirection(id string) rules.Direction {
	parts := strings.SplitN(id, ".", 3)
	if len(parts) < 3 {
		return ""
	}
	return rules.Direction(parts[1])
}

const (
	inputDoc  = " inputSchema is contravariant: a change breaks callers when some argument object the base schema accepted is rejected by the head schema. Each finding carries such an argument object as its witness, checked with the validator against both schemas: the head schema rejects it at the changed keyword, not because of another change. Without a witness, a finding stays an error only when the break is certain by construction (a member became required, a type or listed value was removed, a closed object lost a member); otherwise it is a warning that says it may break. A finding whose witness the validator confirms is an error whatever its keyword (a bound at the edge of the interoperable integer range excepted: a notice)."
	outputDoc = " outputSchema is covariant: a change breaks consumers when the head schema admits a structured result the base schema did not promise. Each finding carries such a value as its witness, checked with the validator against both schemas: the base schema rejects it at the changed keyword. Without a witness, a finding stays an error only when the break is certain by construction (a type added, a required member dropped); otherwise it is a warning that says it may break. A finding whose witness the validator confirms is an error whatever its keyword, unless the change only adds (a member of a closed object, a value of an enum or const): a warning unless strict-outputs is set."
	// undecidableDoc: what an unjudged change does to the gate.
	undecidableDoc = " The gate fails closed: such a change is an error and the report is incomplete (`complete: false`). An external `$ref` beside other keywords or inside `allOf` is one more constraint, never fetched: the keywords beside it are still judged, so every break they prove is reported with its witness, and the reference itself is reported only where the pull request adds or changes it (an unchanged reference is not). A team that accepts unjudged changes sets this rule to `warning` in the base branch's config (`rules: {compat.input.undecidable: warning, compat.output.undecidable: warning}`), the behaviour before."
	aliasFix       = "; if the change is intended, say so in the pull request and acknowledge the finding with an ignore in .mcpschema.yaml"
)

// Tool-level rules.
var (
	RuleToolRemoved = compat("compat.tool.removed", rules.Must, rules.Error,
		"a tool present at the base revision is still present",
		"Callers, agent configurations and cached tool lists name tools; removing one breaks every caller that names it. A tool moved to another file is not removed. A tool whose whole file was deleted is reported at the base file.",
		"keep the tool, or deprecate it first and remove it in a later release"+aliasFix, "tool removed")
	RuleToolRenamed = compat("compat.tool.renamed", rules.Must, rules.Error,
		"a tool keeps its name",
		"A tool removed while another with an equivalent inputSchema appears is reported once as a rename, as are pairs named by `aliases` in .mcpschema.yaml (head name: base name). Callers that name the old tool break; the pair is then compared like any other.",
		"keep the old name as an alias the server still answers to, or accept the rename"+aliasFix, "tool renamed")
	RuleToolAdded = compat("compat.tool.added", rules.May, rules.Notice,
		"a tool was added",
		"A new tool breaks nobody; it is listed so reviewers see the surface grow.",
		"nothing to fix", "tool added")
	RuleBaseUnreadable = compat("compat.file.base-unreadable", rules.Must, rules.Warning,
		"a tool file at the base revision can be read",
		"A file that does not parse (or exceeds a bound) at the base revision cannot be compared; its tools are neither reported as removed nor the head tools of the same file as added, because that would be a guess.",
		"nothing to fix in the head; the comparison for this file is incomplete", "base file unreadable")
)

// inputSchema rules.
var (
	RuleInputSchemaRemoved = compat("compat.input.schema-removed", rules.Must, rules.Warning,
		"a tool keeps its inputSchema",
		"MCP requires inputSchema; its absence says nothing about what the tool accepts, so the comparison cannot be made. A head inputSchema that is present but no schema object (null, a boolean, a `$componentRef` that selects nothing) is reported by validation alone (`mcp.tool.input-schema.required`, `mcpdesc.tool.component-ref`).",
		"restore the inputSchema", "inputSchema removed")
	RuleInputBecameFalse = compat("compat.input.became-false", rules.Must, rules.Error,
		"the inputSchema does not start rejecting every value at a place",
		"The head schema rejects every value at a place where the base schema accepted some (a `false` schema, `not: {}`, or contradicting keywords)."+inputDoc,
		"accept the values callers send there again", "input rejects everything")
	RuleInputRequiredAdded = compat("compat.input.required-added", rules.Must, rules.Error,
		"no argument becomes required",
		"A property listed in `required` at head but not at base (a new required property, or an existing one that became required) rejects every call that omits it. A `default` does not help: the validator still rejects the omission."+inputDoc,
		"make the argument optional (with a server-side default)", "required argument added")
	RuleInputPropertyRemoved = compat("compat.input.property-removed", rules.Must, rules.Error,
		"no input property is removed",
		"Removing a property from a closed object (`additionalProperties: false` or `unevaluatedProperties: false`) rejects every call that still sends it: an error. From an open object the argument is silently ignored: a warning, without witness since nothing is rejected."+inputDoc,
		"keep the property (deprecated) or reopen the object", "argument removed")
	RuleInputAdditionalRestricted = compat("compat.input.additional-properties-restricted", rules.Must, rules.Error,
		"additionalProperties, unevaluatedProperties, patternProperties and propertyNames do not reject members the base accepted",
		"Closing an object or constraining its undeclared members rejects calls that send extra members."+inputDoc,
		"keep the object open, or declare the members callers send", "extra arguments restricted")
	RuleInputTypeNarrowed = compat("compat.input.type-narrowed", rules.Must, rules.Error,
		"an input keeps accepting every type it accepted",
		"A type removed from `type` (including `null`, and `number` narrowed to `integer`) or replaced by another rejects the values of that type. `type: [a, \"null\"]` and `anyOf` of the two are the same."+inputDoc,
		"accept the old type again, for example with `type: [old, new]`", "argument type narrowed")
	RuleInputEnumValueRemoved = compat("compat.input.enum-value-removed", rules.Must, rules.Error,
		"no allowed input value is removed",
		"A value removed from `enum` (or a changed `const`) rejects calls that send it; renaming or recasing a value removes the old one."+inputDoc,
		"keep accepting the old value, mapping it to the new one on the server", "allowed argument value removed")
	RuleInputEnumAdded = compat("compat.input.enum-added", rules.Must, rules.Error,
		"an unconstrained input does not become an enum or const",
		"An input that accepted any value of its type and now has `enum` or `const` rejects every other value."+inputDoc,
		"drop the enum, or make sure it lists every value callers send", "argument restricted to listed values")
	RuleInputBoundTightened = compat("compat.input.bound-tightened", rules.Must, rules.Error,
		"no input bound is tightened",
		"A larger minimum/exclusiveMinimum/minLength/minItems/minProperties/minContains, a smaller maximum/exclusiveMaximum/maxLength/maxItems/maxProperties/maxContains, a multipleOf the old one is not a multiple of, or uniqueItems turned on rejects values the base accepted. Bounds are compared by effect (inclusive against exclusive)."+inputDoc,
		"restore the old bound", "argument bound tightened")
	RuleInputBoundAdded = compat("compat.input.bound-added", rules.Should, rules.Warning,
		"no bound is added to an input that had none",
		"A bound where none existed rejects values the base accepted: an error when a witness shows such a value, a warning otherwise. A bound at or beyond the interoperable integer range (±(2^53−1), RFC 7493 §2.2), as zod adds to every integer, excludes only numbers that cannot round-trip anyway: a notice."+inputDoc,
		"confirm callers never send values outside the new bound", "argument bound added")
	RuleInputPatternAdded = compat("compat.input.pattern-added", rules.Must, rules.Error,
		"no pattern is added to an input string",
		"A `pattern` on a string that had none rejects strings that do not match."+inputDoc,
		"drop the pattern or make sure it matches everything callers send", "argument pattern added")
	RuleInputPatternChanged = compat("compat.input.pattern-changed", rules.Should, rules.Warning,
		"an input pattern is not changed",
		"Whether one regular expression accepts everything another accepts cannot be decided in general; a changed pattern is a warning, and an error when a witness is found."+inputDoc,
		"make sure the new pattern matches every string the old one matched", "argument pattern changed")
	RuleInputFormatAdded = compat("compat.input.format-added", rules.Should, rules.Warning,
		"no format is added to or changed on an input string",
		"In 2020-12 `format` is an annotation by default, so many validators ignore it; those that assert it reject strings of another format."+inputDoc,
		"drop the format or make sure callers send strings of that format", "argument format added")
	RuleInputBranchRemoved = compat("compat.input.branch-removed", rules.Must, rules.Error,
		"no anyOf or oneOf branch of an input is removed",
		"A value that only matched a removed `anyOf`/`oneOf` branch is rejected. Branches are paired by meaning, not position, so reordering is silent."+inputDoc,
		"restore the branch", "argument branch removed")
	RuleInputCompositionAdded = compat("compat.input.composition-added", rules.Must, rules.Error,
		"an input is not wrapped in a new anyOf or oneOf",
		"Wrapping an input in `anyOf`/`oneOf` (for example to demand one of two properties) rejects values that match no branch."+inputDoc,
		"add a branch that accepts what callers send today", "argument composition added")
	RuleInputAllOfAdded = compat("compat.input.all-of-added", rules.Must, rules.Error,
		"no allOf branch that constrains an input is added",
		"An added `allOf` branch whose keywords cannot be folded into the schema adds constraints a value must also meet. Foldable branches are judged keyword by keyword instead."+inputDoc,
		"drop the branch or make sure it accepts everything the base accepted", "argument allOf added")
	RuleInputConditionalAdded = compat("compat.input.conditional-added", rules.Must, rules.Error,
		"no conditional constraint is added to an input",
		"`if`/`then`/`else`, `dependentRequired`, `dependentSchemas` (draft-07 `dependencies`), `not` and `contains` added or extended at head reject values the base accepted."+inputDoc,
		"drop the conditional constraint", "argument condition added")
	RuleInputConditionalChanged = compat("compat.input.conditional-changed", rules.Should, rules.Warning,
		"a conditional constraint of an input is not changed",
		"A changed `if`/`then`/`else` or `not` cannot always be judged; it is a warning, and an error when a witness is found."+inputDoc,
		"make sure the new condition accepts every value the old one accepted", "argument condition changed")
	RuleInputValueRejected = compat("compat.input.value-rejected", rules.Must, rules.Error,
		"the inputSchema accepts every value the base accepted",
		"A value the base schema accepted that the head schema rejects at a keyword no other input rule names (an element `unevaluatedItems` no longer sees evaluated, `items: false`, a keyword inside a composition): the generic search found it, from values built from the base schema and from the head's near misses, each checked with the validator. A change the judge cannot prove harmless and no witness confirms is a warning that says it may break."+inputDoc,
		"make the head schema accept the values the base accepted", "argument value rejected")
	RuleInputDefaultChanged = compat("compat.input.default-changed", rules.Should, rules.Warning,
		"the default of an input is not changed or removed",
		"Callers that omit the argument get different behaviour when the default changes; nothing is rejected, so there is no witness.",
		"keep the old default, or announce the change", "argument default changed")
	RuleInputUndecidable = compat("compat.input.undecidable", rules.Should, rules.Error,
		"an input change can be judged",
		"Where the verdict depends on a `$dynamicRef`, an external `$ref` that is never fetched, a base inputSchema that is no schema, or a bound on the work, mcpschema says so instead of guessing. A base tool with no inputSchema, or `true`, accepted any arguments object (MCP arguments are an object) and is compared as `{\"type\": \"object\"}`, `false` as accepting nothing; a base inputSchema that is null, a string or another value that is no schema cannot be interpreted, so unless the head schema accepts every arguments object the change is reported here, not compared."+undecidableDoc,
		"use local `$defs` references so the change can be judged, or accept it with an ignore with a reason", "input change not decidable")
)

// outputSchema rules.
var (
	RuleOutputSchemaRemoved = compat("compat.output.schema-removed", rules.Must, rules.Error,
		"a tool keeps its outputSchema",
		"Without outputSchema the server no longer promises structuredContent of any shape; consumers that relied on it break. A head outputSchema that is present but no schema object (null, a boolean) is reported by validation alone (`mcp.tool.output-schema.object`)."+outputDoc,
		"restore the outputSchema", "outputSchema removed")
	RuleOutputSchemaAdded = compat("compat.output.schema-added", rules.May, rules.Notice,
		"an outputSchema was added",
		"The server now promises structuredContent of that shape; nothing breaks. A base outputSchema that is absent or no schema object (null, a string, a boolean) promised no shape either, so giving one at head is listed here, not judged as a break.",
		"nothing to fix", "outputSchema added")
	RuleOutputBecameTrue = compat("compat.output.became-unconstrained", rules.Must, rules.Error,
		"the outputSchema does not stop constraining a place",
		"The head schema admits any value at a place where the base schema promised something narrower."+outputDoc,
		"restore the constraint", "output unconstrained")
	RuleOutputRequiredRemoved = compat("compat.output.required-removed", rules.Must, rules.Error,
		"no required output property is removed",
		"A property that was required in the result and is gone at head is missing from results consumers parse."+outputDoc,
		"keep returning the property", "required result member removed")
	RuleOutputBecameOptional = compat("compat.output.property-became-optional", rules.Must, rules.Error,
		"no required output property becomes optional",
		"A property no longer listed in `required` may be absent from results."+outputDoc,
		"keep the property required", "result member became optional")
	RuleOutputPropertyRemoved = compat("compat.output.property-removed", rules.Should, rules.Warning,
		"no optional output property is removed",
		"Consumers reading an optional property stop getting it; the result is still valid for them, so it is a warning.",
		"keep returning the property (deprecated)", "result member removed")
	RuleOutputAdditionalRelaxed = compat("compat.output.additional-properties-relaxed", rules.Should, rules.Warning,
		"a closed output object stays closed",
		"Opening a closed result object lets results carry members strict consumers reject: an error with a witness. Adding a member to a closed result object (optional or required) only adds: clients validate results against the schema the server lists now, so it is a warning even with a witness, and an error with strict-outputs (config, --strict-outputs, the action input) for teams whose consumers pin the old schema. Undeclared members of open objects are assumed not to be returned."+outputDoc,
		"keep the object closed, or tell consumers to accept new members", "result may carry new members")
	RuleOutputTypeWidened = compat("compat.output.type-widened", rules.Must, rules.Error,
		"an output does not start returning another type",
		"A type added to or changed in `type` (including `null`: nullable, and `integer` widened to `number`) lets results carry values consumers do not expect."+outputDoc,
		"return the old type only", "result type widened")
	RuleOutputEnumValueAdded = compat("compat.output.enum-value-added", rules.Should, rules.Warning,
		"no output enum value is added",
		"Consumers that switch over an output enum may not handle a new value. A value added to an output enum or const only adds, so it is a warning even when a witness confirms the base schema rejects it, and an error with strict-outputs (config, --strict-outputs, the action input)."+outputDoc,
		"make sure consumers handle the new value", "result value added")
	RuleOutputEnumRemoved = compat("compat.output.enum-removed", rules.Must, rules.Error,
		"an output enum or const is not dropped",
		"Dropping `enum`/`const` lets results carry any value of the type."+outputDoc,
		"restore the enum", "result values unrestricted")
	RuleOutputBoundLoosened = compat("compat.output.bound-loosened", rules.Must, rules.Error,
		"no output bound is loosened or removed",
		"A smaller minimum, larger maximum, longer maxLength, removed uniqueItems and the like let results carry values consumers did not expect. An integer bound at or beyond ±(2^53−1) (RFC 7493 §2.2) loosened or removed only admits integers that cannot round-trip anyway: a notice."+outputDoc,
		"restore the bound", "result bound loosened")
	RuleOutputPatternRemoved = compat("compat.output.pattern-removed", rules.Should, rules.Warning,
		"an output pattern is not removed or changed",
		"Results may carry strings the old pattern did not match; regular expressions cannot be compared in general, so it is a warning, and an error when a witness is found."+outputDoc,
		"restore the pattern", "result pattern removed")
	RuleOutputFormatRemoved = compat("compat.output.format-removed", rules.Should, rules.Warning,
		"an output format is not removed or changed",
		"Results may carry strings of another format; `format` is an annotation by default, so it is a warning.",
		"restore the format", "result format removed")
	RuleOutputBranchAdded = compat("compat.output.branch-added", rules.Must, rules.Error,
		"no anyOf or oneOf branch is added to an output",
		"A value that matches only a new or wider branch (for example one with a member the base branch did not declare) is a result consumers were not promised; the message names that member."+outputDoc,
		"make sure consumers accept the new shape before returning it", "result branch added")
	RuleOutputCompositionRemoved = compat("compat.output.composition-removed", rules.Must, rules.Error,
		"an output does not lose its anyOf or oneOf",
		"Dropping the `anyOf`/`oneOf` that constrained a result lets it carry values matching none of the old branches."+outputDoc,
		"restore the anyOf or oneOf", "result composition removed")
	RuleOutputAllOfRemoved = compat("compat.output.all-of-removed", rules.Should, rules.Warning,
		"no allOf branch of an output is removed",
		"A removed `allOf` branch that cannot be judged keyword by keyword loosens the promise."+outputDoc,
		"restore the branch", "result allOf removed")
	RuleOutputConditionalRemoved = compat("compat.output.conditional-removed", rules.Must, rules.Error,
		"no conditional constraint of an output is removed",
		"`if`/`then`/`else`, `dependentRequired`, `dependentSchemas`, `not` or `contains` removed or loosened at head lets results break the old promise."+outputDoc,
		"restore the conditional constraint", "result condition removed")
	RuleOutputConditionalChanged = compat("compat.output.conditional-changed", rules.Should, rules.Warning,
		"a conditional constraint of an output is not changed",
		"A changed `if`/`then`/`else` or `not` cannot always be judged; it is a warning, and an error when a witness is found."+outputDoc,
		"make sure the new condition admits only values the old one admitted", "result condition changed")
	RuleOutputValueAdmitted = compat("compat.output.value-admitted", rules.Must, rules.Error,
		"the outputSchema admits only values the base admitted",
		"A result the head schema admits that the base schema rejects at a keyword no other output rule names (an element `unevaluatedItems` did not see evaluated at base, a keyword inside a composition): the generic search found it, from values built from the head schema and from the base's near misses, each checked with the validator. A change the judge cannot prove harmless and no witness confirms is a warning that says it may break."+outputDoc,
		"return only values the base admitted", "result value admitted")
	RuleOutputDefaultChanged = compat("compat.output.default-changed", rules.May, rules.Notice,
		"the default of an output is not changed",
		"A default in an output schema is documentation; it is listed so reviewers see it.",
		"nothing to fix", "result default changed")
	RuleOutputUndecidable = compat("compat.output.undecidable", rules.Should, rules.Error,
		"an output change can be judged",
		"Where the verdict depends on a `$dynamicRef`, an external `$ref` that is never fetched, or a bound on the work, mcpschema says so instead of guessing."+undecidableDoc,
		"use local `$defs` references so the change can be judged, or accept it with an ignore with a reason", "output change not decidable")
)

// Annotation rules compare effective values: an unset hint takes its spec default
// (readOnlyHint false, destructiveHint true, idempotentHint false, openWorldHint true).
// No call is rejected by a hint: one that moves toward caution (the client
// asks again) is a notice; one that moves toward trust (a client may now
// run the tool without asking) is a warning.
var (
	RuleReadOnlyRemoved = compat("compat.annotation.read-only-removed", rules.May, rules.Notice,
		"a read-only tool stays read-only",
		"Clients auto-approve tools whose effective readOnlyHint is true; a tool that may now modify its environment is confirmed again. The hint moved toward caution and no call is rejected: a notice.",
		"keep readOnlyHint true if the tool still only reads", "readOnlyHint removed")
	RuleDestructiveAdded = compat("compat.annotation.destructive-added", rules.May, rules.Notice,
		"a non-destructive tool does not become destructive",
		"Effective destructiveHint (true when unset, meaningful when readOnlyHint is false) going from false to true tells clients the tool may now destroy data; removing an explicit `false` does the same. The hint moved toward caution: a notice.",
		"keep destructiveHint false if the tool is still non-destructive", "destructiveHint added")
	RuleIdempotentRemoved = compat("compat.annotation.idempotent-removed", rules.May, rules.Notice,
		"an idempotent tool stays idempotent",
		"Effective idempotentHint going from true to false means retries are no longer safe. The hint moved toward caution: a notice.",
		"keep idempotentHint true if repeated calls still have no extra effect", "idempotentHint removed")
	RuleOpenWorldAdded = compat("compat.annotation.open-world-added", rules.May, rules.Notice,
		"a closed-world tool does not become open-world",
		"Effective openWorldHint (true when unset) going from false to true means the tool now reaches external entities. The hint moved toward caution: a notice.",
		"keep openWorldHint false if the tool still only touches its own domain", "openWorldHint added")
	RuleReadOnlyAdded = compat("compat.annotation.read-only-added", rules.Should, rules.Warning,
		"a tool does not start claiming to be read-only",
		"Effective readOnlyHint going from false to true lets clients auto-approve the tool: the hint moved toward trust, so a warning. Make sure the tool really only reads.",
		"set readOnlyHint true only if the tool does not modify its environment", "readOnlyHint added")
	RuleDestructiveRemoved = compat("compat.annotation.destructive-removed", rules.Should, rules.Warning,
		"a destructive tool does not start claiming to be non-destructive",
		"Effective destructiveHint going from true (or unset) to false, while readOnlyHint is false, tells clients the tool no longer destroys data: the hint moved toward trust, so a warning.",
		"set destructiveHint false only if the tool's updates are purely additive", "destructiveHint removed")
	RuleIdempotentAdded = compat("compat.annotation.idempotent-added", rules.Should, rules.Warning,
		"a tool does not start claiming to be idempotent",
		"Effective idempotentHint going from false to true, while readOnlyHint is false, tells clients retries are safe: the hint moved toward trust, so a warning.",
		"set idempotentHint true only if repeated calls have no extra effect", "idempotentHint added")
	RuleOpenWorldRemoved = compat("compat.annotation.open-world-removed", rules.Should, rules.Warning,
		"an open-world tool does not start claiming a closed world",
		"Effective openWorldHint going from true (or unset) to false tells clients the tool no longer reaches external entities: the hint moved toward trust, so a warning.",
		"set openWorldHint false only if the tool touches nothing outside its own domain", "openWorldHint removed")
)

// Tool example rules (MCP Description `examples`).
var (
	RuleExampleInputInvalid = compat("compat.example.input-invalid", rules.May, rules.Notice,
		"a tool example input that validated at base still validates at head",
		"An MCP Description Tool Example is a real invocation; when its input validated against the base inputSchema and fails the head one, the change rejects that call. The example input is the witness.",
		"update the example, or keep accepting calls like it", "example input invalid")
	RuleExampleResultInvalid = compat("compat.example.result-invalid", rules.May, rules.Notice,
		"a tool example result that validated at base still validates at head",
		"When the structuredContent of an example result validated against the base outputSchema and fails the head one, the change alters the promised result shape.",
		"update the example result", "example result invalid")
)
