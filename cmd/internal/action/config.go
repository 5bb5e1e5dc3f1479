package action

import (
	"context"
	"fmt"

	"github.com/mcpschema/mcpschema/cmd/internal/service"
	"github.com/mcpschema/mcpschema/internal/load"
)

// configSource is where an action run reads the config that judges it.
type configSource struct {
	// From is the commit whose config applies ("": the workspace's own).
	From string
	// Since is the commit the head branched from ("": none): a workspace
	// config identical to the one there was not changed by the pull
	// request, whatever the base branch did to it since.
	Since string
	// What names From in the report's note.
	What string
}

// configRevision is the commit whose config applies to the run. On pull
// requests it is the base branch's tip (pull_request.base.sha), fetched by
// sha when a shallow checkout lacks it: never the merge base the run diffs
// against, which the author picks by choosing where to branch from (an old
// commit whose config said `fail-on: never`). On merge_group it is the
// group's base: the group's head holds the queued pull requests' own config
// changes. push and the rest use the commit's own config.
func configRevision(ctx context.Context, dir, eventName, base string, tgt target) (configSource, error) {
	switch {
	case isPullRequest(eventName):
		if tgt.Base == "" {
			if base != "" {
				// an explicit base input and a payload without base.sha
				return configSource{From: base, What: "the commit compared with"}, nil
			}
			return configSource{}, fmt.Errorf("the %q event names no base commit to read the config from: a pull request's own config is never trusted to judge it", eventName)
		}
		tip, err := load.EnsureRevision(ctx, dir, "base", tgt.Base)
		if err != nil {
			return configSource{}, fmt.Errorf("cannot read the config at the tip of the base branch: %w", err)
		}
		return configSource{From: tip, Since: base, What: "the tip of the base branch"}, nil
	case eventName == "merge_group" && tgt.Base != "":
		b, err := load.EnsureRevision(ctx, dir, "base", tgt.Base)
		if err != nil {
			return configSource{}, fmt.Errorf("cannot read the config at the merge group's base: %w", err)
		}
		return configSource{From: b, What: "the merge group's base"}, nil
	}
	return configSource{}, nil
}

// configNote says which commit the config was read from, beside the commit
// the files were compared with (service.ConfigNote).
func configNote(cs configSource, compared string, found bool) string {
	return service.ConfigNote(cs.From, cs.What, compared, found)
}
