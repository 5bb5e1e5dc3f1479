package action

import (
	"bytes"
	"strings"
	"testing"
)

// TestRedactWriterSplitWrites (issue 10 item 9): a token written in two
// pieces is still masked; the redaction is on the stream, not per Write.
func TestRedactWriterSplitWrites(t *testing.T) {
	t.Parallel()
	for cut := 1; cut < len(actToken); cut++ {
		var b bytes.Buffer
		w := newRedactWriter(&b, actToken)
		w.Write([]byte("token: " + actToken[:cut]))
		w.Write([]byte(actToken[cut:] + " and a partial ghs_e2e at the end"))
		flushRedact(w)
		if strings.Contains(b.String(), actToken) || !strings.Contains(b.String(), "token: *** and a partial ghs_e2e at the end") {
			t.Fatalf("cut %d: %q", cut, b.String())
		}
	}
}
