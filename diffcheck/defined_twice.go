package diffcheck

// byName indexes tools by name.
func byName(list []*toolRef) map[string][]*toolRef {
	m := map[string][]*toolRef{}
	for _, t := range list {
		m[t.name()] = append(m[t.name()], t)
	}
	return m
}

// definedTwice returns the first tool of others (the other side, by name)
// that t's name also names for the same server with an overlapping
// protocol scope (an undeclared scope overlaps every one), nil when there
// is none: t is then added or removed, else one more definition of a tool
// that stays, to be compared with it.
func definedTwice(t *toolRef, others map[string][]*toolRef) *toolRef {
	for _, o := range others[t.name()] {
		if o.server == t.server && (len(o.scope) == 0 || len(t.scope) == 0 || overlap(o.scope, t.scope) > 0) {
			return o
		}
	}
	return nil
}
