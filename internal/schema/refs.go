package schema

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/mcpschema/mcpschema/internal/source"
)

// stub is a member removed from the copy of a schema handed to the compiler.
type stub struct {
	owner   string // pointer of the schema object
	keyword string // member name, e.g. "$ref"
}

// refKeywords are the reference keywords checked and, when they cannot be
// followed offline, stubbed out.
var refKeywords = []string{"$ref", "$dynamicRef"}

// checkRefs resolves every reference of the indexed document. A local
// reference that selects nothing is an unresolved-ref problem; a reference
// to another document is an external-ref problem (never loaded). Both are
// stubbed out of the compiled copy. It returns the targets of the
// references that resolve, by pointer of the referring schema.
func (ix *index) checkRefs() map[string][]string {
	targets := map[string][]string{}
	for _, ptr := range ix.order {
		n := ix.nodes[ptr]
		if n.obj == nil {
			continue
		}
		for _, kw := range refKeywords {
			ref, ok := n.obj[kw].(string)
			if !ok {
				continue
			}
			if ix.dialect == DialectDraft7 && kw != "$ref" {
				continue
			}
			kp := source.Join(ptr, kw)
			target, prob := ix.resolveRef(n, kw, ref)
			if prob != nil {
				prob.Pointer = kp
				ix.problems = append(ix.problems, *prob)
				ix.strip = append(ix.strip, stub{owner: ptr, keyword: kw})
				continue
			}
			targets[ptr] = append(targets[ptr], target)
		}
	}
	return targets
}

// resolveRef resolves one reference found in n; it returns the pointer of
// the target or the problem (without pointer) that keeps it from resolving.
func (ix *index) resolveRef(n *node, kw, ref string) (string, *Problem) {
	var docURL, frag string
	if strings.HasPrefix(ref, "#") {
		docURL, frag = n.base, ref[1:]
		if f, err := url.PathUnescape(frag); err == nil {
			frag = f
		}
	} else {
		u, err := resolveURI(n.base, ref)
		if err != nil {
			return "", externalRef(kw, ref)
		}
		frag = u.Fragment
		u.Fragment, u.RawFragment = "", ""
		docURL = u.String()
	}
	res, ok := ix.resources[docURL]
	if !ok {
		return "", externalRef(kw, ref)
	}
	if frag == "" || strings.HasPrefix(frag, "/") {
		target := res + frag
		v, ok := source.Resolve(ix.root, target)
		if !ok {
			return "", &Problem{Kind: SchemaUnresolvedRef, Message: fmt.Sprintf(
				"%s %q selects nothing in this schema; add the missing definition (for example under \"$defs\") or fix the reference", kw, ref)}
		}
		if !isSchema(v) {
			return "", &Problem{Kind: SchemaUnresolvedRef, Message: fmt.Sprintf(
				"%s %q selects a %s, not a schema; point it at an object or boolean schema", kw, ref, typeName(v))}
		}
		return target, nil
	}
	if target, ok := ix.anchors[res][frag]; ok {
		return target, nil
	}
	return "", &Problem{Kind: SchemaUnresolvedRef, Message: fmt.Sprintf(
		"%s %q names anchor %q, which no schema here declares; declare it with \"$anchor\" or fix the reference", kw, ref, frag)}
}

func externalRef(kw, ref string) *Problem {
	return &Problem{Kind: SchemaExternalRef, Message: fmt.Sprintf(
		"%s %q points to another document, which is never fetched, so this schema is checked without it and the check is incomplete; inline the definition under \"$defs\" to check it fully", kw, ref)}
}

// stubbed returns a copy of doc with the stubbed members removed (doc
// itself is shared with callers and never modified). Under draft-07 the siblings of $ref are
// ignored, so a stubbed $ref object keeps only its definitions.
func stubbed(doc any, stubs []stub, d Dialect) any {
	if len(stubs) == 0 {
		return doc
	}
	byOwner := map[string][]string{}
	for _, s := range stubs {
		byOwner[s.owner] = append(byOwner[s.owner], s.keyword)
	}
	return copyStubbed(doc, "", byOwner, d)
}

func copyStubbed(v any, ptr string, byOwner map[string][]string, d Dialect) any {
	switch v := v.(type) {
	case map[string]any:
		drop := byOwner[ptr]
		out := make(map[string]any, len(v))
		for k, c := range v {
			out[k] = copyStubbed(c, source.Join(ptr, k), byOwner, d)
		}
		for _, k := range drop {
			delete(out, k)
			if k == "$ref" && d == DialectDraft7 {
				kept := map[string]any{}
				for _, keep := range []string{"definitions", "$defs"} {
					if c, ok := out[keep]; ok {
						kept[keep] = c
					}
				}
				out = kept
			}
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, c := range v {
			out[i] = copyStubbed(c, source.JoinIndex(ptr, i), byOwner, d)
		}
		return out
	}
	return v
}
