package service

import (
	"context"
	"fmt"

	"github.com/mcpschema/mcpschema/internal/report"
)

// ConfigSource is where an action run reads the config that judges it.
type ConfigSource struct {
	// From is the commit whose config applies ("": the workspace's own).
	From string
	// Since is the commit the head branched from ("": none): a workspace
	// config identical to the one there was not changed by the pull
	// request, whatever the base branch did to it since.
	Since string
	// What names From in the report's note.
	What string
}

// ConfigNote says which commit the config was read from, beside the commit
// the files were compared with; found is false when that commit has no
// config file: the defaults apply and there is nothing to say (the
// baseline still records the commit).
func ConfigNote(cs ConfigSource, compared string, found bool) string {
	if cs.From == "" {
		return ""
	}
	if !found {
		return ""
	}
	if compared == "" || compared == cs.From {
		return fmt.Sprintf("the config was read at %s (%s)", ShortSHA(cs.From), cs.What)
	}
	return fmt.Sprintf("the config was read at %s (%s), not at %s, the commit the files were compared with: where a pull request branches from does not choose the config that judges it",
		ShortSHA(cs.From), cs.What, ShortSHA(compared))
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
	return ConfigNote(ConfigSource{From: sha, What: fmt.Sprintf("--config-from %q", ref)}, compared, found)
}

// ConfigFound reports whether the run read a config file.
func ConfigFound(res *Result) bool { return res != nil && res.Config != nil && res.Config.Path != "" }
