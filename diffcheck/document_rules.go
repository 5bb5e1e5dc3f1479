package diffcheck

import "github.com/mcpschema/mcpschema/internal/rules"

const (
	docDoc = " Base and head are the same MCP Description document path at the two revisions, or, for a document moved to another path, the one new head document that describes the same server (`info.name`) (a document deleted at head removes everything it declared, reported at the base). Declarations are paired by identity and protocol scope, not by position (protocol-scoped variants merged into one declaration that still covers their versions are each compared with it): reordering a collection, reordering keys, or replacing an inline example by a `$componentRef` to an equal component is silent."
	secDoc = " A Security Requirement Array is compared as the set of grants it accepts (alternatives are OR, schemes in one alternative AND, every listed scope required; order never matters). Every base alternative is the smallest grant that satisfied the base; one the head no longer accepts is the witness. The effective requirement of a primitive is its own `security`, else its transport's, else the root's (MCP Description 7.5); a side where none is declared at any level makes no declaration and is not compared. Security schemes are compared by what clients configure (type, HTTP scheme, API key location and name, OAuth flows and their URLs, OpenID Connect URL), not by their local names: renaming a scheme together with its uses is silent."
)

// RuleProtocolVersionRemoved: the document's protocol coverage (MCP Description 3.2, 4).
var RuleProtocolVersionRemoved = compat("compat.document.protocol-version-removed", rules.Must, rules.Error,
	"a protocol version the document described at the base revision is still described",
	"Root `protocolVersions` is the set of MCP revisions the document describes; a client that speaks only a revision dropped from it loses everything the document declares for it. Only known protocol versions are compared (an unknown one is a validation finding). The declarations scoped to that version alone are then reported as removed too."+docDoc,
	"keep the version in protocolVersions, or announce the end of its support first", "protocol version removed")

// RuleDocumentUndecidable: a bound on the work of the document comparison
// was reached; the comparison says so instead of passing silently.
var RuleDocumentUndecidable = compat("compat.document.undecidable", rules.Should, rules.Error,
	"a change of an MCP Description document can be judged within the work bounds",
	"The document comparison is bounded on hostile input: at most 16×16 same-key declarations with different protocol scopes are paired by scope overlap, at most 40000 removed×added prompt pairs are searched for renames, at most 100000 alternative checks compare one Security Requirement Array with another, and a primitive is compared through at most 32 distinct transport security requirements. Past a bound the part left unjudged is reported with this finding, which names the bound, and the report is incomplete; what was judged is still reported. The gate fails closed: it is an error (a warning before; `rules: {compat.document.undecidable: warning}` in the base branch's config restores that, and `fail-on: incomplete` still fails it)."+docDoc,
	"split the declarations so each comparison stays within the bound (give each name one declaration per disjoint protocol scope, fewer security alternatives, fewer distinct transport requirements), or review the change by hand", "document change not decidable")

// Prompt rules (MCP Description section 11).
var (
	RulePromptRemoved = compat("compat.prompt.removed", rules.Must, rules.Error,
		"a prompt present at the base revision is still declared",
		"Clients get prompts by name (prompts/get); removing one breaks every client, saved workflow or slash command that names it. Prompts are paired by name and protocol scope (MCP Description 11.1), so a prompt moved within the list is not removed; a prompt no longer declared for a protocol version the document still describes is removed for that version (for a tool of the document, compat.tool.removed says the same)."+docDoc,
		"keep the prompt, or mark it `deprecated: true` first and remove it in a later release"+aliasFix, "prompt removed")
	RulePromptRenamed = compat("compat.prompt.renamed", rules.Must, rules.Error,
		"a prompt keeps its name",
		"A prompt removed while another with the same, non-empty argument list (names and requiredness) appears is reported once as a rename, unambiguous pairs only; the pair is then compared like any other. Clients that get the old name break."+docDoc,
		"keep the old name as a prompt as well, or accept the rename"+aliasFix, "prompt renamed")
	RulePromptArgumentRemoved = compat("compat.prompt.argument-removed", rules.Must, rules.Error,
		"no prompt argument is removed",
		"A prompt's declared arguments are the only ones a prompts/get call may pass (a Prompt Example may name declared arguments only, MCP Description 11.3); a call that still passes a removed argument is outside the head's contract, and servers that validate arguments reject it. The witness is such an arguments map, checked against both argument lists."+docDoc,
		"keep the argument, even if the server now ignores it", "prompt argument removed")
	RulePromptArgumentRequiredAdded = compat("compat.prompt.argument-required-added", rules.Must, rules.Error,
		"no prompt argument becomes required",
		"A new argument with `required: true`, or an existing one that became required, breaks every prompts/get call that omits it. The witness is an arguments map with the base's required arguments only: the base accepts it and the head rejects it."+docDoc,
		"make the argument optional, with a server-side default", "required prompt argument added")
)

// Resource and resource template rules (MCP Description section 10).
var (
	RuleResourceRemoved = compat("compat.resource.removed", rules.Must, rules.Error,
		"a resource present at the base revision is still declared",
		"Clients read resources by uri (resources/read); a resource is paired by its uri and protocol scope, so a changed uri removes the old resource (the message names the resource of the same name that took its place). A changed name, title or description is not a removal; a resource no longer declared for a protocol version the document still describes is removed for that version."+docDoc,
		"keep serving the resource at its old uri, or mark it `deprecated: true` first and remove it in a later release", "resource removed")
	RuleResourceMimeTypeChanged = compat("compat.resource.mime-type-changed", rules.Should, rules.Warning,
		"a resource keeps its declared mimeType",
		"A resource's `mimeType` tells consumers how to parse its content; a different type (compared without parameters and case) or a type no longer declared breaks consumers that rely on it. The specification makes the declared type a hint: each returned content entry's own `mimeType` is authoritative and consumers must treat types as untrusted hints (MCP Description 10.4.4, 10.4.5), so it is a warning."+docDoc,
		"keep the old type, or serve the new representation under another uri", "resource mime type changed")
	RuleTemplateRemoved = compat("compat.resource-template.removed", rules.Must, rules.Error,
		"a resource template present at the base revision is still declared",
		"Clients build resource uris from templates (and complete their variables); removing one breaks them. Templates are paired by `uriTemplate`, then by name (a template whose `uriTemplate` changed), with their protocol scope; a template no longer declared for a protocol version the document still describes is removed for that version."+docDoc,
		"keep the template, or mark it `deprecated: true` first and remove it in a later release", "resource template removed")
	RuleTemplateVariableRemoved = compat("compat.resource-template.variable-removed", rules.Must, rules.Error,
		"no variable of a resource template is removed",
		"The variables of an RFC 6570 `uriTemplate` (operators and modifiers do not change a variable's name: `{+path}`, `{id:3}` and `{?owner,repository}` name path, id, owner and repository) are what clients fill, in the uris they build and in completion/complete requests that name them; a variable gone at head breaks them."+docDoc,
		"keep the variable in the template", "template variable removed")
	RuleTemplateURIChanged = compat("compat.resource-template.uri-changed", rules.Must, rules.Error,
		"a resource template still matches the uris its base template produced",
		"A template paired by name whose `uriTemplate` changed is expanded at the base (every variable set to \"x\"); when that uri cannot be an expansion of the head template (its literal text differs), clients that build uris the old way break. The uri is the witness. A change the matcher cannot disprove (only expressions changed) is silent."+docDoc,
		"keep the old template as another resource template", "resource template uri changed")
	RuleTemplateMimeTypeChanged = compat("compat.resource-template.mime-type-changed", rules.Should, rules.Warning,
		"a resource template keeps its declared mimeType",
		"As for resources: the declared type is a hint that consumers rely on, and content entries carry the authoritative type (MCP Description 10.4.4), so a changed or dropped `mimeType` is a warning."+docDoc,
		"keep the old type, or serve the new representation through another template", "template mime type changed")
)

// Security rules (MCP Description sections 6.4 and 7).
var (
	RuleSecurityScopeAdded = compat("compat.security.scope-added", rules.Must, rules.Error,
		"a security requirement needs no scope that clients holding the old grant lack",
		"A requirement that now needs an OAuth2 or OpenID Connect scope it did not breaks clients holding the old grant: their token lacks the scope."+secDoc,
		"keep the old requirement as an alternative (`security: [{old}, {new}]`) until clients have the new scope", "scope added")
	RuleSecurityRequirementAdded = compat("compat.security.requirement-added", rules.Must, rules.Error,
		"a security requirement needs no scheme that clients holding the old grant lack",
		"A requirement that now needs a security scheme a grant that satisfied the base does not hold (including anonymous access, `[]` or `{}`, that is no longer allowed) breaks clients holding that grant."+secDoc,
		"keep the old requirement as an alternative until clients have the new credentials", "security requirement added")
	RuleSecuritySchemeRemoved = compat("compat.security.scheme-removed", rules.Must, rules.Error,
		"a security scheme present at the base revision is still declared",
		"Clients configure the schemes a document declares (an API key header, an OAuth flow); a scheme removed from `securitySchemes`, and not renamed to one clients configure the same way, breaks clients that authenticate with it."+secDoc,
		"keep the scheme and accept it as an alternative requirement until clients have moved", "security scheme removed")
	RuleSecuritySchemeChanged = compat("compat.security.scheme-changed", rules.Must, rules.Error,
		"a security scheme keeps what clients configure",
		"A scheme of the same name whose type, HTTP scheme, API key location or name (header names compared without case), OAuth flow (removed, or its authorizationUrl or tokenUrl changed) or OpenID Connect URL changed breaks clients configured with the old one. Descriptions, bearer formats and scope catalogues are not compared (a requirement may use scopes absent from the catalogue, 7.3)."+secDoc,
		"declare the new scheme under another name and accept both as alternatives", "security scheme changed")
)

// Capability and transport rules (MCP Description sections 6 and 8).
var (
	RuleCapabilityRemoved = compat("compat.capability.removed", rules.Must, rules.Error,
		"a server capability declared at the base revision is still declared",
		"Server capabilities are compared per protocol version the head still describes, with the Capabilities Object that applies to it (8.6): a marker (`completions: {}`, `logging: {}`, `tasks.requests.tools.call`), a flag that was true (`resources.subscribe`) or an extension or experimental identifier gone at head breaks clients that rely on it. A `listChanged` flag gone is a warning: no request fails, but clients are no longer told when the list changes. Extension settings are not judged (8.5). A protocol version the head no longer describes is not judged here; a document without `capabilities` at the base declares nothing."+docDoc,
		"declare the capability again, or announce its removal first", "server capability removed")
	RuleClientRequirementAdded = compat("compat.capability.client-requirement-added", rules.Must, rules.Error,
		"a tool, resource, resource template or prompt requires no client capability it did not",
		"`clientRequirements` states unconditional minimum client capabilities (MCP Description 8.5); one added at head (a marker, a flag set to true, an extension identifier) makes the primitive unusable for clients without it."+docDoc,
		"drop the requirement if the capability is optional, input-dependent or used only on some paths; otherwise announce it", "client capability required")
	RuleTransportRemoved = compat("compat.transport.removed", rules.Must, rules.Error,
		"a transport declared at the base revision is still declared",
		"Clients connect through a declared transport: a streamable-http or sse transport identified by its url (scheme and host compared without case), a stdio transport by its command. One gone at head, or no longer serving a protocol version the document still describes, breaks clients configured to use it. A changed url is a removed transport; the message names the new one."+docDoc,
		"keep the transport, or announce the move and remove it in a later release", "transport removed")
)
