package rules

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Severity is how serious a finding is.
type Severity int

// Severities, in increasing order. Off is only used by config overrides.
const (
	Off Severity = iota
	Notice
	Warning
	Error
)

// String returns "off", "notice", "warning" or "error".
func (s Severity) String() string {
	switch s {
	case Notice:
		return "notice"
	case Warning:
		return "warning"
	case Error:
		return "error"
	}
	return "off"
}

// ParseSeverity reads a severity name; "never" and "off" both mean Off.
func ParseSeverity(s string) (Severity, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "error":
		return Error, nil
	case "warning", "warn":
		return Warning, nil
	case "notice", "info", "note":
		return Notice, nil
	case "off", "never", "none":
		return Off, nil
	}
	return Off, fmt.Errorf("unknown severity %q: use error, warning, notice or off", s)
}

// MarshalJSON writes the severity as its name.
func (s Severity) MarshalJSON() ([]byte, error) { return json.Marshal(s.String()) }

// UnmarshalJSON reads a severity name.
func (s *Severity) UnmarshalJSON(b []byte) error {
	var str string
	if err := json.Unmarshal(b, &str); err != nil {
		return err
	}
	v, err := ParseSeverity(str)
	*s = v
	return err
}
