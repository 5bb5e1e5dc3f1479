package validate

import (
	"github.com/mcpschema/mcpschema/internal/mcpdesc"
	"github.com/mcpschema/mcpschema/internal/source"
)

// versionsPlace names where the tool's protocol versions are set, so that
// advice to narrow or drop versions names a field the user wrote: the
// tool's own protocolVersions, which MCP Description documents use, or,
// for versions no file declares, where the run took them from.
func versionsPlace(c *ToolContext) string {
	if c.Tool.VersionsDeclared && len(mcpdesc.Known(c.Tool.DeclaredVersions)) > 0 {
		return "the tool's protocolVersions"
	}
	if c.File.Shape == source.ShapeDescription {
		return "the tool's protocolVersions"
	}
	return optionVersionsPlace(c.Opts)
}

// fileVersionsPlace is versionsPlace for the document's versions.
func fileVersionsPlace(fc *FileContext) string {
	if fc.File.VersionsDeclared && len(mcpdesc.Known(fc.File.DeclaredVersions)) > 0 {
		return "protocolVersions"
	}
	return optionVersionsPlace(fc.Opts)
}

// optionVersionsPlace names where Options.DefaultVersions came from.
func optionVersionsPlace(o Options) string {
	if o.VersionsFrom != "" {
		return o.VersionsFrom
	}
	return "the protocol versions checked (--protocol-version, or protocol-versions in the config)"
}
