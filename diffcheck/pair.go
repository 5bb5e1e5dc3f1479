package diffcheck

import (
	"sort"
	"strings"

	"github.com/mcpschema/mcpschema/internal/source"
)

// toolRef is one named tool in one file.
type toolRef struct {
	file *source.File
	tool source.Tool
	// scope is the tool's own protocolVersions, sorted ("" when undeclared).
	scope []string
	// server is the info.name of the tool's MCP Description document (""
	// for the run's tool lists, which name no server).
	server string
	// src and idx say where the tool is: its file (side and order) and
	// its index in the file's Tools, so that a summary can be reloaded.
	src *fileSrc
	idx int
	// sum is what a summary keeps of the per-path comparison (see Differ).
	sum *toolSum
}

func (t *toolRef) name() string { return t.tool.Name }

// path is the path of the tool's file (a summary has no file).
func (t *toolRef) path() string {
	if t.file == nil {
		return t.src.path
	}
	return t.file.Path
}

func (t *toolRef) scopeKey() string { return strings.Join(t.scope, ",") }

// pair is a base tool and the head tool that continues it.
type pair struct {
	base, head *toolRef
	renamed    bool
	alias      bool
}

// fileTools returns the named tool objects of a readable file.
func fileTools(f *source.File, src *fileSrc) []*toolRef {
	if f == nil || f.Fatal() {
		return nil
	}
	var out []*toolRef
	server := source.ServerName(f)
	for i, t := range f.Tools {
		if !t.HasName || t.Value == nil {
			continue
		}
		scope := append([]string(nil), t.DeclaredVersions...)
		sort.Strings(scope)
		out = append(out, &toolRef{file: f, tool: t, scope: scope, server: server, src: src, idx: i})
	}
	return out
}

// pairTools pairs base and head tools by alias, then name (and protocol
// scope), then by an equivalent inputSchema (a rename). It returns the pairs
// and the tools left on each side.
func pairTools(base, head []*toolRef, aliases map[string]string, equivalent func(a, b *toolRef) bool) (pairs []pair, removed, added []*toolRef) {
	usedB := map[*toolRef]bool{}
	usedH := map[*toolRef]bool{}
	bn, hn := byName(base), byName(head)
	for _, hname := range sortedKeys(aliases) {
		bname := aliases[hname]
		hs, bs := hn[hname], bn[bname]
		if len(hs) == 0 || len(bs) == 0 || hname == bname {
			continue
		}
		for _, p := range matchScopes(bs, hs, usedB, usedH) {
			p.renamed, p.alias = true, true
			pairs = append(pairs, p)
		}
	}
	for _, name := range sortedKeys(hn) {
		pairs = append(pairs, matchScopes(bn[name], hn[name], usedB, usedH)...)
	}
	var rb, ah []*toolRef
	for _, t := range base {
		if !usedB[t] {
			rb = append(rb, t)
		}
	}
	for _, t := range head {
		if !usedH[t] {
			ah = append(ah, t)
		}
	}
	// renames: a removed tool and an added one with equivalent inputs, both unambiguous.
	if equivalent != nil && len(rb) > 0 && len(ah) > 0 && len(rb)*len(ah) <= 40000 {
		matches := map[*toolRef][]*toolRef{}
		back := map[*toolRef]int{}
		for _, b := range rb {
			for _, h := range ah {
				if equivalent(b, h) {
					matches[b] = append(matches[b], h)
					back[h]++
				}
			}
		}
		for _, b := range rb {
			if m := matches[b]; len(m) == 1 && back[m[0]] == 1 {
				usedB[b], usedH[m[0]] = true, true
				pairs = append(pairs, pair{base: b, head: m[0], renamed: true})
			}
		}
	}
	for _, t := range rb {
		if !usedB[t] {
			removed = append(removed, t)
		}
	}
	for _, t := range ah {
		if !usedH[t] {
			added = append(added, t)
		}
	}
	return pairs, removed, added
}

// matchScopes pairs same-name tools: equal scopes first, then the largest
// overlap, then (one on each side left) whatever remains; same file first.
func matchScopes(bs, hs []*toolRef, usedB, usedH map[*toolRef]bool) []pair {
	var out []pair
	take := func(b, h *toolRef) {
		usedB[b], usedH[h] = true, true
		out = append(out, pair{base: b, head: h})
	}
	free := func(list []*toolRef, used map[*toolRef]bool) []*toolRef {
		var f []*toolRef
		for _, t := range list {
			if !used[t] {
				f = append(f, t)
			}
		}
		return f
	}
	for _, sameFile := range []bool{true, false} {
		for _, b := range free(bs, usedB) {
			for _, h := range free(hs, usedH) {
				if b.scopeKey() == h.scopeKey() && (!sameFile || b.path() == h.path()) {
					take(b, h)
					break
				}
			}
		}
	}
	for {
		best, bb, bh := 0, (*toolRef)(nil), (*toolRef)(nil)
		for _, b := range free(bs, usedB) {
			for _, h := range free(hs, usedH) {
				if o := overlap(b.scope, h.scope); o > best {
					best, bb, bh = o, b, h
				}
			}
		}
		if bb == nil {
			break
		}
		take(bb, bh)
	}
	fb, fh := free(bs, usedB), free(hs, usedH)
	if len(fb) == 1 && len(fh) == 1 {
		take(fb[0], fh[0])
	}
	return out
}

func overlap(a, b []string) int {
	n := 0
	for _, x := range a {
		for _, y := range b {
			if x == y {
				n++
			}
		}
	}
	return n
}
