package cmdenv

import (
	"context"
	"errors"
	"fmt"
	"io"
)

// InterruptedText is what an interrupted run says on stderr.
const InterruptedText = "mcpschema: interrupted: the run was stopped before it finished, so there is no result (nothing was judged safe)"

// Interrupted reports whether ctx was cancelled (Ctrl-C: main's
// signal.NotifyContext), and then says so on w. An interrupted run exits
// ExitInterrupted, never with a result: no green status, no partial report.
func Interrupted(ctx context.Context, w io.Writer) bool {
	if !errors.Is(ctx.Err(), context.Canceled) {
		return false
	}
	fmt.Fprintln(w, InterruptedText)
	return true
}
