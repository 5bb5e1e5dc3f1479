package mcpdesc

import (
	"sort"
	"strings"
)

// SchemeMembers are the members of each Security Scheme Object type MCP
// Description 0.8.0 defines (section 7.2), besides type, description and
// x-*. A type absent from it is unknown.
var SchemeMembers = map[string][]string{
	"http":          {"scheme", "bearerFormat"},
	"apiKey":        {"name", "in"},
	"oauth2":        {"flows"},
	"openIdConnect": {"openIdConnectUrl"},
}

// FlowKinds are the OAuth flows an OAuth Flows Object may declare, in
// the order the specification lists them.
var FlowKinds = []string{"implicit", "password", "clientCredentials", "authorizationCode"}

// FlowURLs are the URLs each OAuth flow requires.
var FlowURLs = map[string][]string{
	"implicit":          {"authorizationUrl"},
	"password":          {"tokenUrl"},
	"clientCredentials": {"tokenUrl"},
	"authorizationCode": {"authorizationUrl", "tokenUrl"},
}

// SecurityPrimitives are the root collections whose entries may carry
// their own security, which replaces the requirement they inherit.
var SecurityPrimitives = []string{"tools", "resources", "resourceTemplates", "prompts"}

// SecuritySites are the root collections whose entries may carry a
// Security Requirement Array besides the root: the transports and the
// primitives.
var SecuritySites = append([]string{"transports"}, SecurityPrimitives...)

// Scheme is a Security Scheme Object as read from the document: each
// string member is "" when absent or not a string.
type Scheme struct {
	Type, Scheme, Name, In, OpenIDConnectURL string
	// Flows are the members of an oauth2 scheme's flows object, sorted by
	// kind (whatever the kind; a flow that is no object is empty).
	Flows []Flow
}

// Flow is one OAuth Flow Object of a scheme.
type Flow struct {
	Kind, AuthorizationURL, TokenURL string
	// Scopes are the scope names its scopes map catalogues, sorted.
	Scopes []string
}

// ReadScheme reads a Security Scheme Object.
func ReadScheme(obj map[string]any) Scheme {
	s := Scheme{Type: str(obj, "type"), Scheme: str(obj, "scheme"), Name: str(obj, "name"), In: str(obj, "in"), OpenIDConnectURL: str(obj, "openIdConnectUrl")}
	flows, _ := obj["flows"].(map[string]any)
	for _, k := range sortedKeys(flows) {
		f, _ := flows[k].(map[string]any)
		scopes, _ := f["scopes"].(map[string]any)
		s.Flows = append(s.Flows, Flow{Kind: k, AuthorizationURL: str(f, "authorizationUrl"), TokenURL: str(f, "tokenUrl"), Scopes: sortedKeys(scopes)})
	}
	return s
}

// Identity is what a client configures for the scheme: two schemes with
// the same identity are the same to clients, whatever their local names
// and descriptions. ok is false for a type MCP Description does not define.
func (s Scheme) Identity() (id string, ok bool) {
	switch s.Type {
	case "http":
		return "http " + strings.ToLower(s.Scheme), true
	case "apiKey":
		name := s.Name
		if s.In == "header" {
			name = strings.ToLower(name)
		}
		return "apiKey " + s.In + " " + name, true
	case "openIdConnect":
		return "openIdConnect " + s.OpenIDConnectURL, true
	case "oauth2":
		parts := make([]string, 0, len(s.Flows))
		for _, f := range s.Flows {
			parts = append(parts, f.Kind+" "+f.AuthorizationURL+" "+f.TokenURL)
		}
		return "oauth2 " + strings.Join(parts, "|"), true
	}
	return "", false
}

// Catalogue returns the scopes every flow of the scheme catalogues.
func (s Scheme) Catalogue() map[string]bool {
	out := map[string]bool{}
	for _, f := range s.Flows {
		for _, sc := range f.Scopes {
			out[sc] = true
		}
	}
	return out
}

// Alternative is one alternative of a Security Requirement Array: the
// schemes it requires jointly, each with its scopes (sorted, unique).
type Alternative map[string][]string

// ReadRequirement reads a Security Requirement Array into its
// alternatives; ok is false when v is no such array (validation reports
// it). An empty array clears every requirement: anyone may call, as with
// one empty alternative. An x-* member of an alternative is an extension,
// not a scheme name: it is left out, as validation reads it (and reports
// it as misplaced, mcpdesc.document.extension-placement).
func ReadRequirement(v any) (alts []Alternative, ok bool) {
	list, ok := v.([]any)
	if !ok {
		return nil, false
	}
	if len(list) == 0 {
		return []Alternative{{}}, true
	}
	for _, e := range list {
		obj, ok := e.(map[string]any)
		if !ok {
			return nil, false
		}
		alt := Alternative{}
		for name, sv := range obj {
			if strings.HasPrefix(name, "x-") {
				continue
			}
			scopes, ok := sv.([]any)
			if !ok {
				return nil, false
			}
			set := map[string]bool{}
			for _, s := range scopes {
				str, ok := s.(string)
				if !ok {
					return nil, false
				}
				set[str] = true
			}
			alt[name] = sortedKeys(set)
		}
		alts = append(alts, alt)
	}
	return alts, true
}

// Missing returns what a grant lacks to satisfy the alternative: the
// schemes it does not hold and, per held scheme, the scopes it lacks.
func (alt Alternative) Missing(grant Alternative) (schemes []string, scopes map[string][]string) {
	scopes = map[string][]string{}
	for _, name := range sortedKeys(alt) {
		have, ok := grant[name]
		if !ok {
			schemes = append(schemes, name)
			continue
		}
		for _, s := range alt[name] {
			// have is sorted (ReadRequirement): a lookup is a binary
			// search, not a scan, however many scopes both sides list.
			if i := sort.SearchStrings(have, s); i == len(have) || have[i] != s {
				scopes[name] = append(scopes[name], s)
			}
		}
	}
	return schemes, scopes
}

// Applicable returns the Security Requirement Array that applies to a
// transport or primitive obj: its own security when it has one, which
// replaces what it inherits, else the inherited one (outer; for a
// transport the root's, for a primitive its transport's). has is false
// when neither is declared.
func Applicable(obj map[string]any, outer any, outerHas bool) (req any, has bool) {
	if v, own := obj["security"]; own {
		return v, true
	}
	return outer, outerHas
}

func str(obj map[string]any, k string) string { s, _ := obj[k].(string); return s }

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
