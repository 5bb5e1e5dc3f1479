package mcpdesc

import "strings"

// TransportMembers are the members of each transport type MCP Description
// 0.8.0 defines (sections 6.2 and 6.6), besides the common
// protocolVersions, security and x-*. A type absent from it is unknown.
var TransportMembers = map[string][]string{
	"streamable-http": {"type", "url"},
	"sse":             {"type", "url"},
	"stdio":           {"type", "command", "args", "env"},
}

// Transport is a Transport Object as read from the document: each member
// is "" when absent or not a string.
type Transport struct {
	// Type is "streamable-http", "sse", "stdio" or anything else the
	// document wrote.
	Type string
	// URL is the endpoint of an HTTP transport.
	URL string
	// Command is the command of a stdio transport.
	Command string
}

// ReadTransport reads a Transport Object's type and endpoint members.
func ReadTransport(obj map[string]any) Transport {
	str := func(k string) string { s, _ := obj[k].(string); return s }
	return Transport{Type: str("type"), URL: str("url"), Command: str("command")}
}

// Key identifies a transport the way a client connects to it: its type and
// its endpoint (the normalised url for HTTP transports, the command for
// stdio). It is "" when the transport has no known type or no endpoint.
func (t Transport) Key() string {
	switch t.Type {
	case "stdio":
		if t.Command != "" {
			return "stdio " + t.Command
		}
	case "streamable-http", "sse":
		if t.URL != "" {
			return t.Type + " " + NormalizeURL(t.URL)
		}
	}
	return ""
}

// NormalizeURL lower-cases a URL's scheme and host, which are
// case-insensitive, and drops the scheme's default port (:443 for https,
// :80 for http), which names the same endpoint (RFC 3986 6.2.3).
func NormalizeURL(u string) string {
	scheme, rest, ok := strings.Cut(u, "://")
	if !ok {
		return u
	}
	host, path, _ := strings.Cut(rest, "/")
	if path != "" || strings.HasSuffix(rest, "/") {
		path = "/" + path
	}
	scheme, host = strings.ToLower(scheme), strings.ToLower(host)
	if port := map[string]string{"https": ":443", "http": ":80"}[scheme]; port != "" {
		host = strings.TrimSuffix(host, port)
	}
	return scheme + "://" + host + path
}
