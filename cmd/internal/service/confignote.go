package service

import (
	"context"
	"fmt"

	"github.com/mcpschema/mcpschema/internal/report"
)

// ConfigNote says which commit the config was read from (from, named by
// what), beside the commit the files were compared with; found is false
// when that commit has no config file: the defaults apply and there is
// nothing to say (the baseline still records the commit).
func ConfigNote(from, what, compared string, found bool) string {
	if from == "" || !found {
		return ""
	}
	if compared == "" || compared == from {
		return fmt.Sprintf("the config was read at %s (%s)", ShortSHA(from), what)
	}
	return fmt.Sprintf("the config was read at %s (%s), not at %s, the commit the files were compared with: where a pull request branches from does not choose the config that judges it",
		ShortSHA(from), what, ShortSHA(compared))
}

// CLIConfigNote records in the baseline the commit `check --config-from REF`
// read the config at, and says it beside the commit compared with.
func CLIConfigNote(ctx context.Context, dir, ref string, bl *report.Baseline, found bool) string {
	if ref == "" {
		return ""
	}
	sha := CommitOf(ctx, dir, ref)
	if sha == "" {
		return ""
	}
	compared := ""
	if bl != nil {
		bl.Config, compared = sha, bl.Commit
	}
	return ConfigNote(sha, fmt.Sprintf("--config-from %q", ref), compared, found)
}

// ConfigFound reports whether the run read a config file.
func (r *Result) ConfigFound() bool {
	return r != nil && r.Config != nil && r.Config.Path != ""
}
