package app

import (
	"context"
	"fmt"

	"github.com/mcpschema/mcpschema/validate/load"
)

// configRevision is the revision whose config applies to the run: on pull
// requests the base revision the run diffs against (else the base the event
// names), so that a pull request cannot switch off the check that judges
// it; "" (the commit's own config) for push, merge_group and the rest.
func configRevision(ctx context.Context, dir, eventName, base string, tgt target) (string, error) {
	if !isPullRequest(eventName) {
		return "", nil
	}
	if base != "" {
		return base, nil
	}
	if tgt.Base == "" {
		return "", fmt.Errorf("the %q event names no base commit to read the config from: a pull request's own config is never trusted to judge it", eventName)
	}
	return load.EnsureRevision(ctx, dir, "base", tgt.Base)
}
