package diffcheck

import (
	"math/big"
	"testing"
)

func TestNumberTexts(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"1e1000": "1e+1000", "1e-99": "1e-99", "-25e40": "-2.5e+41", "12.5": "12.5", "7": "7",
		// 39 significant digits: too many for the short exact form, shown approximately.
		"123456789012345678901234567890123456789": "about 1.2345678901234568e+38",
	} {
		r, _ := new(big.Rat).SetString(in)
		got := numText(r)
		if got != want {
			t.Errorf("numText(%s) = %q, want %q", in, got, want)
		}
		if back, ok := new(big.Rat).SetString(exactText(r)); !ok || back.Cmp(r) != 0 {
			t.Errorf("exactText(%s) = %q does not read back", in, exactText(r))
		}
	}
}
