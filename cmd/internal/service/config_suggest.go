package service

import (
	"fmt"

	"github.com/mcpschema/mcpschema/internal/rules"
)

// configKeys are the config file's top-level keys, in the order messages list them.
var configKeys = []string{"files", "exclude", "protocol-versions", "fail-on", "fail-on-existing", "strict-outputs", "version-policy", "skip-label", "clients", "server-name", "server-json", "quality", "rules", "ignore", "aliases", "limits", "max-tokens"}

// ignoreKeys are the keys of an ignore entry.
var ignoreKeys = []string{"rule", "tool", "pointer", "reason", "expires"}

// unknownRuleText is the message for an unknown rule id in the config,
// with the nearest id of known when one is near.
func unknownRuleText(id string, known *rules.Set) string {
	return fmt.Sprintf("unknown rule %q%s", id, UnknownHint(id, known.IDs(), "%q", "run 'mcpschema rules' for the list"))
}
