package validate

import (
	"fmt"
	"strings"

	"github.com/mcpschema/mcpschema/internal/deprecation"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// Deprecations, read through the one model (internal/deprecation): the
// tools of every file shape, their parameters and output properties, and an
// MCP Description document's resources, resource templates and prompts.
// The day they are judged on is the run's clock (Options.Now, --now).
var (
	RuleDeprecationIncomplete = rules.New(rules.Rule{
		ID: "mcpschema.deprecation.incomplete", Title: "deprecation without date or successor", Owner: "mcpschema", Level: rules.Should, Severity: rules.Notice,
		Summary: "a deprecation names a sunset date and a successor",
		Doc: "A deprecated tool, parameter, output property, resource, resource template or prompt tells its callers to move away; without a sunset date they cannot plan the move, and without a successor they do not know where to go (oasdiff's users asked for the same: deprecating is not breaking, removing before the announced sunset is). " +
			"The forms read, strongest first: the MCP Description flag \"deprecated\": true (tools, resources, resource templates, prompts); the _meta member \"io.mcpschema/deprecated\" holding {\"since\": \"1.4.0\", \"sunset\": \"2027-01-31\", \"use\": \"new_tool\"} (each member optional, on a tool in any file shape); JSON Schema's \"deprecated\": true on a property, with the same object under \"x-mcpschema-deprecated\"; and, as a fallback named as such in the finding, a description prefix (\"[DEPRECATED — use X — sunset 2027-01-31]\", \"Deprecated: use X\") or a later sentence of the description starting with \"DEPRECATED:\" in capitals (\"Reads a file. DEPRECATED: Use read_text_file instead.\", as the MCP filesystem server writes it). " +
			"Structured values win; the prefix fills in what they leave out. See docs/deprecation.md.",
		Fix: "add \"sunset\": \"YYYY-MM-DD\" and \"use\": \"<successor>\" to the deprecation object (or write them in the description prefix)",
	})
	RuleDeprecationSunsetPassed = rules.New(rules.Rule{
		ID: "mcpschema.deprecation.sunset-passed", Title: "deprecated item shipped after its sunset", Owner: "mcpschema", Level: rules.Should, Severity: rules.Warning,
		Summary: "a deprecated item is not shipped after its sunset date",
		Doc: "A deprecated item whose sunset date is before the run's day is still shipped: the announced removal did not happen, so callers who trusted the date are left guessing (teams guard this in CI by hand today). " +
			"The day is the run's clock in UTC: --now on check (YYYY-MM-DD or an RFC 3339 time), else today; on the sunset day itself the item may still be shipped. " +
			"The forms read are those of mcpschema.deprecation.incomplete; see docs/deprecation.md.",
		Fix: "remove the item (a removal after its sunset is the announced one), or move the sunset to a later date if callers need more time",
	})
	RuleDeprecationMarker = rules.New(rules.Rule{
		ID: "mcpschema.deprecation.marker", Title: "malformed deprecation marker", Owner: "mcpschema", Level: rules.Should, Severity: rules.Warning,
		Summary: "a deprecation marker is well formed",
		Doc: "A deprecation marker mcpschema cannot read cannot announce anything: a sunset that is not a YYYY-MM-DD date (in the _meta object, in \"x-mcpschema-deprecated\" or in a description prefix), an \"io.mcpschema/deprecated\" or \"x-mcpschema-deprecated\" value that is not an object, members other than since, sunset and use (x-* aside), empty members, a non-boolean \"deprecated\" on a schema property, " +
			"and markers that contradict each other (\"deprecated\": false next to a deprecation object or a deprecation prefix; \"x-mcpschema-deprecated\" without \"deprecated\": true, which is what clients and SDKs read). A removal is judged without the unreadable date: it is not the announced one.",
		Fix: "write the marker as {\"since\": \"1.4.0\", \"sunset\": \"2027-01-31\", \"use\": \"<successor>\"}, and make the markers agree",
	})
)

// checkToolDeprecation judges the deprecation of a tool and of the
// properties of its schemas.
func checkToolDeprecation(c *ToolContext) {
	if c.Tool.Value == nil {
		return
	}
	who := c.Tool.Label()
	if c.Tool.HasName {
		who = "tool " + quote(c.Tool.Name)
	}
	day := deprecation.Today(c.Opts.Now)
	d, probs := deprecation.Read(deprecation.Tool, c.Tool.Name, c.Tool.Value, c.Tool.Pointer)
	judgeDeprecation(c, day, who, d, probs)
	for _, s := range []struct {
		key  string
		kind deprecation.Kind
	}{{"inputSchema", deprecation.Parameter}, {"outputSchema", deprecation.OutputProperty}} {
		v, ptr, ok := c.Schema(s.key)
		if !ok {
			continue
		}
		list, probs := deprecation.Properties(s.kind, v, ptr, c.Opts.Limits.Schema.MaxSubschemas)
		for _, p := range probs {
			judgeDeprecation(c, day, p.Label()+" of "+who, nil, []deprecation.Problem{p})
		}
		for i := range list {
			judgeDeprecation(c, day, list[i].Label()+" of "+who, &list[i], nil)
		}
	}
}

// checkDocumentDeprecation judges the deprecations of an MCP Description
// document's resources, resource templates and prompts.
func checkDocumentDeprecation(fc *FileContext) {
	root, ok := docRoot(fc)
	if !ok {
		return
	}
	day := deprecation.Today(fc.Opts.Now)
	for _, c := range []struct {
		key, id string
		kind    deprecation.Kind
	}{{"resources", "uri", deprecation.Resource}, {"resourceTemplates", "uriTemplate", deprecation.ResourceTemplate}, {"prompts", "name", deprecation.Prompt}} {
		list, _ := root[c.key].([]any)
		for i, e := range list {
			obj, ok := e.(map[string]any)
			if !ok {
				continue
			}
			name, _ := obj[c.id].(string)
			if name == "" {
				name, _ = obj["name"].(string)
			}
			d, probs := deprecation.Read(c.kind, name, obj, "/"+c.key+"/"+itoa(i))
			judgeDeprecation(fc, day, string(c.kind)+" "+quote(name), d, probs)
		}
	}
}

// judgeDeprecation reports the problems of an item's markers (who names
// it) and judges its deprecation d (nil: not deprecated) on day, the
// run's day (YYYY-MM-DD, UTC).
func judgeDeprecation(rep reporter, day, who string, d *deprecation.Deprecation, probs []deprecation.Problem) {
	for _, p := range probs {
		rep.Report(RuleDeprecationMarker, p.Pointer, nil, "%s: %s", who, p.Message)
	}
	if d == nil {
		return
	}
	from := ""
	if d.Form == deprecation.FormDescription {
		from = " (read from " + d.DescriptionText() + ")"
	}
	if d.Passed(day) {
		at := d.SunsetPointer
		since := ""
		if d.Since != "" {
			since = ", deprecated since " + quote(d.Since)
		}
		if d.FromDescription("sunset") && from == "" {
			from = " (its sunset read from " + d.DescriptionText() + ")"
		}
		rep.Report(RuleDeprecationSunsetPassed, at, nil, "%s is still shipped after its sunset %q%s%s: remove it, or move the sunset to a later date if callers need more time",
			who, d.Sunset, since, from)
		return
	}
	var missing []string
	if d.Sunset == "" {
		missing = append(missing, "a sunset date")
	}
	if d.Use == "" {
		missing = append(missing, "a successor")
	}
	if len(missing) == 0 {
		return
	}
	rep.Report(RuleDeprecationIncomplete, d.Marker, nil, "%s is deprecated (%s) without %s: %s",
		who, d.FormText(), strings.Join(missing, " or "), completeHint(d))
}

// completeHint says where to write the missing sunset and successor.
func completeHint(d *deprecation.Deprecation) string {
	var members, words []string
	if d.Sunset == "" {
		members, words = append(members, `"sunset": "YYYY-MM-DD"`), append(words, `"sunset YYYY-MM-DD"`)
	}
	if d.Use == "" {
		members, words = append(members, `"use": "<successor>"`), append(words, `"use <successor>"`)
	}
	obj := "{" + strings.Join(members, ", ") + "}"
	switch d.Form {
	case deprecation.FormSchema:
		return fmt.Sprintf("add %q: %s so that callers can plan the move", deprecation.SchemaKey, obj)
	case deprecation.FormDescription:
		where := "the prefix"
		if d.DescriptionLater {
			where = "that sentence"
		}
		return fmt.Sprintf("write %s in %s, or add _meta %q: %s", strings.Join(words, " and "), where, deprecation.MetaKey, obj)
	}
	return fmt.Sprintf("add _meta %q: %s so that callers can plan the move", deprecation.MetaKey, obj)
}
