package validate

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// RuleVersionMismatch: the files of one server declare different versions.
var RuleVersionMismatch = rules.New(rules.Rule{
	ID: "mcpschema.document.version-mismatch", Owner: "mcpschema", Level: rules.Should, Severity: rules.Warning,
	Summary: "the files of one server declare one version",
	Doc: "A server's release has one version, and three files may say it: the MCP Registry server.json (`version`), an MCP Description document (`info.version`) and a tools/list snapshot that records the server's `serverInfo.version` (`mcpschema snapshot` writes a document, whose info.version is the server's). " +
		"Where two of them describe the same server and disagree, a client, the registry and the release notes each tell a different story. Files describe the same server when their names agree (info.name, serverInfo.name, or the server.json name or its part after the last `/`); " +
		"a server.json is compared with the run's one server when no name matches and the run has one. Each file that disagrees is reported at its version, naming the other file and its value (the server.json's, else the first file's in path order). Versions are compared as written, after a leading `v`. See docs/breaking-changes.md, \"Version discipline\".",
	Fix:   "set the same version in each file of the release",
	Title: "versions disagree",
})

// VersionLabel names where a file declares its version, for messages:
// `server.json "version"`, `d.mcpdesc.yaml info.version`.
func VersionLabel(v report.VersionChange) string {
	switch v.VersionPointer() {
	case "/version":
		return v.File + ` "version"`
	case "/serverInfo/version":
		return v.File + " serverInfo.version"
	}
	return v.File + " info.version"
}

// VersionStories groups the declared versions of a run by the server
// they describe (see RuleVersionMismatch), each group's reference first:
// its server.json, else its first file in path order.
func VersionStories(list []report.VersionChange) [][]report.VersionChange {
	var servers, others []report.VersionChange
	for _, v := range list {
		if v.Pointer == "/version" {
			servers = append(servers, v)
		} else {
			others = append(others, v)
		}
	}
	sort.SliceStable(others, func(i, j int) bool { return others[i].File < others[j].File })
	byName := map[string]int{}
	var groups [][]report.VersionChange
	for _, v := range others {
		i, ok := byName[v.Server]
		if !ok {
			i = len(groups)
			byName[v.Server] = i
			groups = append(groups, nil)
		}
		groups[i] = append(groups[i], v)
	}
	for _, s := range servers {
		tail := s.Server[strings.LastIndex(s.Server, "/")+1:]
		at := -1
		for _, name := range []string{s.Server, tail} {
			if i, ok := byName[name]; ok && name != "" {
				at = i
				break
			}
		}
		if at < 0 && len(groups) == 1 {
			at = 0
		}
		if at < 0 {
			groups = append(groups, []report.VersionChange{s})
			continue
		}
		groups[at] = append([]report.VersionChange{s}, groups[at]...)
	}
	return groups
}

// VersionAgreement reports each declared version that disagrees with its
// story's reference (RuleVersionMismatch).
func VersionAgreement(list []report.VersionChange) []report.Finding {
	var out []report.Finding
	for _, g := range VersionStories(list) {
		ref := g[0]
		for _, v := range g[1:] {
			if sameVersion(v.After, ref.After) {
				continue
			}
			out = append(out, report.Finding{Rule: RuleVersionMismatch.ID, Severity: RuleVersionMismatch.Severity,
				File: v.File, Pointer: v.VersionPointer(), Line: v.Line, Column: v.Column,
				Fingerprint: report.Fingerprint(RuleVersionMismatch.ID, v.File, v.VersionPointer(), ref.File, v.After, ref.After),
				Message:     fmt.Sprintf("%s is %q, but %s is %q: one release has one version; set the same version in both files", VersionLabel(v), v.After, VersionLabel(ref), ref.After)})
		}
	}
	return out
}

// sameVersion compares two versions as written, after a leading "v".
func sameVersion(a, b string) bool {
	return strings.TrimPrefix(strings.TrimSpace(a), "v") == strings.TrimPrefix(strings.TrimSpace(b), "v")
}
