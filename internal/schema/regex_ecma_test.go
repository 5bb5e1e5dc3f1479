package schema

import "testing"

func TestNonECMASyntax(t *testing.T) {
	t.Parallel()
	for _, ok := range []string{`^(?=.*[a-z]).+$`, `(?<!x)y`, `(?<=a)b`, `(?:a|b)`, `(?<year>\d{4})`, `[(?i)]`, `\(?i\)`, `^\p{L}+$`, `a\\Ab`} {
		if err := nonECMASyntax(ok); err != nil {
			t.Errorf("%q rejected: %v", ok, err)
		}
	}
	for _, bad := range []string{`(?i)abc`, `(?>a+)`, `(?P<n>a)`, `(?'n'a)`, `(?#comment)`, `(?(1)a|b)`, `\Aabc`, `abc\z`, `abc\Z`} {
		if err := nonECMASyntax(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
