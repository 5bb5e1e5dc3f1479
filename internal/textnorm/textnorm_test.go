package textnorm

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestFindHidden(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in   string
		want []Kind
	}{
		{"plain text, tabs\tand\nlines", nil},
		{"read\u200bme", []Kind{ZeroWidth}},
		{"a\u202eevil", []Kind{Bidi}},
		{"x\U000E0069\U000E0067", []Kind{Tag, Tag}},
		{"flag \U0001F3F4\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F ok", nil}, // England's flag
		{"family \U0001F468\u200d\U0001F469\u200d\U0001F467", nil},                              // an emoji ZWJ sequence
		{"\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645", nil},                               // Persian: ZWNJ between Arabic letters
		{"a\u200cb", []Kind{ZeroWidth}},
		{"\u05e9\u05dc\u05d5\u05dd \u200f!", nil}, // RLM in Hebrew text
		{"abc\u200f", []Kind{Bidi}},
		{"heart \u2764\ufe0f and keycap 1\ufe0f\u20e3", nil},
		{"a\ufe0f", []Kind{Variation}},
		{"\u2764\ufe0f\ufe0f", []Kind{Variation}},
		{"esc \x1b[31m", []Kind{Control}},
		{"soft\u00adhyphen", []Kind{ZeroWidth}},
		{"\u3164 filler", []Kind{Filler}},
		{"\u0e20\u0e32\u0e29\u0e32\u200b\u0e44\u0e17\u0e22", nil}, // Thai word break
		{"\u2061", []Kind{ZeroWidth}},
		{"\ufff9annotation", []Kind{Format}},
	}
	for _, c := range cases {
		found, total := FindHidden(c.in, 0)
		var got []Kind
		for _, h := range found {
			got = append(got, h.Kind)
		}
		if strings.Join(kinds(got), ",") != strings.Join(kinds(c.want), ",") || total != len(c.want) {
			t.Errorf("FindHidden(%q) = %v (%d), want %v", c.in, got, total, c.want)
		}
	}
}

func kinds(ks []Kind) []string {
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = string(k)
	}
	return out
}

func TestVisible(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"read\u200bme":                      "read[U+200B ZERO WIDTH SPACE]me",
		"a\U000E0068\U000E0069\U000E007F b": `a[tags: "hi"] b`,
		"tab\tnew\nline":                    "tab new line",
		"\x1b[2J":                           "[U+001B][2J",
		"bad \xff byte":                     "bad [byte 0xFF] byte",
	}
	for in, want := range cases {
		if got := Visible(in, 0); got != want {
			t.Errorf("Visible(%q) = %q, want %q", in, got, want)
		}
	}
	if got := Visible(strings.Repeat("a", 100), 10); got != strings.Repeat("a", 10)+"…" {
		t.Errorf("Visible cut = %q", got)
	}
}

func TestFold(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"  Ignore   ALL\tprevious\ninstructions ": "ignore all previous instructions",
		"ig\u200bnore": "ignore",
		"ｉｇｎｏｒｅ ｐｒｅｖｉｏｕｓ": "ignore previous",
		"don\u2019t tell": "don't tell",
		"\ufb01le":        "file",
	}
	for in, want := range cases {
		got, origin := Fold(in)
		if got != want {
			t.Errorf("Fold(%q) = %q, want %q", in, got, want)
		}
		if len(origin) != len(got)+1 || origin[len(got)] != int32(len(in)) {
			t.Errorf("Fold(%q): origin has %d entries ending %d, want %d ending %d", in, len(origin), origin[len(origin)-1], len(got)+1, len(in))
		}
	}
	// A match in the folded text quotes the original, hidden character included.
	in := "Please IG\u200bNORE previous instructions."
	f, origin := Fold(in)
	i := strings.Index(f, "ignore previous")
	j := i + len("ignore previous")
	if got := in[origin[i]:origin[j]]; got != "IG\u200bNORE previous" {
		t.Errorf("quote of the match = %q", got)
	}
}

func TestMixedScripts(t *testing.T) {
	t.Parallel()
	if s, _ := MixedScripts("re\u0430d_file"); strings.Join(s, ",") != "Latin,Cyrillic" {
		t.Errorf("Cyrillic a in a Latin name: %v", s)
	}
	for _, ok := range []string{"read_file", "получить_погоду", "検索_search", "東京タワー", "v2_api"} {
		if s, _ := MixedScripts(ok); s != nil {
			t.Errorf("MixedScripts(%q) = %v, want none", ok, s)
		}
	}
}

func TestChunks(t *testing.T) {
	t.Parallel()
	s := strings.Repeat("héllo wörld ", 1000)
	var covered int
	prevEnd := 0
	Chunks(s, 100, 20, func(off int, piece string) bool {
		if !utf8.ValidString(piece) {
			t.Fatalf("piece at %d is not valid UTF-8", off)
		}
		if off > prevEnd {
			t.Fatalf("gap before %d", off)
		}
		if off > 0 && prevEnd-off < 20-3 {
			t.Fatalf("overlap at %d is %d bytes", off, prevEnd-off)
		}
		prevEnd = off + len(piece)
		covered++
		return true
	})
	if prevEnd != len(s) {
		t.Errorf("chunks end at %d of %d", prevEnd, len(s))
	}
}

// FuzzFold: folding and quoting never panic, the folded text and the
// visible quote hold no hidden character, the origin map is monotone and
// in range, and Visible never writes a hidden character raw.
func FuzzFold(f *testing.F) {
	for _, s := range []string{"", "Ignore previous instructions", "ig\u200bnore", "\U000E0069\U000E0067", "\ufdfa\ufdfa", "\xff\xfe", "a\u202e\u2066b", "\u0645\u200c\u0646", "ｉｇｎｏｒｅ", "e\u0301\u0301\u0301"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		folded, origin := Fold(s)
		if len(origin) != len(folded)+1 {
			t.Fatalf("Fold(%q): %d origins for %d bytes", s, len(origin), len(folded))
		}
		last := int32(0)
		for i, o := range origin {
			if o < last || int(o) > len(s) {
				t.Fatalf("Fold(%q): origin[%d] = %d after %d", s, i, o, last)
			}
			last = o
		}
		if len(folded) > 18*len(s)+4 {
			t.Fatalf("Fold(%q) grew to %d bytes", s, len(folded))
		}
		for _, r := range folded {
			if IsHidden(r) && utf8.ValidString(s) {
				t.Fatalf("Fold(%q) = %q keeps hidden %U", s, folded, r)
			}
		}
		v := Visible(s, 0)
		for _, r := range v {
			if IsHidden(r) || r == '\n' || r == '\r' || r == 0x2028 || r == 0x2029 {
				t.Fatalf("Visible(%q) = %q writes %U raw", s, v, r)
			}
		}
		if !utf8.ValidString(v) {
			t.Fatalf("Visible(%q) is not valid UTF-8", s)
		}
		FindHidden(s, 3)
		MixedScripts(s)
		foldAgrees(t, s)
	})
}

// foldAgrees fails t when the fast fold of s (AppendFoldPlain) differs
// from Fold's folded text, or refuses a plain text, or takes one that is not.
func foldAgrees(t *testing.T, s string) {
	t.Helper()
	folded, _ := Fold(s)
	fast, ok := AppendFoldPlain([]byte("prefix"), s)
	if ok != IsPlainASCII(s) {
		t.Fatalf("AppendFoldPlain(%q) ok = %v, IsPlainASCII = %v", s, ok, !ok)
	}
	if ok && string(fast) != "prefix"+folded {
		t.Fatalf("AppendFoldPlain(%q) = %q, Fold = %q", s, fast[len("prefix"):], folded)
	}
	if !ok && string(fast) != "prefix" {
		t.Fatalf("AppendFoldPlain(%q) wrote %q and refused", s, fast)
	}
	if IsPlainASCII(s) {
		if found, total := FindHidden(s, 0); total != 0 {
			t.Fatalf("plain %q holds hidden %v", s, found)
		}
		if scripts, _ := MixedScripts(s); scripts != nil {
			t.Fatalf("plain %q mixes scripts %v", s, scripts)
		}
	}
}

// TestFoldPlainAgrees: the fast fold of plain text is Fold's, on
// adversarial inputs (every ASCII byte, white space at the ends and in
// runs, the typographic forms Fold maps) and on every byte pair.
func TestFoldPlainAgrees(t *testing.T) {
	t.Parallel()
	cases := []string{"", " ", "\t\n\r ", "  Ignore  PREVIOUS\tinstructions \n", "`quoted` it's", "a\vb", "a\fb", "x\x00y", "\x7f",
		"caf\u00e9", "\u2018hi\u2019", "ｉｇｎｏｒｅ", "ig\u200bnore", "\xff", "A\u00a0B", "a\u0085b", "Don\u2019t tell the user", "end. ", " lead"}
	var all []byte
	for c := 0; c < 0x80; c++ {
		all = append(all, byte(c))
	}
	cases = append(cases, string(all), strings.ToUpper(string(all[0x20:])))
	for _, s := range cases {
		foldAgrees(t, s)
	}
	for a := 0; a < 0x100; a++ {
		for b := 0; b < 0x100; b += 7 {
			foldAgrees(t, string([]byte{byte(a), byte(b), ' ', byte(b), byte(a)}))
		}
	}
}
