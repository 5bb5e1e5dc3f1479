package schema

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestEnumMessageListsTheFirstValues: a value an enum rejects is reported
// with the enum's first values (at most 20, about 400 bytes of them, a
// long string cut) and how many more there are; a short enum is listed
// whole.
func TestEnumMessageListsTheFirstValues(t *testing.T) {
	t.Parallel()
	ints := make([]any, 1000)
	for i := range ints {
		ints[i] = json.Number(fmt.Sprint(i))
	}
	long := strings.Repeat("y", 100_000)
	for _, c := range []struct {
		enum []any
		want string
	}{
		{[]any{"a", json.Number("1"), nil}, `value -1 is not one of "a", 1, null`},
		{ints, "value -1 is not one of 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19 and 980 more"},
		{[]any{long, "b"}, `value -1 is not one of "` + strings.Repeat("y", 400) + `… (99600 more bytes)" and 1 more`},
		{[]any{strings.Repeat("z", 300), strings.Repeat("w", 300)}, `value -1 is not one of "` + strings.Repeat("z", 300) + `" and 1 more`},
	} {
		cs := NewEngine(DefaultLimits).Check(map[string]any{"enum": c.enum})
		errs, ok := cs.Validate(json.Number("-1"))
		if !ok || len(errs) != 1 {
			t.Fatalf("%d values: %v %v", len(c.enum), errs, ok)
		}
		if errs[0].Message != c.want {
			t.Fatalf("message\n %s\nwant\n %s", errs[0].Message, c.want)
		}
	}
}
