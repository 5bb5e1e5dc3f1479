package validate

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// jsonType names the JSON type of a decoded value for messages.
func jsonType(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		if v {
			return "the boolean true"
		}
		return "the boolean false"
	case string:
		return "a string"
	case json.Number:
		return "a number"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return "an unknown value"
}

// quoteList renders values as "a", "b" and "c".
func quoteList(vs []string) string {
	q := make([]string, len(vs))
	for i, v := range vs {
		q[i] = strconv.Quote(v)
	}
	switch len(q) {
	case 0:
		return ""
	case 1:
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1]
}

// versionsText renders protocol versions for messages.
func versionsText(vs []string) string {
	if len(vs) == 1 {
		return "protocol version " + quoteList(vs)
	}
	return "protocol versions " + quoteList(vs)
}

// versionsDoNotDefine renders `protocol version "a" does not define` or
// `protocol versions "a" and "b" do not define` for messages.
func versionsDoNotDefine(vs []string) string {
	if len(vs) == 1 {
		return versionsText(vs) + " does not define"
	}
	return versionsText(vs) + " do not define"
}

// sortedKeys returns the keys of m in sorted order.
func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// isExtension reports whether a member name is an x-* specification extension.
func isExtension(name string) bool { return strings.HasPrefix(name, "x-") }

// versionsFrom returns the known versions from the oldest listed one onward.
func versionsFrom(first string) []string {
	for i, v := range protocolVersions() {
		if v == first {
			return protocolVersions()[i:]
		}
	}
	return nil
}

// versionsBefore returns the known versions older than v.
func versionsBefore(v string) []string {
	for i, p := range protocolVersions() {
		if p == v {
			return protocolVersions()[:i]
		}
	}
	return nil
}

// positionBefore orders two pointers by their place in the file.
func (c *FileContext) positionBefore(a, b string) bool {
	pa, _ := c.File.Index.Locate(a)
	pb, _ := c.File.Index.Locate(b)
	if pa.Line != pb.Line {
		return pa.Line < pb.Line
	}
	if pa.Column != pb.Column {
		return pa.Column < pb.Column
	}
	return a < b
}

func protocolVersions() []string { return rules.ProtocolVersions }

// joinPtr appends unescaped tokens to a pointer.
func joinPtr(ptr string, tokens ...string) string { return source.Join(ptr, tokens...) }

// compactJSON renders a decoded value as compact JSON for messages.
func compactJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return "?"
	}
	if len(b) > 80 {
		return string(b[:77]) + "..."
	}
	return string(b)
}

// itoa formats an array index.
func itoa(i int) string { return strconv.Itoa(i) }

// reportFindingAt prepares a finding of rule at ptr; incomplete marks a check that could not be completed.
func reportFindingAt(rule *rules.Rule, ptr string, vs []string, incomplete bool, format string, args ...any) report.Finding {
	return report.Finding{Rule: rule.ID, Severity: rule.Severity, Pointer: ptr, ProtocolVersions: vs,
		Incomplete: incomplete, Message: fmt.Sprintf(format, args...)}
}

// quote quotes a string for messages.
func quote(s string) string { return strconv.Quote(s) }

// quoteAlternatives renders values as "a", "b" or "c".
func quoteAlternatives(vs []string) string {
	s := quoteList(vs)
	if i := strings.LastIndex(s, "\" and \""); i >= 0 {
		s = s[:i] + "\" or \"" + s[i+len("\" and \""):]
	}
	return s
}

// versionsRequire renders `protocol version "a" requires` or
// `protocol versions "a" and "b" require` for messages.
func versionsRequire(vs []string) string {
	if len(vs) == 1 {
		return versionsText(vs) + " requires"
	}
	return versionsText(vs) + " require"
}

// narrowTo says how to scope the tool to the versions in want: narrowing
// when the tool already covers some of them, otherwise moving it.
func narrowTo(c *ToolContext, want []string) string {
	if have := c.Among(want); len(have) > 0 {
		return "narrow " + versionsPlace(c) + " to " + quoteList(have)
	}
	return "declare the tool for " + versionsText(want) + " instead"
}
