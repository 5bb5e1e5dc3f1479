package validate

import "strings"

// isQualityRule reports whether id names a quality.* lint.
func isQualityRule(id string) bool { return strings.HasPrefix(id, "quality.") }
