package action

import (
	"github.com/mcpschema/mcpschema/annotate"
)

// actionLinks are the links of the action's summaries: head positions at
// the pull request's head commit, base locations at the compared commit,
// and the check run when one was published.
func actionLinks(p *publisher) *annotate.Links {
	owner, repo := p.repo()
	if p.gctx.ServerURL == "" || owner == "" || repo == "" {
		return nil
	}
	lk := &annotate.Links{Server: p.gctx.ServerURL, Repo: owner + "/" + repo, Head: p.tgt.HeadSHA, CheckRun: p.checkRunURL}
	if b := p.res.Report.Baseline; b != nil {
		lk.Base, lk.Config = b.Commit, b.Config
	}
	return lk
}
