package validate

import (
	"fmt"
	"strings"
)

// checkQualityDefaults reports a default, or an entry of examples, that
// the schema it sits in rejects, by the real validator. A schema with a
// reference inside is not judged: its target depends on the document.
func checkQualityDefaults(c *ToolContext) {
	if !c.Opts.Quality {
		return
	}
	budget := 100_000 // nodes read looking for references, per tool
	for _, key := range []string{"inputSchema", "outputSchema"} {
		v, ptr, present := c.Schema(key)
		root, ok := v.(map[string]any)
		if !present || !ok {
			continue
		}
		w := newSchemaWalk(c, ptr)
		w.single = []string{"items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames", "unevaluatedItems", "unevaluatedProperties", "additionalItems"}
		w.lists = []string{"anyOf", "oneOf", "allOf", "prefixItems", "items"}
		w.maps = []string{"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"}
		w.visit = func(w *schemaWalk, obj map[string]any) {
			def, hasDefault := obj["default"]
			examples, _ := obj["examples"].([]any)
			if !hasDefault && len(examples) == 0 {
				return
			}
			if c.OutOfTime() || budget <= 0 || hasReference(obj, &budget) {
				return
			}
			sub := make(map[string]any, len(obj)+1)
			for k, x := range obj {
				sub[k] = x
			}
			if s, ok := root["$schema"]; ok {
				if _, own := obj["$schema"]; !own {
					sub["$schema"] = s
				}
			}
			checked := c.Schemas.Check(sub)
			if checked == nil || len(checked.Problems) > 0 || !checked.Complete {
				return
			}
			subject := schemaSubject(key, w.path)
			judge := func(value any, at, what string) {
				errs, ok := checked.ValidateBy(value, c.Deadline())
				if !ok || len(errs) == 0 {
					return
				}
				who := "a model or a client that fills in defaults would send"
				if what != "the default" {
					who = "a model that follows the example would send"
				}
				c.Report(RuleQualityDefaultInvalid, at, nil,
					"%s: %s of %s, %s, is not valid against its own schema (%s): %s a value the tool rejects; %s",
					toolLabel(c), what, subject, compactJSON(value), strings.TrimSuffix(errs[0].Message, "."), who, RuleQualityDefaultInvalid.Fix)
			}
			if hasDefault {
				judge(def, w.at("default"), "the default")
			}
			for i, ex := range examples {
				judge(ex, w.at("examples", itoa(i)), fmt.Sprintf("example %d", i+1))
			}
		}
		w.run(root)
	}
}

// hasReference reports whether v holds a $ref, $dynamicRef or
// $recursiveRef anywhere, spending budget on the nodes it reads (out of
// budget counts as holding one: not judged).
func hasReference(v any, budget *int) bool {
	*budget--
	if *budget < 0 {
		return true
	}
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if k == "$ref" || k == "$dynamicRef" || k == "$recursiveRef" {
				return true
			}
			if hasReference(e, budget) {
				return true
			}
		}
	case []any:
		for _, e := range x {
			if hasReference(e, budget) {
				return true
			}
		}
	}
	return false
}
