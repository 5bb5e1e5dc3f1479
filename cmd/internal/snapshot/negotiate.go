package snapshot

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// JSON-RPC error codes that make the snapshot connect again at another
// protocol version.
const (
	codeMethodNotFound             = -32601
	codeUnsupportedProtocolVersion = -32022
)

// initRefused is an initialize the server answered with an error that
// names the version to connect at instead: "method not found" (a server
// that speaks only the versions negotiated with server/discover), or
// "unsupported protocol version" listing versions the client speaks (or
// none).
type initRefused struct {
	// err says how initialize failed.
	err error
	// next is the version to connect at.
	next string
}

func (e *initRefused) Error() string { return e.err.Error() }

// nextVersion is the version to connect at after initialize was answered
// with the JSON-RPC error werr, "" when the error names none: the newest
// version the server lists that the SDK speaks (other than the one
// offered), else the version of server/discover.
func nextVersion(werr *jsonrpc.Error, offered string) string {
	switch werr.Code {
	case codeMethodNotFound:
		return discoverVersion
	case codeUnsupportedProtocolVersion:
		if supported := supportedVersions(werr); len(supported) > 0 {
			for _, v := range mcp.SupportedProtocolVersions() {
				if v != offered && slices.Contains(supported, v) {
					return v
				}
			}
			return ""
		}
		return discoverVersion
	}
	return ""
}

// supportedVersions are the versions an "unsupported protocol version"
// error lists in its data, nil when it lists none.
func supportedVersions(werr *jsonrpc.Error) []string {
	var data mcp.UnsupportedProtocolVersionData
	if werr.Code != codeUnsupportedProtocolVersion || len(werr.Data) == 0 || json.Unmarshal(werr.Data, &data) != nil {
		return nil
	}
	return data.Supported
}

// quoteList is "a", "b".
func quoteList(vs []string) string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = fmt.Sprintf("%q", v)
	}
	return strings.Join(out, ", ")
}

// connectError explains a failed connection; an initialize refused in a
// way that names another version is an *initRefused on the first
// connection, and the second connection's failure says how both failed.
func (s *session) connectError(err error, ctx context.Context) error {
	what := "initialize"
	if s.version >= discoverVersion {
		if _, answered := s.rec.answered("server/discover"); !answered {
			// the SDK asks server/discover first, initialize only when it fails
			what = "server/discover"
		}
	}
	explained := s.explain(what, err, ctx, "--startup-timeout", s.o.StartupTimeout)
	if s.first == nil {
		if res, ok := s.rec.answered("initialize"); ok && res.err != nil && what == "initialize" && !s.rec.oversized() {
			if next := nextVersion(res.err, s.version); next != "" && next != s.version && (next < discoverVersion || slices.Contains(mcp.SupportedProtocolVersions(), next)) {
				return &initRefused{err: explained, next: next}
			}
			if supported := supportedVersions(res.err); len(supported) > 0 {
				sdk := slices.Clone(mcp.SupportedProtocolVersions())
				slices.Sort(sdk)
				return fmt.Errorf("%v: the server speaks %s, none of which this client speaks (it speaks %s)", explained, quoteList(supported), strings.Join(sdk, ", "))
			}
		}
		return explained
	}
	second := strings.TrimPrefix(explained.Error(), what+" failed: ")
	if s.version >= discoverVersion {
		if res, answered := s.rec.answered("server/discover"); answered && res.err != nil {
			second = rpcErrorText(res.err)
		} else if answered {
			var disc struct {
				SupportedVersions []string `json:"supportedVersions"`
			}
			_ = json.Unmarshal(res.result, &disc)
			second = fmt.Sprintf("it answered the versions %q, none of which this client speaks at %s or later", disc.SupportedVersions, discoverVersion)
		}
		return fmt.Errorf("%v; server/discover at %s failed too: %s", s.first.err, s.version, second)
	}
	return fmt.Errorf("%v; initialize at %s failed too: %s", s.first.err, s.version, second)
}

// rpcErrorText is a JSON-RPC error as the server sent it: its message and code.
func rpcErrorText(werr *jsonrpc.Error) string {
	return fmt.Sprintf("%s (JSON-RPC error %d)", werr.Message, werr.Code)
}

// serverInfo is the whole serverInfo the server sent: in the result of
// server/discover (its _meta) for a version negotiated that way, else in
// the result of initialize; nil when it is not an object.
func (s *session) serverInfo(version string) map[string]any {
	if version >= discoverVersion {
		if raw, ok := s.rec.result("server/discover"); ok {
			if res, ok := decodeObject(raw); ok {
				meta, _ := res["_meta"].(map[string]any)
				info, _ := meta["io.modelcontextprotocol/serverInfo"].(map[string]any)
				return info
			}
		}
	}
	if raw, ok := s.rec.result("initialize"); ok {
		if res, ok := decodeObject(raw); ok {
			info, _ := res["serverInfo"].(map[string]any)
			return info
		}
	}
	return nil
}
