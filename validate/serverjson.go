package validate

import (
	"strings"

	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/schema"
	"github.com/mcpschema/mcpschema/internal/serverjson"
	"github.com/mcpschema/mcpschema/internal/source"
)

// An MCP Registry server.json (source.ShapeServerJSON): its "$schema"
// version, the registry's published JSON Schema of that version (bundled,
// internal/serverjson, compiled once per run by the run's schema engine
// when a file names it), and the registry's documented requirements
// beyond the schema (serverjson_registry.go).
var (
	RuleServerSchemaVersion = rules.New(rules.Rule{
		ID: "registry.server-json.schema-version", Title: "server.json names no known schema version", Owner: "registry", Level: rules.Must, Severity: rules.Error,
		Summary: "a server.json's $schema names a dated registry schema version",
		Doc: "The MCP Registry reads a server.json by the version its \"$schema\" names: https://static.modelcontextprotocol.io/schemas/<version>/server.schema.json. Its publisher requires the field (\"$schema field is required\") and refuses the undated draft URL (.../schemas/draft/server.schema.json) and the pre-release form (modelcontextprotocol.io/schemas/draft/2025-07-09/server.json) as \"deprecated schema detected\". " +
			"mcpschema bundles every dated version (2025-07-09, 2025-09-16, 2025-09-29, 2025-10-11, 2025-10-17, 2025-12-11) and never fetches one: a missing or non-string $schema, a URL of another form or a version it does not bundle is an error, and the file is then checked against the registry's documented requirements only, not a schema. " +
			"A known version's URL written otherwise (http://, another file name) is an error too, and the file is checked against that version. " +
			"Sources: modelcontextprotocol/registry cmd/publisher/commands (publish, validate: \"deprecated schema detected\"), internal/validators (schema version check), docs/reference/server-json/CHANGELOG.md; the schemas: modelcontextprotocol/static schemas/<version>/server.schema.json.",
		Fix: "set \"$schema\" to https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json (the version the file follows)",
	})
	RuleServerSchemaDeprecated = rules.New(rules.Rule{
		ID: "registry.server-json.schema-deprecated", Title: "server.json follows a deprecated schema version", Owner: "registry", Level: rules.Should, Severity: rules.Warning,
		Summary: "a server.json follows the registry's current schema version",
		Doc: "The registry's publisher accepts only the current schema version for new publications: any other dated version fails `mcp-publisher publish` with \"deprecated schema detected: <url>. Migrate to the current schema format for new servers.\" (and warns in `mcp-publisher validate`). " +
			"The file is still checked against the version it names; the warning names the newest version mcpschema bundles (2025-12-11). The migrations between versions (snake_case to camelCase in 2025-09-16, status and the official _meta removed in 2025-09-29, version optional for OCI and MCPB packages in 2025-10-11 and 2025-10-17, URL template variables for remotes in 2025-12-11) are in the registry's docs/reference/server-json/CHANGELOG.md. " +
			"Sources: modelcontextprotocol/registry cmd/publisher/commands/publish.go, issues #714 and #875.",
		Fix: "migrate the file to the current schema and set \"$schema\" to its URL (see the registry's server.json CHANGELOG)",
	})
	RuleServerSchema = rules.New(rules.Rule{
		ID: "registry.server-json.schema", Title: "server.json does not match its schema", Owner: "registry", Level: rules.Must, Severity: rules.Error,
		Summary: "a server.json validates against the registry's schema of the version it names",
		Doc: "Every reason the file fails the registry's published JSON Schema (draft-07) of the version its \"$schema\" names, each at its position: required members (name, description, version; a package's registryType, identifier and transport), types, patterns (the name's namespace/name), lengths (description 1 to 100 characters, name 3 to 200, version at most 255), enums (transport types, argument formats), the \"latest\" package version, and the formats the schema asserts (uri). " +
			"The schema is bundled in the binary and compiled once per run, when a file names its version; nothing is fetched. A package argument whose type is neither positional nor named is reported once, by registry.server-json.package-argument, not as the schema's alternatives. " +
			"Source: https://static.modelcontextprotocol.io/schemas/<version>/server.schema.json (modelcontextprotocol/static).",
		Fix: "correct the value the finding points at as the schema of the named version requires, or name the version the file follows",
	})
)

// checkServerJSON checks a server.json: its "$schema", the registry's
// requirements, and the schema of the version it names (a requirement's
// finding replaces the schema's at the same place).
func checkServerJSON(fc *FileContext) {
	root, ok := fc.File.Root.(map[string]any)
	if !ok {
		fc.Report(RuleServerSchema, "", nil, "server.json is %s, not an object: write it as {\"$schema\": %q, \"name\": ..., \"description\": ..., \"version\": ...}", jsonType(fc.File.Root), serverjson.SchemaURL(serverjson.Current()))
		return
	}
	version := checkServerRef(fc, root)
	reqs := registryFindings(root, version)
	for _, f := range reqs {
		fc.Report(f.rule, f.ptr, nil, "%s", f.msg)
	}
	if version == "" {
		return
	}
	doc, _ := serverjson.Schema(version)
	checked := fc.Schemas.Check(doc)
	errs, ok := checked.ValidateBy(fc.File.Root, fc.Deadline())
	if !ok {
		fc.ReportFinding(reportFindingAt(RuleServerSchema, "", nil, true,
			"server.json could not be checked against the registry's %s schema: %s", version, serverSchemaReason(checked, errs)))
		return
	}
	for _, e := range errs {
		if replaced(e.Pointer, reqs) {
			continue
		}
		fc.Report(RuleServerSchema, e.Pointer, nil, "server.json %s: %s, under the registry's %s schema: correct it, or name in \"$schema\" the version the file follows",
			serverPlace(e.Pointer), strings.TrimSuffix(e.Message, "."), version)
	}
}

// replaced reports whether a requirement's finding already covers the
// schema's finding at ptr: at the same place, or above it for findings
// whose whole subtree gives way.
func replaced(ptr string, reqs []serverFinding) bool {
	for _, f := range reqs {
		if ptr == f.ptr || f.below && strings.HasPrefix(ptr, f.ptr+"/") {
			return true
		}
	}
	return false
}

// checkServerRef reports a "$schema" that names no bundled version or
// an old one, and returns the version to check against ("" none).
func checkServerRef(fc *FileContext, root map[string]any) string {
	cur := serverjson.SchemaURL(serverjson.Current())
	raw, has := root["$schema"]
	s, isStr := raw.(string)
	switch {
	case !has:
		fc.Report(RuleServerSchemaVersion, "", nil, "server.json has no \"$schema\", which the registry requires: add \"$schema\": %q (the version the file follows)", cur)
		return ""
	case !isStr:
		fc.Report(RuleServerSchemaVersion, "/$schema", nil, "server.json \"$schema\" is %s, not a URL: write %q (the version the file follows)", jsonType(raw), cur)
		return ""
	}
	r := serverjson.ParseRef(s)
	switch {
	case r.Draft:
		fc.Report(RuleServerSchemaVersion, "/$schema", nil, "server.json \"$schema\" %q names the registry's undated draft, which changes without notice and which the registry refuses: name a dated version such as %q", s, cur)
		return ""
	case r.Legacy:
		fc.Report(RuleServerSchemaVersion, "/$schema", nil, "server.json \"$schema\" %q is the pre-release URL form, which the registry refuses: migrate the file and name a dated version such as %q", s, cur)
		return ""
	case !r.Known:
		what := "is not a registry server.json schema URL"
		switch {
		case r.Registry && r.Version == "":
			what = "names no dated schema version"
		case r.Registry:
			what = "names the schema version " + quote(r.Version) + ", which mcpschema does not bundle (it knows " + quoteList(serverjson.Versions) + ")"
		}
		fc.Report(RuleServerSchemaVersion, "/$schema", nil, "server.json \"$schema\" %q %s, so the file is not checked against a schema: name a known version such as %q, or update mcpschema if the registry published a newer one", s, what, cur)
		return ""
	case !r.Canonical:
		fc.Report(RuleServerSchemaVersion, "/$schema", nil, "server.json \"$schema\" %q is not the registry's URL of version %q, which the registry compares exactly: write %q", s, r.Version, serverjson.SchemaURL(r.Version))
	}
	if r.Version != serverjson.Current() {
		fc.Report(RuleServerSchemaDeprecated, "/$schema", nil, "server.json follows the registry's schema %q, which the registry's publisher refuses as deprecated for new publications (the current one mcpschema knows is %q): migrate the file (see the registry's server.json CHANGELOG) and set \"$schema\" to %q", r.Version, serverjson.Current(), cur)
	}
	return r.Version
}

// serverPlace names a position of a server.json for messages.
func serverPlace(ptr string) string {
	if ptr == "" {
		return "root"
	}
	return "at " + quote(ptr)
}

// serverSchemaReason explains why validation gave no verdict.
func serverSchemaReason(checked *schema.Checked, errs []schema.InstanceError) string {
	if len(errs) == 1 && errs[0].Message != "" {
		return errs[0].Message
	}
	for _, p := range checked.Problems {
		if p.Kind == schema.SchemaBound {
			return "the bundled schema exceeds a configured bound (" + string(p.Limit) + "): raise it under limits: in .mcpschema.yaml"
		}
	}
	return "the schema engine gave no verdict"
}

// serverList returns the objects of the array root[key] with their pointers.
func serverList(root map[string]any, base, key string) []serverItem {
	list, _ := root[key].([]any)
	var out []serverItem
	for i, e := range list {
		if obj, ok := e.(map[string]any); ok {
			out = append(out, serverItem{obj: obj, ptr: source.JoinIndex(source.Join(base, key), i)})
		}
	}
	return out
}

// serverItem is one object of a server.json array.
type serverItem struct {
	obj map[string]any
	ptr string
}
