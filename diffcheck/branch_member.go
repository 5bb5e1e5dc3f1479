package diffcheck

import "fmt"

// widerMember returns a member of head branch b that base branches do not
// promise: one a closed base branch of the same index (else any object
// branch) does not declare, or declares narrower. "" when none is found.
func (j *judge) widerMember(b *node, ob []*node, idx int) string {
	if !b.types.has(tObject) {
		return ""
	}
	cands := ob
	if idx < len(ob) {
		cands = append([]*node{ob[idx]}, ob...)
	}
	for _, o := range cands {
		if !o.types.has(tObject) {
			continue
		}
		for _, k := range sortedKeys(b.props) {
			op, ok := o.props[k]
			if !ok {
				op = memberSchema(o)
			}
			if op != nil && !j.covers(b.props[k], op) {
				return k
			}
		}
	}
	return ""
}

// branchAddedMsg says what a new or wider result branch may return, naming
// the member that makes it wider when there is one.
func (j *judge) branchAddedMsg(kw string, b *node, ob []*node, idx int, path []step) string {
	if k := j.widerMember(b, ob, idx); k != "" {
		return fmt.Sprintf("property %q may now be returned in %s branch %d %s: consumers of the base contract do not expect it; make sure they accept it before returning it", k, kw, idx, where(path))
	}
	what := "is new"
	if idx < len(ob) {
		what = "is wider"
	}
	return fmt.Sprintf("%s branch %d %s %s: head may return values base did not admit; make sure consumers accept them before returning them", kw, idx, where(path), what)
}
