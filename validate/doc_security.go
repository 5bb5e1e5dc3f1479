package validate

import (
	"github.com/mcpschema/mcpschema/internal/mcpdesc"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// Rules about security schemes and security requirements.
var (
	RuleSecurityScheme = rules.New(rules.Rule{
		ID: "mcpdesc.security.scheme", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Title:   "bad security scheme",
		Summary: "every security scheme has a valid name, a known type and the members its type requires",
		Doc: "MCP Description 0.8.0 sections 7.1 and 7.2: securitySchemes maps names matching ^[A-Za-z0-9._-]+$ to Security Scheme Objects. type is \"http\" (requires scheme), \"apiKey\" (requires name and in, one of \"header\", \"query\" or \"cookie\"), \"oauth2\" (requires flows) or \"openIdConnect\" (requires openIdConnectUrl, a URI). " +
			"An OAuth Flows Object holds at least one of implicit, password, clientCredentials and authorizationCode; every flow has a scopes map (scope name to description) and MAY have refreshUrl; implicit requires authorizationUrl, password and clientCredentials require tokenUrl, authorizationCode requires both. " +
			"Scheme, flows and flow objects MAY carry x-* extensions and nothing else (mcpdesc.document.unknown-property).",
		Fix: "give the scheme a known type and the members that type requires",
	})
	RuleSecurityRequirement = rules.New(rules.Rule{
		ID: "mcpdesc.security.requirement", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Title:   "bad security requirement",
		Summary: "every security requirement names declared schemes with unique scope strings, empty for http and apiKey",
		Doc: "MCP Description 0.8.0 sections 6.4, 7.3 and 7.5: security (at the root, on a transport, tool, resource, resource template or prompt) is an array of Security Requirement Objects; each maps a root securitySchemes name to an array of unique scope strings. " +
			"Every name MUST exist in securitySchemes, and http and apiKey schemes MUST use an empty scope array. [] clears inherited security and [{}] allows anonymous access: both are valid and distinct. A Security Requirement Object cannot carry x-* extensions (section 14.2).",
		Fix: "name a scheme declared in securitySchemes, list each scope once, and use [] for http and apiKey schemes",
	})
	RuleSecurityScope = rules.New(rules.Rule{
		ID: "mcpdesc.security.scope-catalogued", Owner: "mcpdesc", Level: rules.May, Severity: rules.Warning,
		Title:   "OAuth2 scope not catalogued",
		Summary: "every OAuth2 scope a requirement needs is catalogued in one of the scheme's flows",
		Doc: "MCP Description 0.8.0 section 7.3: an OAuth2 requirement MAY use a scope absent from the scheme's static scope catalogue (the scopes maps of its flows); validators MAY warn but MUST NOT reject for that reason alone. " +
			"mcpschema warns, because an uncatalogued scope is usually a typo that makes the tool unusable with the grants clients request. OpenID Connect schemes have no static catalogue and are not checked.",
		Fix: "add the scope to the scopes map of the scheme's flows, or fix its spelling",
	})
)

// checkSecurity checks the schemes and every security requirement array.
func checkSecurity(fc *FileContext) {
	root, ok := docRoot(fc)
	if !ok {
		return
	}
	schemes, _ := root["securitySchemes"].(map[string]any)
	idx := schemeIndex{schemes: schemes, names: sortedKeys(schemes), cats: map[string]map[string]bool{}}
	for _, name := range idx.names {
		checkScheme(fc, name, schemes[name], source.Join("/securitySchemes", name))
	}
	if _, has := root["security"]; has {
		checkRequirements(fc, root["security"], "/security", "root", idx)
	}
	for _, key := range mcpdesc.SecuritySites {
		list, _ := root[key].([]any)
		for i, e := range list {
			obj, _ := e.(map[string]any)
			if v, has := obj["security"]; has {
				checkRequirements(fc, v, source.Join("/"+key, itoa(i), "security"), singular(key), idx)
			}
		}
	}
}

// singular names one entry of a root collection in messages.
func singular(key string) string {
	switch key {
	case "resourceTemplates":
		return "resource template"
	case "capabilities":
		return "capabilities object"
	}
	return key[:len(key)-1]
}

// checkScheme checks one Security Scheme Object.
func checkScheme(fc *FileContext, name string, v any, ptr string) {
	if !exampleNameRe.MatchString(name) {
		fc.Report(RuleSecurityScheme, ptr, nil, "security scheme name %q does not match ^[A-Za-z0-9._-]+$: rename it using only letters, digits, ., _ and -", name)
	}
	obj, ok := v.(map[string]any)
	if !ok {
		fc.Report(RuleSecurityScheme, ptr, nil, "security scheme %q is %s, not an object: write it as {\"type\": \"http\", \"scheme\": \"bearer\"}", name, jsonType(v))
		return
	}
	what := "security scheme " + quote(name)
	t, _ := obj["type"].(string)
	members, known := mcpdesc.SchemeMembers[t]
	if !known {
		if _, has := obj["type"]; !has {
			fc.Report(RuleSecurityScheme, ptr, nil, "%s has no \"type\": add one of \"http\", \"apiKey\", \"oauth2\" or \"openIdConnect\"", what)
		} else {
			fc.Report(RuleSecurityScheme, source.Join(ptr, "type"), nil, "%s type %s is not a scheme type: use \"http\", \"apiKey\", \"oauth2\" or \"openIdConnect\"", what, compactJSON(obj["type"]))
		}
		return
	}
	reportUnknownMembers(fc, obj, ptr, append([]string{"type", "description"}, members...), "security scheme")
	memberString(fc, RuleSecurityScheme, obj, ptr, "description", what, false, false)
	switch t {
	case "http":
		memberString(fc, RuleSecurityScheme, obj, ptr, "scheme", what, true, true)
		memberString(fc, RuleSecurityScheme, obj, ptr, "bearerFormat", what, false, false)
	case "apiKey":
		memberString(fc, RuleSecurityScheme, obj, ptr, "name", what, true, true)
		if in, ok := memberString(fc, RuleSecurityScheme, obj, ptr, "in", what, true, false); ok && !contains([]string{"header", "query", "cookie"}, in) {
			fc.Report(RuleSecurityScheme, source.Join(ptr, "in"), nil, "%s in is %q: use \"header\", \"query\" or \"cookie\"", what, in)
		}
	case "openIdConnect":
		if u, ok := memberString(fc, RuleSecurityScheme, obj, ptr, "openIdConnectUrl", what, true, false); ok {
			if p := uriProblem(u); p != "" {
				fc.Report(RuleSecurityScheme, source.Join(ptr, "openIdConnectUrl"), nil, "%s openIdConnectUrl %q %s: give the discovery URL", what, u, p)
			}
		}
	case "oauth2":
		checkFlows(fc, obj, ptr, what)
	}
}

// checkFlows checks an OAuth Flows Object and its flows.
func checkFlows(fc *FileContext, scheme map[string]any, ptr, what string) {
	raw, has := scheme["flows"]
	if !has {
		fc.Report(RuleSecurityScheme, ptr, nil, "%s is oauth2 but has no \"flows\": add at least one flow, such as \"authorizationCode\"", what)
		return
	}
	fptr := source.Join(ptr, "flows")
	flows, ok := raw.(map[string]any)
	if !ok {
		fc.Report(RuleSecurityScheme, fptr, nil, "%s flows is %s, not an object: write it as {\"authorizationCode\": {...}}", what, jsonType(raw))
		return
	}
	reportUnknownMembers(fc, flows, fptr, mcpdesc.FlowKinds, "OAuth flows object")
	n := 0
	for _, kind := range mcpdesc.FlowKinds {
		fv, has := flows[kind]
		if !has {
			continue
		}
		n++
		p := source.Join(fptr, kind)
		flow, ok := fv.(map[string]any)
		if !ok {
			fc.Report(RuleSecurityScheme, p, nil, "%s %s flow is %s, not an object", what, kind, jsonType(fv))
			continue
		}
		fwhat := what + " " + kind + " flow"
		reportUnknownMembers(fc, flow, p, append([]string{"scopes", "refreshUrl"}, mcpdesc.FlowURLs[kind]...), "OAuth flow")
		for _, u := range append(append([]string(nil), mcpdesc.FlowURLs[kind]...), "refreshUrl") {
			if s, ok := memberString(fc, RuleSecurityScheme, flow, p, u, fwhat, u != "refreshUrl", false); ok {
				if prob := uriProblem(s); prob != "" {
					fc.Report(RuleSecurityScheme, source.Join(p, u), nil, "%s %s %q %s: give the absolute URL", fwhat, u, s, prob)
				}
			}
		}
		scopes, has := flow["scopes"]
		m, isMap := scopes.(map[string]any)
		switch {
		case !has:
			fc.Report(RuleSecurityScheme, p, nil, "%s has no \"scopes\": add the scope catalogue, {} when the flow has none", fwhat)
		case !isMap:
			fc.Report(RuleSecurityScheme, source.Join(p, "scopes"), nil, "%s scopes is %s, not a map of scope names to descriptions", fwhat, jsonType(scopes))
		default:
			for _, s := range sortedKeys(m) {
				if _, isStr := m[s].(string); !isStr {
					fc.Report(RuleSecurityScheme, source.Join(p, "scopes", s), nil, "%s scope %q has %s, not a description string", fwhat, s, jsonType(m[s]))
				}
			}
		}
	}
	if n == 0 {
		fc.Report(RuleSecurityScheme, fptr, nil, "%s flows declares no flow: add implicit, password, clientCredentials or authorizationCode", what)
	}
}

// schemeIndex is the document's securitySchemes with what the requirement
// checks look up in it, computed once per document: the sorted scheme names
// and, filled on first use, each oauth2 scheme's scope catalogue.
type schemeIndex struct {
	schemes map[string]any
	names   []string
	cats    map[string]map[string]bool
}

// catalogue returns the scope catalogue of the scheme called name.
func (x schemeIndex) catalogue(name string, scheme map[string]any) map[string]bool {
	cat, ok := x.cats[name]
	if !ok {
		cat = mcpdesc.ReadScheme(scheme).Catalogue()
		x.cats[name] = cat
	}
	return cat
}

// checkRequirements checks one Security Requirement Array.
func checkRequirements(fc *FileContext, raw any, ptr, owner string, idx schemeIndex) {
	list, ok := raw.([]any)
	if !ok {
		fc.Report(RuleSecurityRequirement, ptr, nil, "%s security is %s, not an array: write it as [{\"<scheme>\": []}], [] to clear or [{}] for anonymous access", owner, jsonType(raw))
		return
	}
	for i, e := range list {
		rptr := source.JoinIndex(ptr, i)
		req, ok := e.(map[string]any)
		if !ok {
			fc.Report(RuleSecurityRequirement, rptr, nil, "%s security requirement is %s, not an object mapping scheme names to scopes", owner, jsonType(e))
			continue
		}
		for _, name := range sortedKeys(req) {
			sptr := source.Join(rptr, name)
			scheme, declared := idx.schemes[name].(map[string]any)
			if isExtension(name) && !declared {
				reportCarriedExtension(fc, name, rptr, "a Security Requirement Object")
				continue
			}
			if !declared {
				fc.Report(RuleSecurityRequirement, sptr, nil, "%s security names scheme %q, which securitySchemes does not declare%s: declare it there, or fix the name", owner, name, declaredFew(idx.names))
				continue
			}
			scopes, ok := req[name].([]any)
			if !ok {
				fc.Report(RuleSecurityRequirement, sptr, nil, "%s security scopes of %q are %s, not an array of scope strings", owner, name, jsonType(req[name]))
				continue
			}
			t, _ := scheme["type"].(string)
			if (t == "http" || t == "apiKey") && len(scopes) > 0 {
				fc.Report(RuleSecurityRequirement, sptr, nil, "%s security lists scopes for %s scheme %q, which takes none: use [] for it", owner, t, name)
				continue
			}
			seen := map[string]bool{}
			cat := idx.catalogue(name, scheme)
			for j, s := range scopes {
				jptr := source.JoinIndex(sptr, j)
				str, isStr := s.(string)
				switch {
				case !isStr:
					fc.Report(RuleSecurityRequirement, jptr, nil, "%s security scope is %s, not a string", owner, jsonType(s))
				case seen[str]:
					fc.Report(RuleSecurityRequirement, jptr, nil, "%s security scope %q is listed twice for %q: remove the repeat", owner, str, name)
				case t == "oauth2" && !cat[str]:
					fc.Report(RuleSecurityScope, jptr, nil, "%s security needs scope %q, which no flow of oauth2 scheme %q catalogues: add it to the flow's scopes, or fix its spelling", owner, str, name)
				}
				seen[str] = true
			}
		}
	}
}
