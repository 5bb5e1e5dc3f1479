package diffcheck

import (
	"regexp"
	"unicode/utf8"
)

// ruledOut returns the keyword of n beside its enum that rejects enum value
// v (a numeric bound, a string length or a pattern), or "" when none does. Values the
// schema can never accept are dropped from the normalised enum, so a bound
// added beside an enum is judged as the enum values it removes.
func (n *node) ruledOut(v any) string {
	if s, ok := v.(string); ok {
		l := int64(utf8.RuneCountInString(s))
		if r := n.counts["minLength"]; r != nil && r.IsInt64() && l < r.Int64() {
			return "minLength"
		}
		if r := n.counts["maxLength"]; r != nil && r.IsInt64() && l > r.Int64() {
			return "maxLength"
		}
		if n.hasPattern {
			// a pattern RE2 cannot read rules out nothing here.
			if re, err := regexp.Compile(n.pattern); err == nil && !re.MatchString(s) {
				return "pattern"
			}
		}
		return ""
	}
	x, ok := number(v)
	if !ok {
		return ""
	}
	if b := n.min; b != nil {
		if c := x.Cmp(b.v); c < 0 || c == 0 && b.excl {
			return boundKw(b, true)
		}
	}
	if b := n.max; b != nil {
		if c := x.Cmp(b.v); c > 0 || c == 0 && b.excl {
			return boundKw(b, false)
		}
	}
	return ""
}
