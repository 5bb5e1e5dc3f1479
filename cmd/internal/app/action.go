package app

import (
	"context"
	"fmt"
)

// runAction runs mcpschema as a GitHub Action. STUB: implemented by the action work.
func runAction(ctx context.Context, args []string, env Env) int {
	fmt.Fprintln(env.Stderr, "mcpschema: action is not implemented yet")
	return ExitUsage
}
