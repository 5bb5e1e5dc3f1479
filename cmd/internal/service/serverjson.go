package service

import (
	"fmt"
	"strings"

	"github.com/mcpschema/mcpschema/internal/load"
)

// DefaultServerJSON is the MCP Registry server.json looked for when the
// config names none: the file at the root of the run's directory.
const DefaultServerJSON = "server.json"

// readServerJSON reads server-json: a path relative to the run's
// directory (the file must exist and is checked whatever it holds), true
// (the default: server.json at the root, when it reads as a registry
// entry) or false (none).
func (c *Config) readServerJSON(v any, ptr string) error {
	switch t := v.(type) {
	case bool:
		c.ServerJSON, c.ServerJSONOff = "", !t
		return nil
	case string:
		p := strings.TrimSpace(t)
		if p == "" {
			break
		}
		if load.HasMeta(p) {
			return c.errAt(ptr, fmt.Sprintf("server-json %q is a pattern: name the one server.json file, such as \"server.json\" or \"registry/server.json\"", t))
		}
		if err := CheckWorkspacePattern(p); err != nil {
			return c.errAt(ptr, "server-json: "+err.Error())
		}
		c.ServerJSON = p
		return nil
	}
	return c.errAt(ptr, fmt.Sprintf("server-json must be the path of the server's MCP Registry server.json (or false), not %s", configValueText(v)))
}

// serverJSONInput is the server.json a run checks: the config's (required),
// else server.json at the root when present, or none.
func serverJSONInput(cfg *Config) (path string, required bool) {
	return ServerJSONInput(cfg)
}

// ServerJSONInput is the server.json a run looks for with cfg (path "":
// none) and whether the config names it (required).
func ServerJSONInput(cfg *Config) (path string, required bool) {
	switch {
	case cfg.ServerJSONOff:
		return "", false
	case cfg.ServerJSON != "":
		return cfg.ServerJSON, true
	}
	return DefaultServerJSON, false
}
