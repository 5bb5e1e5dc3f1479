package app

import (
	"fmt"

	"github.com/mcpschema/mcpschema/validate/rules"
)

// configKeys are the config file's top-level keys, in the order messages list them.
var configKeys = []string{"files", "exclude", "protocol-versions", "fail-on", "fail-on-existing", "strict-outputs", "version-policy", "skip-label", "rules", "ignore", "aliases", "limits"}

// ignoreKeys are the keys of an ignore entry.
var ignoreKeys = []string{"rule", "tool", "pointer", "reason", "expires"}

// limitKeys are the keys of the config's limits.
var limitKeys = []string{"max-file-bytes", "max-file-depth", "max-file-values", "max-file-tools", "max-schema-depth", "max-subschemas",
	"schema-timeout", "regex-timeout", "file-timeout", "run-timeout"}

// unknownRuleText is the message for an unknown rule id in the config,
// with the nearest registered id when one is near.
func unknownRuleText(id string) string {
	all := rules.All()
	ids := make([]string, len(all))
	for i, r := range all {
		ids[i] = r.ID
	}
	return fmt.Sprintf("unknown rule %q%s", id, unknownHint(id, ids, "%q", "run 'mcpschema rules' for the list"))
}
