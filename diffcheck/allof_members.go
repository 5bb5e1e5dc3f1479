package diffcheck

// declaredInAllOf reports whether an allOf member of n (kept apart, not
// merged) declares member k: additionalProperties beside it rejects k
// though k is not gone.
func declaredInAllOf(n *node, k string) bool {
	for _, a := range n.allOf {
		if _, ok := a.props[k]; ok {
			return true
		}
	}
	return false
}
