package validate

// extensionEntry is one MCP protocol extension the catalogue recognises.
type extensionEntry struct {
	// maturity is "official" or "experimental" (MCP Description 0.8.0 §8.4).
	maturity string
	// source is the authoritative MCP source that identifies the extension.
	source string
}

// extensionCatalogueDate is the effective date of extensionCatalogue: the
// MCP revision that made extensions formal, whose sources it pins.
const extensionCatalogueDate = "2026-07-28"

// extensionCatalogue lists the official MCP extensions mcpschema knows, so
// their identifiers, though under the MCP-reserved prefix, are not warned
// about as unknown (MCP Description 0.8.0 §8.4: a validator that uses a
// catalogue discloses its source, effective date and maturity assignments;
// the mcpdesc.capabilities.advice rule's documentation does). Recognition
// says who defines the identifier, not that its settings are valid.
var extensionCatalogue = map[string]extensionEntry{
	"io.modelcontextprotocol/tasks": {maturity: "official", source: "MCP 2026-07-28 changelog, SEP-2663 (tasks moved from core to this extension)"},
	"io.modelcontextprotocol/ui":    {maturity: "official", source: "MCP Apps extension, SEP-1865 (modelcontextprotocol/ext-apps)"},
}
