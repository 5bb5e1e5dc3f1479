package deprecation

import (
	"fmt"
	"strings"
	"time"
)

// dayLayout is the one form of a sunset date.
const dayLayout = "2006-01-02"

// ParseDay reads a calendar day written YYYY-MM-DD (a real day: not
// 2027-02-30) and returns it in that form.
func ParseDay(s string) (string, bool) {
	t, err := time.Parse(dayLayout, strings.TrimSpace(s))
	if err != nil {
		return "", false
	}
	return t.Format(dayLayout), true
}

// Today is the day of t in UTC, YYYY-MM-DD: the day deprecations are
// judged on (a run's clock, --now).
func Today(t time.Time) string { return t.UTC().Format(dayLayout) }

// ParseClock reads a --now value: a day (YYYY-MM-DD, midnight UTC) or an
// RFC 3339 time.
func ParseClock(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	if t, err := time.Parse(dayLayout, s); err == nil {
		return t, nil
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	return time.Time{}, fmt.Errorf("%q is not a date: write YYYY-MM-DD (such as 2027-02-01) or an RFC 3339 time (2027-02-01T12:00:00Z)", s)
}
