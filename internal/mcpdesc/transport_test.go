package mcpdesc

import "testing"

func TestTransportKey(t *testing.T) {
	for _, c := range []struct {
		obj  map[string]any
		want string
	}{
		{map[string]any{"type": "streamable-http", "url": "HTTPS://Example.COM:443/mcp"}, "streamable-http https://example.com/mcp"},
		{map[string]any{"type": "sse", "url": "http://example.com:80"}, "sse http://example.com"},
		{map[string]any{"type": "sse", "url": "http://example.com:8080/"}, "sse http://example.com:8080/"},
		{map[string]any{"type": "streamable-http", "url": "https://example.com/A/B"}, "streamable-http https://example.com/A/B"},
		{map[string]any{"type": "streamable-http", "url": "urn:x"}, "streamable-http urn:x"},
		{map[string]any{"type": "stdio", "command": "npx", "url": "https://example.com"}, "stdio npx"},
		{map[string]any{"type": "stdio", "command": 3}, ""},
		{map[string]any{"type": "stdio"}, ""},
		{map[string]any{"type": "streamable-http", "url": ""}, ""},
		{map[string]any{"type": "websocket", "url": "wss://example.com"}, ""},
		{map[string]any{"url": "https://example.com"}, ""},
		{map[string]any{"type": []any{"sse"}, "url": "https://example.com"}, ""},
	} {
		if got := ReadTransport(c.obj).Key(); got != c.want {
			t.Errorf("ReadTransport(%v).Key() = %q, want %q", c.obj, got, c.want)
		}
	}
}

// TestTransportKeyOnlyForKnownTypes: a transport the judge pairs by its key
// has a type validation knows (one table of types for both).
func TestTransportKeyOnlyForKnownTypes(t *testing.T) {
	for _, typ := range []string{"streamable-http", "sse", "stdio", "websocket", "STDIO", ""} {
		k := ReadTransport(map[string]any{"type": typ, "url": "https://example.com", "command": "run"}).Key()
		if _, known := TransportMembers[typ]; known != (k != "") {
			t.Errorf("type %q: known to validation %v, key %q", typ, known, k)
		}
	}
}
