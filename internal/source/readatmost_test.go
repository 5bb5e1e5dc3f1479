package source

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// TestReadAtMostMatchesReadAll checks ReadAtMost against io.ReadAll of an
// io.LimitReader for sizes below, at and over the limit, with right, wrong
// and unknown size hints, and readers that return one byte at a time.
func TestReadAtMostMatchesReadAll(t *testing.T) {
	t.Parallel()
	for _, n := range []int{0, 1, 5, 511, 512, 513, 4096, 10000} {
		src := strings.Repeat("x", n)
		for _, limit := range []int64{0, 1, 4, 512, 5000, 1 << 40} {
			want, _ := io.ReadAll(io.LimitReader(strings.NewReader(src), limit+1))
			for _, size := range []int64{0, int64(n), int64(n) / 2, int64(n) * 2, -1} {
				for _, one := range []bool{false, true} {
					var r io.Reader = strings.NewReader(src)
					if one {
						r = iotest.OneByteReader(r)
					}
					got, err := ReadAtMost(r, size, limit)
					if err != nil || !bytes.Equal(got, want) {
						t.Fatalf("n=%d limit=%d size=%d one=%v: got %d bytes, %v; want %d bytes", n, limit, size, one, len(got), err, len(want))
					}
				}
			}
		}
	}
	if _, err := ReadAtMost(iotest.ErrReader(io.ErrUnexpectedEOF), 10, 100); err != io.ErrUnexpectedEOF {
		t.Fatalf("error not returned: %v", err)
	}
}
