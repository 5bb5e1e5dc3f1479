package validate

import (
	"net/url"
	"regexp"
	"strings"

	"github.com/mcpschema/mcpschema/internal/mcpdesc"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// Rules about the document's transports.
var (
	RuleTransportShape = rules.New(rules.Rule{
		ID: "mcpdesc.transport.shape", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Title:   "malformed transport",
		Summary: "every transport has a known type and the members that type requires",
		Doc: "MCP Description 0.8.0 sections 6.2 and 6.6: every Transport Object has type \"streamable-http\", \"stdio\" or \"sse\". streamable-http and sse require url, an absolute URI; stdio requires command (a string) and MAY have args (an array of strings) and env (an object of string values). " +
			"Every transport MAY carry protocolVersions, security and x-* extensions and nothing else (mcpdesc.document.unknown-property).",
		Fix: "give the transport a known type and the members of that type, for example {\"type\": \"streamable-http\", \"url\": \"https://example.com/mcp\"}",
	})
	RuleTransportCoverage = rules.New(rules.Rule{
		ID: "mcpdesc.transport.coverage", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Title:   "version without a transport",
		Summary: "when transports are declared, every root protocol version has a transport",
		Doc: "MCP Description 0.8.0 section 6.5: when transports is present, the union of the transports' effective protocol scopes MUST equal the root protocolVersions: a root version without an applicable transport is an error (a transport scope outside the root is mcpdesc.document.protocol-scope). " +
			"When transports is omitted nothing is inferred.",
		Fix: "add a transport for the uncovered protocol version, or widen an existing transport's protocolVersions",
	})
	RuleTransportVersion = rules.New(rules.Rule{
		ID: "mcpdesc.transport.version", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Versions: []string{"2024-11-05"},
		Title:    "streamable-http outside its versions",
		Summary:  "a streamable-http transport applies only to protocol versions that define it",
		Doc:      "MCP Description 0.8.0 section 6.2.1: the Streamable HTTP transport is defined for MCP 2025-03-26 and later; MCP 2024-11-05 has no such transport (its remote transport is sse).",
		Fix:      "scope the streamable-http transport to 2025-03-26 and later, and declare an sse transport for 2024-11-05",
	})
	RuleTransportLegacy = rules.New(rules.Rule{
		ID: "mcpdesc.transport.sse-legacy", Owner: "mcpdesc", Level: rules.Should, Severity: rules.Warning,
		Versions: versionsFrom("2025-03-26"),
		Title:    "sse transport outside 2024-11-05",
		Summary:  "an sse transport applies only to 2024-11-05, where it is the remote transport",
		Doc:      "MCP Description 0.8.0 section 6.2.3: the SSE transport is the legacy remote transport of MCP 2024-11-05; validators SHOULD warn when it is associated with MCP 2025-03-26 or later, where Streamable HTTP is the standard remote transport.",
		Fix:      "use a streamable-http transport for 2025-03-26 and later, and scope the sse transport to 2024-11-05",
	})
)

// checkTransports checks every transport and the coverage of the root versions.
func checkTransports(fc *FileContext) {
	root, ok := docRoot(fc)
	if !ok {
		return
	}
	if _, has := root["transports"].([]any); !has {
		return
	}
	covered := map[string]bool{}
	for _, d := range collectDecls(fc, root, "transports", "transport", RuleTransportShape) {
		for _, v := range d.versions {
			covered[v] = true
		}
		checkTransport(fc, d)
	}
	var missing []string
	for _, v := range fc.Versions {
		if !covered[v] {
			missing = append(missing, v)
		}
	}
	if len(missing) > 0 && len(root["transports"].([]any)) > 0 {
		fc.Report(RuleTransportCoverage, "/transports", missing,
			"no transport applies to %s of the root protocolVersions: add a transport for it, or widen a transport's protocolVersions", versionsText(missing))
	}
}

// checkTransport checks one transport's type and members.
func checkTransport(fc *FileContext, d decl) {
	t, _ := d.obj["type"].(string)
	members, known := mcpdesc.TransportMembers[t]
	if !known {
		if _, has := d.obj["type"]; !has {
			fc.Report(RuleTransportShape, d.ptr, nil, "transport has no \"type\": add \"type\": \"streamable-http\", \"stdio\" or \"sse\"")
		} else {
			fc.Report(RuleTransportShape, source.Join(d.ptr, "type"), nil, "transport type %s is not a transport MCP Description defines: use \"streamable-http\", \"stdio\" or \"sse\"", compactJSON(d.obj["type"]))
		}
		return
	}
	what := t + " transport"
	reportUnknownMembers(fc, d.obj, d.ptr, append([]string{"protocolVersions", "security"}, members...), what)
	switch t {
	case "stdio":
		memberString(fc, RuleTransportShape, d.obj, d.ptr, "command", what, true, true)
		if memberType(fc, RuleTransportShape, d.obj, d.ptr, "args", what, "array") {
			for i, a := range d.obj["args"].([]any) {
				if _, isStr := a.(string); !isStr {
					fc.Report(RuleTransportShape, source.Join(d.ptr, "args", itoa(i)), nil, "stdio transport argument is %s, not a string: quote it", jsonType(a))
				}
			}
		}
		if memberType(fc, RuleTransportShape, d.obj, d.ptr, "env", what, "object") {
			env := d.obj["env"].(map[string]any)
			for _, k := range sortedKeys(env) {
				if _, isStr := env[k].(string); !isStr {
					fc.Report(RuleTransportShape, source.Join(d.ptr, "env", k), nil, "stdio transport environment variable %q is %s, not a string: quote the value", k, jsonType(env[k]))
				}
			}
		}
	default:
		if u, ok := memberString(fc, RuleTransportShape, d.obj, d.ptr, "url", what, true, false); ok {
			if problem := uriProblem(u); problem != "" {
				fc.Report(RuleTransportShape, source.Join(d.ptr, "url"), nil, "%s url %q %s: give the absolute endpoint URL, such as \"https://example.com/mcp\"", what, u, problem)
			}
		}
	}
	if t == "streamable-http" && contains(d.versions, "2024-11-05") {
		fc.Report(RuleTransportVersion, source.Join(d.ptr, "type"), []string{"2024-11-05"},
			"streamable-http transport applies to protocol version \"2024-11-05\", which does not define it: scope it to 2025-03-26 and later, and use an sse transport for 2024-11-05")
	}
	if t == "sse" {
		if late := intersect(d.versions, versionsFrom("2025-03-26")); len(late) > 0 {
			fc.Report(RuleTransportLegacy, source.Join(d.ptr, "type"), late,
				"sse transport applies to %s, where Streamable HTTP is the standard remote transport: use a streamable-http transport there, and scope the sse transport to \"2024-11-05\"", versionsText(late))
		}
	}
}

var uriSchemeRe = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*:`)

// uriProblem says why s is not a syntactically valid absolute URI ("" when it is).
func uriProblem(s string) string {
	if !uriSchemeRe.MatchString(s) {
		return "is not an absolute URI (it has no scheme)"
	}
	for _, r := range s {
		if r <= ' ' || r == 0x7f || r == '"' || r == '<' || r == '>' || r == '\\' || r == '^' || r == '`' || r == '{' || r == '|' || r == '}' {
			return "holds a character a URI cannot (" + quote(string(r)) + ")"
		}
	}
	if strings.Contains(s, "%") {
		for i := 0; i < len(s); i++ {
			if s[i] == '%' && (i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2])) {
				return "has a % that is not a percent-encoding"
			}
		}
	}
	u, err := url.Parse(s)
	if err != nil {
		return "is not a valid URI"
	}
	if (u.Scheme == "http" || u.Scheme == "https") && u.Host == "" {
		return "has no host"
	}
	return ""
}

func isHex(b byte) bool {
	return (b >= '0' && b <= '9') || (b >= 'a' && b <= 'f') || (b >= 'A' && b <= 'F')
}
