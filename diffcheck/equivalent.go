package diffcheck

// EquivalentSchemas reports whether the schema at pointer pa inside document
// a and the one at pb inside b accept the same values, after the
// normalisation `check --base` applies (key order, boolean schemas, nullable
// spellings, local references, draft-07 and 2020-12 equivalents). It judges
// acceptance only: annotations such as description are not compared. A
// schema that cannot be normalised is equivalent to nothing.
func EquivalentSchemas(a any, pa string, b any, pb string) bool {
	na, nb := normalize(a, pa), normalize(b, pb)
	if na == nil || nb == nil {
		return false
	}
	return newJudge(dirInput).equivalent(na, nb)
}
