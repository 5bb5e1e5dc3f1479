package snapshot

import (
	"encoding/base64"
	"net/url"
	"strings"
	"testing"
)

// Every form of a header's secret words is hidden: any case, URL-encoded,
// base64-encoded alone or inside a longer encoded text at any alignment;
// short words ("Bearer") are not secrets.
func TestRedactorForms(t *testing.T) {
	const token = "tok-3x4mpl3-V4lue"
	r := newRedactor([]string{"Bearer " + token})
	texts := []string{token, strings.ToUpper(token), url.QueryEscape("Bearer " + token), url.PathEscape(token + "/x")}
	for pre := 0; pre < 3; pre++ {
		for post := 0; post < 3; post++ {
			raw := strings.Repeat("p", pre) + token + strings.Repeat("q", post)
			texts = append(texts, base64.StdEncoding.EncodeToString([]byte(raw)), base64.RawURLEncoding.EncodeToString([]byte(raw)))
		}
	}
	for _, text := range texts {
		got := r.String("answer: " + text + " end")
		if !strings.Contains(got, "***") || strings.Contains(strings.ToLower(got), strings.ToLower(token)) {
			t.Errorf("%q: %q", text, got)
		}
	}
	if got := r.String("Bearer realm=x"); got != "Bearer realm=x" {
		t.Errorf("a short word was hidden: %q", got)
	}
}
