package diffcheck

import (
	"math/big"
	"testing"
)

func TestOnGrid(t *testing.T) {
	t.Parallel()
	r := func(s string) *big.Rat { v, _ := new(big.Rat).SetString(s); return v }
	for _, c := range []struct {
		v, step   string
		excl, low bool
		want      string
	}{
		{"0", "2", true, true, "2"},
		{"1", "2", true, true, "2"},
		{"1", "2", false, true, "2"},
		{"-3", "2", false, true, "-2"},
		{"-3", "2", true, true, "-2"},
		{"-4", "2", true, true, "-2"},
		{"10", "3", true, false, "9"},
		{"9", "3", true, false, "6"},
		{"-1", "3", false, false, "-3"},
		{"0.1", "0.5", false, true, "0.5"},
		{"1.5", "1", false, true, "2"},
		{"1.5", "1", false, false, "1"},
	} {
		got := onGrid(&bound{v: r(c.v), excl: c.excl}, c.low, r(c.step))
		if got.excl || got.v.Cmp(r(c.want)) != 0 {
			t.Errorf("onGrid(%s excl=%v lower=%v step %s) = %s, want %s", c.v, c.excl, c.low, c.step, ratString(got.v), c.want)
		}
	}
	if s := gridStep(r("2.5"), true); s.Cmp(r("5")) != 0 {
		t.Errorf("integer step of multipleOf 2.5 = %s, want 5", ratString(s))
	}
	if gridStep(nil, false) != nil {
		t.Error("numbers without multipleOf have no grid")
	}
}
