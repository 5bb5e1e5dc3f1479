package app

import (
	"github.com/mcpschema/mcpschema/annotate"
	"github.com/mcpschema/mcpschema/internal/report"
)

// cliLinks are the links of `check --format markdown` when it runs in a
// GitHub workflow (GITHUB_SERVER_URL, GITHUB_REPOSITORY and GITHUB_SHA
// set): head positions at GITHUB_SHA, base locations at the compared
// commit. Elsewhere positions stay plain text.
func cliLinks(env Env, baseline *report.Baseline) *annotate.Links {
	server, repo, sha := env.Lookup("GITHUB_SERVER_URL"), env.Lookup("GITHUB_REPOSITORY"), env.Lookup("GITHUB_SHA")
	if server == "" || repo == "" || sha == "" {
		return nil
	}
	lk := &annotate.Links{Server: server, Repo: repo, Head: sha}
	if baseline != nil {
		lk.Base, lk.Config = baseline.Commit, baseline.Config
	}
	return lk
}
