package schema

import (
	"strconv"
	"strings"

	"github.com/mcpschema/mcpschema/internal/suggest"
)

// typeAliases are type names other languages use for a JSON Schema type.
var typeAliases = map[string]string{
	"str": "string", "text": "string", "char": "string",
	"int": "integer", "long": "integer", "int32": "integer", "int64": "integer", "uint": "integer",
	"float": "number", "double": "number", "decimal": "number", "float64": "number", "num": "number",
	"bool": "boolean",
	"dict": "object", "map": "object", "hash": "object", "record": "object",
	"list": "array", "tuple": "array", "slice": "array",
	"none": "null", "nil": "null",
}

// enumHint returns `: did you mean "X"?` when a string that a meta-schema
// enum rejects is close to one of its values (or is another language's
// name for a JSON Schema type), else "".
func enumHint(got any, want []any) string {
	g, ok := got.(string)
	if !ok {
		return ""
	}
	var values []string
	for _, w := range want {
		if s, ok := w.(string); ok {
			values = append(values, s)
		}
	}
	if len(values) == 0 {
		return ""
	}
	if a, ok := typeAliases[strings.ToLower(g)]; ok {
		for _, v := range values {
			if v == a {
				return ": did you mean " + strconv.Quote(a) + "?"
			}
		}
	}
	if s, ok := suggest.Nearest(g, values); ok {
		return ": did you mean " + strconv.Quote(s) + "?"
	}
	return ""
}
