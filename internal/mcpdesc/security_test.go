package mcpdesc

import (
	"reflect"
	"testing"
)

func TestReadRequirement(t *testing.T) {
	for _, c := range []struct {
		in   any
		want []Alternative
		ok   bool
	}{
		{[]any{}, []Alternative{{}}, true},
		{[]any{map[string]any{}}, []Alternative{{}}, true},
		{[]any{map[string]any{"oauth": []any{"b", "a", "b"}, "key": []any{}}, map[string]any{"key": []any{}}},
			[]Alternative{{"oauth": {"a", "b"}, "key": {}}, {"key": {}}}, true},
		{map[string]any{"oauth": []any{}}, nil, false},
		{[]any{"oauth"}, nil, false},
		{[]any{map[string]any{"oauth": "read"}}, nil, false},
		{[]any{map[string]any{"oauth": []any{1}}}, nil, false},
		// an extension is not a scheme, as validation reads it (it reports it as misplaced)
		{[]any{map[string]any{"oauth": []any{"a"}, "x-note": "why"}}, []Alternative{{"oauth": {"a"}}}, true},
	} {
		got, ok := ReadRequirement(c.in)
		if ok != c.ok || len(got) != len(c.want) {
			t.Errorf("ReadRequirement(%v) = %v, %v; want %v, %v", c.in, got, ok, c.want, c.ok)
			continue
		}
		for i := range got {
			for k, v := range c.want[i] {
				if g, has := got[i][k]; !has || len(g) != len(v) || (len(v) > 0 && !reflect.DeepEqual(g, v)) {
					t.Errorf("ReadRequirement(%v)[%d][%q] = %v, want %v", c.in, i, k, g, v)
				}
			}
			if len(got[i]) != len(c.want[i]) {
				t.Errorf("ReadRequirement(%v)[%d] = %v, want %v", c.in, i, got[i], c.want[i])
			}
		}
	}
}

func TestAlternativeMissing(t *testing.T) {
	alt := Alternative{"oauth": {"read", "write"}, "key": {}}
	schemes, scopes := alt.Missing(Alternative{"oauth": {"read"}})
	if !reflect.DeepEqual(schemes, []string{"key"}) || !reflect.DeepEqual(scopes, map[string][]string{"oauth": {"write"}}) {
		t.Errorf("Missing = %v, %v", schemes, scopes)
	}
	schemes, scopes = alt.Missing(Alternative{"oauth": {"admin", "read", "write"}, "key": {}})
	if len(schemes) != 0 || len(scopes) != 0 {
		t.Errorf("a grant holding everything misses %v, %v", schemes, scopes)
	}
}

func TestSchemeIdentityAndCatalogue(t *testing.T) {
	for _, c := range []struct {
		obj map[string]any
		id  string
		ok  bool
	}{
		{map[string]any{"type": "http", "scheme": "Bearer", "description": "x"}, "http bearer", true},
		{map[string]any{"type": "apiKey", "in": "header", "name": "X-Key"}, "apiKey header x-key", true},
		{map[string]any{"type": "apiKey", "in": "query", "name": "Key"}, "apiKey query Key", true},
		{map[string]any{"type": "openIdConnect", "openIdConnectUrl": "https://a/.well-known"}, "openIdConnect https://a/.well-known", true},
		{map[string]any{"type": "oauth2", "flows": map[string]any{
			"clientCredentials": map[string]any{"tokenUrl": "https://a/t", "scopes": map[string]any{"read": ""}},
			"authorizationCode": map[string]any{"authorizationUrl": "https://a/a", "tokenUrl": "https://a/t", "scopes": map[string]any{"write": "", "read": ""}},
			"bogus":             "no object",
		}}, "oauth2 authorizationCode https://a/a https://a/t|bogus  |clientCredentials  https://a/t", true},
		{map[string]any{"type": "oauth2"}, "oauth2 ", true},
		{map[string]any{"type": "mutualTLS"}, "", false},
		{map[string]any{}, "", false},
	} {
		if id, ok := ReadScheme(c.obj).Identity(); id != c.id || ok != c.ok {
			t.Errorf("Identity(%v) = %q, %v; want %q, %v", c.obj, id, ok, c.id, c.ok)
		}
	}
	cat := ReadScheme(map[string]any{"type": "oauth2", "flows": map[string]any{
		"implicit": map[string]any{"scopes": map[string]any{"a": "", "b": ""}},
		"password": map[string]any{"scopes": map[string]any{"b": "", "c": ""}},
		"other":    map[string]any{"scopes": "none"},
	}}).Catalogue()
	if !reflect.DeepEqual(cat, map[string]bool{"a": true, "b": true, "c": true}) {
		t.Errorf("Catalogue = %v", cat)
	}
}

func TestApplicable(t *testing.T) {
	root := []any{map[string]any{"oauth": []any{}}}
	own := []any{}
	if v, has := Applicable(map[string]any{"security": own}, root, true); !has || !reflect.DeepEqual(v, own) {
		t.Errorf("own security does not replace the inherited one: %v, %v", v, has)
	}
	if v, has := Applicable(map[string]any{}, root, true); !has || !reflect.DeepEqual(v, root) {
		t.Errorf("without its own security the inherited one does not apply: %v, %v", v, has)
	}
	if _, has := Applicable(map[string]any{}, nil, false); has {
		t.Error("nothing declared, yet a requirement applies")
	}
}

// TestSecuritySites: every site validation checks is the root or a
// transport or a primitive the judge compares.
func TestSecuritySites(t *testing.T) {
	if !reflect.DeepEqual(SecuritySites, []string{"transports", "tools", "resources", "resourceTemplates", "prompts"}) {
		t.Errorf("SecuritySites = %v", SecuritySites)
	}
}
