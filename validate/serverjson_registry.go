package validate

import (
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"sort"
	"strings"

	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/serverjson"
	"github.com/mcpschema/mcpschema/internal/source"
)

// The MCP Registry's documented requirements on a server.json beyond its
// JSON Schema: what its publish-time validation (ValidateServerJSON in
// modelcontextprotocol/registry internal/validators) and its official
// requirements (docs/reference/server-json/official-registry-requirements.md)
// refuse. Each is one finding at its position; the schema's own finding at
// the same place gives way to it (one finding per problem).
const registrySource = "modelcontextprotocol/registry internal/validators/validators.go and utils.go"

var (
	RuleServerName = rules.New(rules.Rule{
		ID: "registry.server-json.name", Title: "server.json name not namespace/name", Owner: "registry", Level: rules.Must, Severity: rules.Error,
		Summary: "a server.json name is one reverse-DNS namespace and one name, each starting and ending with a letter or digit",
		Doc: "The registry requires name to be dns-namespace/name with exactly one slash; the namespace (letters, digits, dots and hyphens) and the name (letters, digits, dots, underscores and hyphens) each start and end with a letter or digit. The schema's pattern (^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$) accepts \"io.github.user-/x.\"; the registry does not. " +
			"Where the schema's pattern already fails, registry.server-json.schema reports it. Source: " + registrySource + " (parseServerName).",
		Fix: "write the name as namespace/name, such as \"io.github.user/weather\"",
	})
	RuleServerVersion = rules.New(rules.Rule{
		ID: "registry.server-json.version", Title: "server.json version not a specific version", Owner: "registry", Level: rules.Must, Severity: rules.Error,
		Summary: "a server.json's version and its packages' versions are specific versions, not \"latest\" or a range",
		Doc: "The registry refuses \"latest\" (reserved) and version ranges for the server's version and every package's: comparators (^1.2.3, ~1.2.3, >=1.0.0, <1, =1.0.0), hyphen ranges (1.2.3 - 2.0.0), alternatives (1.2 || 1.3) and wildcards (1.x, 1.2.*). Other non-semantic versions are allowed (they sort as latest). " +
			"Source: " + registrySource + " (validateVersion, looksLikeVersionRange); https://modelcontextprotocol.io/registry/versioning.",
		Fix: "write the exact version being published, such as \"1.0.2\"",
	})
	RuleServerMetaSize = rules.New(rules.Rule{
		ID: "registry.server-json.meta-size", Title: "server.json publisher _meta over 4 KB", Owner: "registry", Level: rules.Must, Severity: rules.Error,
		Summary: "a server.json's publisher-provided _meta is at most 4096 bytes of JSON",
		Doc: "The official registry limits _meta \"io.modelcontextprotocol.registry/publisher-provided\" to 4 KB (4096 bytes) of marshalled JSON and fails the publication above it, naming the size. mcpschema measures the value as compact JSON, as the registry's Go encoder writes it. " +
			"Source: " + registrySource + " (validatePublisherExtensions); docs/reference/server-json/official-registry-requirements.md (\"_meta Namespace Restrictions\").",
		Fix: "keep the publisher-provided metadata under 4096 bytes: move bulky data to a URL it names",
	})
	RuleServerMetaDropped = rules.New(rules.Rule{
		ID: "registry.server-json.meta-dropped", Title: "server.json _meta key the registry drops", Owner: "registry", Level: rules.Should, Severity: rules.Notice,
		Summary: "a server.json's _meta holds only the publisher-provided key the official registry keeps",
		Doc: "When publishing to the official registry, only the data under _meta \"io.modelcontextprotocol.registry/publisher-provided\" is preserved; any other key is silently dropped and never returned by the registry (the registry's own status and timestamps live outside server.json). " +
			"Source: docs/reference/server-json/official-registry-requirements.md (\"Publisher-Provided Metadata\").",
		Fix: "move the data under _meta \"io.modelcontextprotocol.registry/publisher-provided\", or drop it",
	})
	RuleServerPackage = rules.New(rules.Rule{
		ID: "registry.server-json.package", Title: "server.json package the registry refuses", Owner: "registry", Level: rules.Must, Severity: rules.Error,
		Summary: "a server.json package names its identifier without spaces, from a registry the official registry supports",
		Doc: "A package identifier holds no spaces. The official registry supports only trusted public registries: npm packages from https://registry.npmjs.org, PyPI from https://pypi.org, NuGet from https://api.nuget.org/v3/index.json (https://api.nuget.org for backwards compatibility), OCI images on Docker Hub (docker.io), GitHub Container Registry (ghcr.io), Google Artifact Registry (*.pkg.dev), Azure Container Registry (*.azurecr.io) or Microsoft Container Registry (mcr.microsoft.com), and MCPB files from https://github.com or https://gitlab.com releases; a registryBaseUrl, image host or download URL elsewhere is refused. Other registry types are not judged. " +
			"Sources: " + registrySource + " (validatePackageField: package name has spaces); docs/reference/server-json/official-registry-requirements.md (\"Restricted Registry Base URLs\").",
		Fix: "publish the package to a supported public registry and name it there, or remove registryBaseUrl to use the default",
	})
	RuleServerArgument = rules.New(rules.Rule{
		ID: "registry.server-json.package-argument", Title: "server.json package argument the registry refuses", Owner: "registry", Level: rules.Must, Severity: rules.Error,
		Summary: "every package argument is positional (with a value or valueHint) or named (with a bare flag name its value does not repeat)",
		Doc: "A runtime or package argument's type is \"positional\" or \"named\". A positional argument provides a value or a valueHint. A named argument has a name, the flag alone (\"--port\", \"-v\"), without spaces, \"<\", \">\" or \"$\" (\"--port 8080\" embeds a value); its value and default do not start with the name (the client adds it). " +
			"An argument of another type is reported here once, and not as the schema's failed alternatives. Source: " + registrySource + " (validateArgument, validateNamedArgumentName, validateArgumentValueFields; ErrInvalidArgumentType, ErrPositionalArgumentValueRequired).",
		Fix: "make the argument {\"type\": \"named\", \"name\": \"--port\", \"value\": \"8080\"} or {\"type\": \"positional\", \"valueHint\": \"path\"}",
	})
	RuleServerTransport = rules.New(rules.Rule{
		ID: "registry.server-json.transport", Title: "server.json transport the registry refuses", Owner: "registry", Level: rules.Must, Severity: rules.Error,
		Summary: "package transports and remotes have a supported type and a URL the registry accepts",
		Doc: "A package transport is stdio (without url), streamable-http or sse (with a url that is http or https with a host once its {variables} are replaced, every variable naming one of the package's environment variables, argument names or valueHints). " +
			"A remote is streamable-http or sse only, with an https url that is not localhost, every {variable} named in its variables. Source: " + registrySource + " (validatePackageTransport, validateRemoteTransport, IsValidURL, IsValidRemoteURL, IsValidTemplatedURL).",
		Fix: "give the transport a supported type and a full URL, and declare every {variable} it uses",
	})
	RuleServerRepository = rules.New(rules.Rule{
		ID: "registry.server-json.repository", Title: "server.json repository the registry refuses", Owner: "registry", Level: rules.Must, Severity: rules.Error,
		Summary: "a server.json repository is a GitHub or GitLab repository URL with a clean subfolder",
		Doc: "A repository with a url or source is judged by its source: github needs https://github.com/<owner>/<repo>, gitlab https://gitlab.com/<group>/.../<repo>; other sources are refused. A subfolder is a clean relative path (no leading or trailing slash, no \".\", \"..\" or empty segments; letters, digits, \"-\", \"_\", \".\" and \"/\"). " +
			"An empty repository object is the schema's to report (url and source are required): a registry scan found 479 of 50,000 entries with one. Source: " + registrySource + " (validateRepository, IsValidRepositoryURL, IsValidSubfolderPath); modelcontextprotocol/registry#1546.",
		Fix: "write the repository as {\"url\": \"https://github.com/owner/repo\", \"source\": \"github\"}",
	})
	RuleServerURL = rules.New(rules.Rule{
		ID: "registry.server-json.url", Title: "server.json URL not absolute https", Owner: "registry", Level: rules.Must, Severity: rules.Error,
		Summary: "a server.json's websiteUrl and icon sources are absolute https URLs",
		Doc:     "The registry refuses a websiteUrl or an icon src that does not parse, is not absolute, or does not use https (no http, no data: URIs). Source: " + registrySource + " (validateWebsiteURL, validateIcon).",
		Fix:     "write the full https URL, such as \"https://example.com/docs\"",
	})
)

// registryRules are the rules of the registry's requirements beyond the schema.
var registryRules = []*rules.Rule{RuleServerName, RuleServerVersion, RuleServerMetaSize, RuleServerMetaDropped, RuleServerPackage,
	RuleServerArgument, RuleServerTransport, RuleServerRepository, RuleServerURL}

// serverFinding is a finding of the registry's requirements, before it is reported.
type serverFinding struct {
	rule *rules.Rule
	ptr  string
	// below: the schema's findings under ptr give way too (an argument, a
	// transport whose type is wrong), not only those at ptr.
	below bool
	msg   string
}

// serverRequirements collects the findings of the registry's requirements
// on root, whose members are spelt as version v spells them ("" unknown:
// camelCase). schemaRan says the schema of v is checked too: where it
// already refuses a value, the requirement does not repeat it.
type serverRequirements struct {
	v         string
	schemaRan bool
	out       []serverFinding
}

func (r *serverRequirements) add(rule *rules.Rule, ptr string, below bool, format string, args ...any) {
	r.out = append(r.out, serverFinding{rule: rule, ptr: ptr, below: below, msg: fmt.Sprintf(format, args...)})
}

// m is the spelling of a camelCase member under the file's version.
func (r *serverRequirements) m(camel string) string { return serverjson.Member(r.v, camel) }

// registryFindings checks root against the registry's requirements.
func registryFindings(root map[string]any, version string) []serverFinding {
	r := &serverRequirements{v: version, schemaRan: version != ""}
	r.name(root)
	if v, ok := root["version"].(string); ok {
		r.version(v, "/version", "server.json version")
	}
	r.meta(root)
	for _, p := range serverList(root, "", "packages") {
		r.pkg(p)
	}
	for _, rem := range serverList(root, "", "remotes") {
		r.remote(rem)
	}
	r.repository(root)
	if s, ok := root[r.m("websiteUrl")].(string); ok && s != "" {
		r.httpsURL(s, "/"+r.m("websiteUrl"), "websiteUrl")
	}
	for _, ic := range serverList(root, "", "icons") {
		if s, ok := ic.obj["src"].(string); ok {
			r.httpsURL(s, source.Join(ic.ptr, "src"), "icon src")
		}
	}
	return r.out
}

var (
	schemaNameRe    = regexp.MustCompile(`^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$`)
	namespaceRe     = regexp.MustCompile(`^[a-zA-Z0-9][a-zA-Z0-9.-]*[a-zA-Z0-9]$`)
	namePartRe      = regexp.MustCompile(`^[a-zA-Z0-9][a-zA-Z0-9._-]*[a-zA-Z0-9]$`)
	comparatorRe    = regexp.MustCompile(`^\s*(?:\^|~|>=|<=|>|<|=)\s*v?\d+(?:\.\d+){0,3}(?:-[0-9A-Za-z.-]+)?\s*$`)
	hyphenRangeRe   = regexp.MustCompile(`^\s*v?\d+(?:\.\d+){0,3}(?:-[0-9A-Za-z.-]+)?\s-\s*v?\d+(?:\.\d+){0,3}(?:-[0-9A-Za-z.-]+)?\s*$`)
	orRangeRe       = regexp.MustCompile(`^\s*(?:v?\d+(?:\.\d+){0,3}(?:-[0-9A-Za-z.-]+)?\s*)(?:\|\|\s*v?\d+(?:\.\d+){0,3}(?:-[0-9A-Za-z.-]+)?\s*)+$`)
	wildcardRe      = regexp.MustCompile(`^\s*(?:v?\d+|x|X|\*)(?:\.(?:\d+|x|X|\*)){1,2}(?:-[0-9A-Za-z.-]+)?\s*$`)
	githubRepoRe    = regexp.MustCompile(`^https?://(www\.)?github\.com/[\w.-]+/[\w.-]+/?$`)
	gitlabRepoRe    = regexp.MustCompile(`^https?://(www\.)?gitlab\.com/[\w.-]+(/[\w.-]+)+/?$`)
	subfolderRe     = regexp.MustCompile(`^[a-zA-Z0-9\-_./]+$`)
	templateVarRe   = regexp.MustCompile(`\{([^}]+)\}`)
	portTemplateRe  = regexp.MustCompile(`:(\{[^}]+\})(/|$)`)
	namedArgInvalid = "<> $"
)

// name checks the server name's namespace/name form.
func (r *serverRequirements) name(root map[string]any) {
	name, ok := root["name"].(string)
	if !ok || (r.schemaRan && !schemaNameRe.MatchString(name)) {
		return // absent, or the schema's pattern refuses it already
	}
	ns, part, found := strings.Cut(name, "/")
	switch {
	case !found:
		r.add(RuleServerName, "/name", false, "server.json name %q has no \"/\": write it as namespace/name, such as \"io.github.user/weather\"", name)
	case strings.Contains(part, "/"):
		r.add(RuleServerName, "/name", false, "server.json name %q has more than one \"/\": write it as one namespace and one name, such as \"io.github.user/weather\"", name)
	case !namespaceRe.MatchString(ns):
		r.add(RuleServerName, "/name", false, "server.json name %q has the namespace %q, which does not start and end with a letter or digit (dots and hyphens only in between): correct the namespace", name, ns)
	case !namePartRe.MatchString(part):
		r.add(RuleServerName, "/name", false, "server.json name %q has the name %q, which does not start and end with a letter or digit (dots, underscores and hyphens only in between): correct the name", name, part)
	}
}

// version checks that v (at ptr, what names it) is a specific version.
func (r *serverRequirements) version(v, ptr, what string) {
	t := strings.TrimSpace(v)
	switch {
	case v == "latest":
		r.add(RuleServerVersion, ptr, false, "%s is \"latest\", which the registry reserves: write the exact version being published, such as \"1.0.2\"", what)
	case t == "":
	case comparatorRe.MatchString(t) || hyphenRangeRe.MatchString(t) || orRangeRe.MatchString(t) ||
		(wildcardRe.MatchString(t) && strings.ContainsAny(t, "xX*")):
		r.add(RuleServerVersion, ptr, false, "%s %q is a version range, which the registry refuses: write the one exact version being published, such as \"1.0.2\"", what, v)
	}
}

// meta checks the size of the publisher-provided metadata and the keys
// the official registry drops.
func (r *serverRequirements) meta(root map[string]any) {
	meta, ok := root["_meta"].(map[string]any)
	if !ok {
		return
	}
	keys := make([]string, 0, len(meta))
	for k := range meta {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		ptr := source.Join("/_meta", k)
		if k != serverjson.PublisherKey {
			r.add(RuleServerMetaDropped, ptr, false, "server.json _meta %q is dropped by the official registry, which keeps only %q: move the data there, or remove it", k, serverjson.PublisherKey)
			continue
		}
		b, err := json.Marshal(meta[k])
		if err == nil && len(b) > serverjson.MaxPublisherBytes {
			r.add(RuleServerMetaSize, ptr, false, "server.json _meta %q is %d bytes of JSON, more than the registry's %d: keep it under the limit, moving bulky data to a URL it names", k, len(b), serverjson.MaxPublisherBytes)
		}
	}
}

// officialBaseURLs are the registryBaseUrl values the official registry
// accepts per registry type.
var officialBaseURLs = map[string][]string{
	"npm":   {"https://registry.npmjs.org"},
	"pypi":  {"https://pypi.org"},
	"nuget": {"https://api.nuget.org/v3/index.json", "https://api.nuget.org"},
}

// pkg checks one package: its identifier, registry, version, arguments and transport.
func (r *serverRequirements) pkg(p serverItem) {
	id, _ := p.obj["identifier"].(string)
	label := "package " + quote(id)
	if id == "" {
		label = "package at " + quote(p.ptr)
	}
	kind, _ := p.obj[r.m("registryType")].(string)
	if strings.Contains(id, " ") {
		r.add(RuleServerPackage, source.Join(p.ptr, "identifier"), false, "server.json %s has a space in its identifier, which the registry refuses: write the package's exact name", label)
	}
	if base, ok := p.obj[r.m("registryBaseUrl")].(string); ok && base != "" {
		if allowed, known := officialBaseURLs[kind]; known && !containsString(allowed, strings.TrimRight(base, "/")) {
			r.add(RuleServerPackage, source.Join(p.ptr, r.m("registryBaseUrl")), false, "server.json %s names the %s registry %q, which the official registry does not support (only %s): publish it there, or remove %s", label, kind, base, quoteList(allowed), r.m("registryBaseUrl"))
		}
	}
	switch kind {
	case "oci":
		if host := ociHost(id); id != "" && !officialOCIHost(host) {
			r.add(RuleServerPackage, source.Join(p.ptr, "identifier"), false, "server.json %s is an image on %q, which the official registry does not support (docker.io, ghcr.io, *.pkg.dev, *.azurecr.io, mcr.microsoft.com): publish the image there", label, host)
		}
	case "mcpb":
		if id != "" && !strings.HasPrefix(id, "https://github.com/") && !strings.HasPrefix(id, "https://gitlab.com/") {
			r.add(RuleServerPackage, source.Join(p.ptr, "identifier"), false, "server.json %s is not a https://github.com or https://gitlab.com release download, the only MCPB sources the official registry supports: attach the file to a release there and name its URL", label)
		}
	}
	if v, ok := p.obj["version"].(string); ok {
		r.version(v, source.Join(p.ptr, "version"), "server.json "+label+" version")
	}
	vars := map[string]bool{}
	for _, key := range []string{"runtimeArguments", "packageArguments"} {
		for _, a := range serverList(p.obj, p.ptr, r.m(key)) {
			r.argument(a, label)
			for _, k := range []string{"name", r.m("valueHint")} {
				if s, ok := a.obj[k].(string); ok && s != "" {
					vars[s] = true
				}
			}
		}
	}
	for _, e := range serverList(p.obj, p.ptr, r.m("environmentVariables")) {
		if s, ok := e.obj["name"].(string); ok {
			vars[s] = true
		}
	}
	if t, ok := p.obj["transport"].(map[string]any); ok {
		r.packageTransport(t, source.Join(p.ptr, "transport"), label, vars)
	}
}

// ociHost is the registry host of an image reference (docker.io when it names none).
func ociHost(ref string) string {
	first, _, found := strings.Cut(ref, "/")
	if !found || !strings.ContainsAny(first, ".:") && first != "localhost" {
		return "docker.io"
	}
	return strings.ToLower(first)
}

func officialOCIHost(h string) bool {
	switch h {
	case "docker.io", "index.docker.io", "registry-1.docker.io", "ghcr.io", "mcr.microsoft.com":
		return true
	}
	return strings.HasSuffix(h, ".pkg.dev") || strings.HasSuffix(h, ".azurecr.io")
}

// argument checks one runtime or package argument.
func (r *serverRequirements) argument(a serverItem, label string) {
	t, isStr := a.obj["type"].(string)
	name, _ := a.obj["name"].(string)
	switch {
	case !isStr || (t != "positional" && t != "named"):
		what := "has no type"
		if v, has := a.obj["type"]; has {
			what = "has the type " + valueText(v)
		}
		r.add(RuleServerArgument, a.ptr, true, "server.json %s argument at %q %s, not \"positional\" or \"named\": write \"type\": \"named\" with its \"name\" (\"--port\"), or \"type\": \"positional\" with a \"value\" or \"valueHint\"", label, a.ptr, what)
	case t == "positional":
		_, hasValue := a.obj["value"].(string)
		_, hasHint := a.obj[r.m("valueHint")].(string)
		if !hasValue && !hasHint {
			r.add(RuleServerArgument, a.ptr, true, "server.json %s positional argument at %q has neither \"value\" nor %q: add the value, or a %q naming it", label, a.ptr, r.m("valueHint"), r.m("valueHint"))
		}
	case name == "":
		r.add(RuleServerArgument, a.ptr, false, "server.json %s named argument at %q has no name: add the flag as \"name\", such as \"--port\"", label, a.ptr)
	case strings.ContainsAny(name, namedArgInvalid):
		r.add(RuleServerArgument, source.Join(a.ptr, "name"), false, "server.json %s named argument %q holds a space, \"<\", \">\" or \"$\": write the flag alone as \"name\" (\"--port\") and the value as \"value\" or \"default\"", label, name)
	default:
		for _, k := range []string{"value", "default"} {
			if v, _ := a.obj[k].(string); v != "" && strings.HasPrefix(v, name) {
				r.add(RuleServerArgument, source.Join(a.ptr, k), false, "server.json %s named argument %q has a %s %q that starts with the name, which the client adds itself: write the %s alone", label, name, k, v, k)
			}
		}
	}
}

// packageTransport checks a package's transport.
func (r *serverRequirements) packageTransport(t map[string]any, ptr, label string, vars map[string]bool) {
	typ, _ := t["type"].(string)
	u, _ := t["url"].(string)
	switch typ {
	case "stdio":
		if u != "" {
			r.add(RuleServerTransport, source.Join(ptr, "url"), false, "server.json %s stdio transport has the url %q, which stdio does not use: remove it, or use streamable-http or sse", label, u)
		}
	case "streamable-http", "sse":
		switch {
		case u == "":
			if _, has := t["url"]; has || !r.schemaRan {
				r.add(RuleServerTransport, ptr, false, "server.json %s %s transport has no url: add the endpoint, such as \"http://localhost:{port}/mcp\"", label, typ)
			}
		case !validURL(u):
			r.add(RuleServerTransport, source.Join(ptr, "url"), false, "server.json %s %s transport url %q is not an http or https URL with a host: write the full endpoint", label, typ, u)
		default:
			r.templateVars(u, source.Join(ptr, "url"), "server.json "+label+" transport", vars, "an environment variable, argument name or valueHint of the package")
		}
	default:
		if _, has := t["type"]; has || !r.schemaRan {
			r.add(RuleServerTransport, ptr, true, "server.json %s transport has the type %s, which the registry does not support: use \"stdio\", \"streamable-http\" or \"sse\"", label, valueText(t["type"]))
		}
	}
}

// remote checks one remote.
func (r *serverRequirements) remote(rem serverItem) {
	typ, _ := rem.obj["type"].(string)
	u, _ := rem.obj["url"].(string)
	if typ != "streamable-http" && typ != "sse" {
		if _, has := rem.obj["type"]; has || !r.schemaRan {
			r.add(RuleServerTransport, rem.ptr, true, "server.json remote at %q has the type %s, but remotes are \"streamable-http\" or \"sse\" only: use one of them", rem.ptr, valueText(rem.obj["type"]))
		}
		return
	}
	uptr := source.Join(rem.ptr, "url")
	switch {
	case u == "":
		if _, has := rem.obj["url"]; has || !r.schemaRan {
			r.add(RuleServerTransport, rem.ptr, false, "server.json remote at %q has no url: add its https endpoint", rem.ptr)
		}
		return
	case !validURL(u):
		r.add(RuleServerTransport, uptr, false, "server.json remote url %q is not an https URL with a host: write the full endpoint", u)
		return
	}
	pu, _ := url.Parse(replaceTemplates(u))
	host := pu.Hostname()
	switch {
	case host == "localhost" || host == "127.0.0.1" || strings.HasSuffix(host, ".localhost"):
		r.add(RuleServerTransport, uptr, false, "server.json remote url %q is on localhost, which no other machine can reach: publish the server's public endpoint", u)
	case pu.Scheme != "https":
		r.add(RuleServerTransport, uptr, false, "server.json remote url %q does not use https, which the registry requires of remotes: serve it over https", u)
	}
	vars := map[string]bool{}
	if m, ok := rem.obj["variables"].(map[string]any); ok {
		for k := range m {
			vars[k] = true
		}
	}
	r.templateVars(u, uptr, "server.json remote", vars, "a key of the remote's variables")
}

// templateVars reports the {variables} of u that vars does not define.
func (r *serverRequirements) templateVars(u, ptr, what string, vars map[string]bool, defined string) {
	var missing []string
	for _, m := range templateVarRe.FindAllStringSubmatch(u, -1) {
		if !vars[m[1]] && !containsString(missing, m[1]) {
			missing = append(missing, m[1])
		}
	}
	if len(missing) > 0 {
		r.add(RuleServerTransport, ptr, false, "%s url %q uses %s, which it does not define: declare each as %s, or remove it from the URL", what, u, quoteList(missing), defined)
	}
}

// replaceTemplates gives a templated URL placeholder values so that it
// parses, as the registry does before it judges it.
func replaceTemplates(u string) string {
	u = portTemplateRe.ReplaceAllString(u, ":8080$2")
	return templateVarRe.ReplaceAllStringFunc(u, func(v string) string {
		switch v {
		case "{host}":
			return "example.com"
		case "{protocol}", "{scheme}":
			return "http"
		}
		return "placeholder"
	})
}

// validURL reports whether u is an http or https URL with a host once its
// {variables} are replaced.
func validURL(u string) bool {
	pu, err := url.Parse(replaceTemplates(u))
	return err == nil && (pu.Scheme == "http" || pu.Scheme == "https") && pu.Host != ""
}

// repository checks the repository's URL against its source and its subfolder.
func (r *serverRequirements) repository(root map[string]any) {
	repo, ok := root["repository"].(map[string]any)
	if !ok {
		return
	}
	u, _ := repo["url"].(string)
	src, _ := repo["source"].(string)
	if u == "" && src == "" {
		return // absent for the registry; an empty object is the schema's to report
	}
	switch {
	case src != "github" && src != "gitlab":
		r.add(RuleServerRepository, "/repository/source", false, "server.json repository source %q is not one the registry accepts: use \"github\" or \"gitlab\" with the repository's URL there", src)
	case src == "github" && !githubRepoRe.MatchString(u):
		r.add(RuleServerRepository, "/repository/url", false, "server.json repository url %q is not a GitHub repository URL: write it as https://github.com/<owner>/<repo>", u)
	case src == "gitlab" && !gitlabRepoRe.MatchString(u):
		r.add(RuleServerRepository, "/repository/url", false, "server.json repository url %q is not a GitLab repository URL: write it as https://gitlab.com/<group>/<repo>", u)
	}
	if sub, ok := repo["subfolder"].(string); ok && sub != "" && !cleanSubfolder(sub) {
		r.add(RuleServerRepository, "/repository/subfolder", false, "server.json repository subfolder %q is not a clean relative path: write it without a leading or trailing \"/\" and without \".\", \"..\" or empty segments, such as \"src/server\"", sub)
	}
}

// cleanSubfolder reports whether p is a clean relative path.
func cleanSubfolder(p string) bool {
	if strings.HasPrefix(p, "/") || strings.HasSuffix(p, "/") || !subfolderRe.MatchString(p) {
		return false
	}
	for _, seg := range strings.Split(p, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return false
		}
	}
	return true
}

// httpsURL checks that s (at ptr, what names it) is an absolute https URL.
func (r *serverRequirements) httpsURL(s, ptr, what string) {
	u, err := url.Parse(s)
	switch {
	case err != nil || !u.IsAbs():
		r.add(RuleServerURL, ptr, false, "server.json %s %q is not an absolute URL: write the full https URL, such as \"https://example.com/docs\"", what, s)
	case u.Scheme != "https":
		r.add(RuleServerURL, ptr, false, "server.json %s %q uses %q, but the registry accepts only https: serve it over https", what, s, u.Scheme)
	}
}

// valueText renders a value of a server.json for messages: a string quoted,
// anything else by its JSON type.
func valueText(v any) string {
	if s, ok := v.(string); ok {
		return quote(s)
	}
	return jsonType(v)
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
