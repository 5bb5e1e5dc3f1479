package service

import (
	"fmt"
	"regexp"

	"github.com/mcpschema/mcpschema/internal/source"
)

// firstQuoted finds the construct a YAML profile problem names ("&a", "*a", "<<", "!tag").
var firstQuoted = regexp.MustCompile(`"[^"]*"`)

// configProblemText is the message of a problem found in the config file:
// the YAML profile's own messages speak of tool files, and a config with
// such a problem is not read at all.
func configProblemText(pr source.Problem) string {
	what := firstQuoted.FindString(pr.Message)
	const profile = "a config holds plain JSON values only, as MCP Description 0.8.0 §15.3 asks of YAML documents, so this one is not read"
	switch pr.Kind {
	case source.ProblemYAMLAlias:
		return fmt.Sprintf("alias %s is not expanded in the config file: %s; write the value out in place of the alias", what, profile)
	case source.ProblemYAMLAnchor:
		return fmt.Sprintf("anchor %s is not allowed in the config file: %s; remove the anchor", what, profile)
	case source.ProblemYAMLMergeKey:
		return fmt.Sprintf("merge key %s merges nothing in the config file: %s; write the merged members out", what, profile)
	case source.ProblemYAMLTag:
		return fmt.Sprintf("tag %s is not allowed in the config file: %s; remove the tag", what, profile)
	}
	return pr.Message
}
