package schema

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"github.com/mcpschema/mcpschema/internal/source"
)

// instanceMessage words why a value fails a schema keyword.
func instanceMessage(e *jsonschema.ValidationError) string {
	switch k := e.ErrorKind.(type) {
	case *kind.Type:
		want := make([]string, len(k.Want))
		for i, w := range k.Want {
			want[i] = article(w)
		}
		return fmt.Sprintf("value must be %s, got %s", strings.Join(want, " or "), article(k.Got))
	case *kind.Required:
		quoted := make([]string, len(k.Missing))
		for i, m := range k.Missing {
			quoted[i] = fmt.Sprintf("%q", m)
		}
		return fmt.Sprintf("required property %s is missing", strings.Join(quoted, ", "))
	case *kind.AdditionalProperties:
		quoted := make([]string, len(k.Properties))
		for i, m := range k.Properties {
			quoted[i] = fmt.Sprintf("%q", m)
		}
		return fmt.Sprintf("property %s is not allowed by the schema", strings.Join(quoted, ", "))
	case *kind.Enum:
		return fmt.Sprintf("value %s is not one of %s", display(k.Got), listedValues(k.Want))
	case *kind.Const:
		return fmt.Sprintf("value %s must be %s", display(k.Got), display(k.Want))
	case *kind.Pattern:
		return fmt.Sprintf("value %q does not match pattern %q", k.Got, k.Want)
	case *kind.MinLength:
		return fmt.Sprintf("string must be at least %d characters long, got %d", k.Want, k.Got)
	case *kind.MaxLength:
		return fmt.Sprintf("string must be at most %d characters long, got %d", k.Want, k.Got)
	case *kind.MinItems:
		return fmt.Sprintf("array must have at least %d items, got %d", k.Want, k.Got)
	case *kind.MaxItems:
		return fmt.Sprintf("array must have at most %d items, got %d", k.Want, k.Got)
	case *kind.Minimum:
		return fmt.Sprintf("value must be at least %s, got %s", k.Want.RatString(), k.Got.RatString())
	case *kind.Maximum:
		return fmt.Sprintf("value must be at most %s, got %s", k.Want.RatString(), k.Got.RatString())
	case *kind.FalseSchema:
		return "no value is allowed here (the schema is false)"
	}
	return e.ErrorKind.LocalizedString(printer)
}

// The enum values a message lists: a message listed all of them, so each
// example rejected by an enum of 490,000 values took a message of 3 MB
// (issue 29 item 5).
const (
	maxListedValues = 20
	maxListedBytes  = 400
)

// listedValues lists vals for a message: the first ones, up to
// maxListedValues of them and maxListedBytes of text (at least one, a long
// string cut), then how many more there are.
func listedValues(vals []any) string {
	var b strings.Builder
	for i, v := range vals {
		var d string
		if str, ok := v.(string); ok && len(str) > maxListedBytes {
			d = strconv.Quote(source.CutText(str, maxListedBytes)) // not the whole string quoted first
		} else {
			d = display(v)
		}
		if i > 0 && (i == maxListedValues || b.Len()+len(d) > maxListedBytes) {
			fmt.Fprintf(&b, " and %d more", len(vals)-i)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(d)
	}
	return b.String()
}
