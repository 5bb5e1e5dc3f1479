package schema

import (
	"errors"
	"fmt"
	"net/url"
	"sort"
	"strings"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mcpschema/mcpschema/internal/limits"
)

func timeoutProblem(d time.Duration) Problem {
	return Problem{Kind: SchemaBound, Pointer: "", Limit: limits.SchemaTimeout, Message: fmt.Sprintf(
		"compiling the schema took longer than %s, so it is not checked; simplify it, or %s", d, limits.SchemaTimeout.Raise())}
}

// compileProblems turns a compile error into problems at the pointers it names.
func compileProblems(err error, resources map[string]string) []Problem {
	var sve *jsonschema.SchemaValidationError
	if errors.As(err, &sve) {
		var ve *jsonschema.ValidationError
		if errors.As(sve.Err, &ve) {
			base := pointerOf(sve.URL, resources)
			ps := metaProblems(ve)
			for i := range ps {
				ps[i].Pointer = base + ps[i].Pointer
			}
			return ps
		}
		return []Problem{{Kind: SchemaInvalid, Pointer: pointerOf(sve.URL, resources), Message: lowerFirst(sve.Err.Error())}}
	}
	var (
		rx  *jsonschema.InvalidRegexError
		jp  *jsonschema.JSONPointerNotFoundError
		an  *jsonschema.AnchorNotFoundError
		ld  *jsonschema.LoadURLError
		dup *jsonschema.DuplicateIDError
		da  *jsonschema.DuplicateAnchorError
	)
	switch {
	case errors.As(err, &rx):
		return []Problem{{Kind: SchemaInvalid, Pointer: pointerOf(rx.URL, resources), Message: fmt.Sprintf(
			"pattern %q is not a valid ECMA-262 regular expression: %v; fix the pattern", rx.Regex, rx.Err)}}
	case errors.As(err, &jp):
		return []Problem{{Kind: SchemaUnresolvedRef, Message: fmt.Sprintf("a reference to %q selects nothing; fix the reference", jp.URL)}}
	case errors.As(err, &an):
		return []Problem{{Kind: SchemaUnresolvedRef, Message: fmt.Sprintf("reference %q names an anchor no schema declares; fix the reference", an.Reference)}}
	case errors.As(err, &ld):
		return []Problem{{Kind: SchemaExternalRef, Message: fmt.Sprintf("%q is another document, which is never fetched; the check is incomplete", ld.URL)}}
	case errors.As(err, &dup):
		return []Problem{{Kind: SchemaInvalid, Pointer: dup.Ptr2, Message: fmt.Sprintf(
			"\"$id\" %q is declared twice (also at %q); give each embedded resource its own id", dup.ID, dup.Ptr1)}}
	case errors.As(err, &da):
		return []Problem{{Kind: SchemaInvalid, Pointer: da.Ptr2, Message: fmt.Sprintf(
			"anchor %q is declared twice (also at %q); rename one", da.Anchor, da.Ptr1)}}
	}
	return []Problem{{Kind: SchemaInvalid, Message: "schema cannot be compiled: " + lowerFirst(err.Error())}}
}

// pointerOf maps an absolute schema location (URI with a JSON Pointer
// fragment) back to a pointer relative to the schema root.
func pointerOf(loc string, resources map[string]string) string {
	doc, frag, _ := strings.Cut(loc, "#")
	if f, err := url.PathUnescape(frag); err == nil {
		frag = f
	}
	if frag != "" && !strings.HasPrefix(frag, "/") {
		frag = ""
	}
	return resources[doc] + frag
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

func sortProblems(ps []Problem) {
	sort.SliceStable(ps, func(i, j int) bool {
		if ps[i].Pointer != ps[j].Pointer {
			return ps[i].Pointer < ps[j].Pointer
		}
		if ps[i].Kind != ps[j].Kind {
			return ps[i].Kind < ps[j].Kind
		}
		return ps[i].Message < ps[j].Message
	})
}

func dedupeProblems(ps []Problem) []Problem {
	out := ps[:0]
	for i, p := range ps {
		if i > 0 && p == ps[i-1] {
			continue
		}
		out = append(out, p)
	}
	return out
}
