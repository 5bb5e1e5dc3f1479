package snapshot

import (
	"encoding/base64"
	"io"
	"net/url"
	"regexp"
	"sort"
	"strings"
)

// minSecretPart is the shortest whitespace-separated part of a header
// value that is treated as a secret ("Bearer" and short words are not).
const minSecretPart = 8

// redactor hides the values of the --header flags from everything the
// snapshot prints or writes: each value, each whitespace-separated part
// of 8 or more characters, in any case, and their URL- and
// base64-encoded forms.
type redactor struct {
	re    *regexp.Regexp
	forms []string
}

func newRedactor(values []string) *redactor {
	seen := map[string]bool{}
	var forms []string
	add := func(f string) {
		if f != "" && !seen[f] {
			seen[f] = true
			forms = append(forms, f)
		}
	}
	for _, v := range values {
		// the whole value, as the older redaction did, whatever its length
		add(strings.TrimSpace(v))
		for _, p := range strings.Fields(v) {
			if len(p) < minSecretPart {
				continue
			}
			add(p)
			add(url.QueryEscape(p))
			add(url.PathEscape(p))
			for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding} {
				add(enc.EncodeToString([]byte(p)))
				// the part inside a longer encoded text: each of the three
				// alignments, only the characters the part alone decides
				for k, skip := range []int{0, 2, 3} {
					e := enc.WithPadding(base64.NoPadding).EncodeToString([]byte(strings.Repeat("\x00", k) + p))
					e = e[skip:]
					if (k+len(p))%3 != 0 {
						e = e[:len(e)-1]
					}
					if len(e) >= minSecretPart {
						add(e)
					}
				}
			}
		}
	}
	if len(forms) == 0 {
		return &redactor{}
	}
	sort.Slice(forms, func(i, j int) bool { return len(forms[i]) > len(forms[j]) })
	quoted := make([]string, len(forms))
	for i, f := range forms {
		quoted[i] = regexp.QuoteMeta(f)
	}
	return &redactor{re: regexp.MustCompile("(?i)" + strings.Join(quoted, "|")), forms: forms}
}

// String hides every secret in s.
func (r *redactor) String(s string) string {
	if r == nil || r.re == nil {
		return s
	}
	return r.re.ReplaceAllString(s, "***")
}

// Bytes hides every secret in b.
func (r *redactor) Bytes(b []byte) []byte {
	if r == nil || r.re == nil || !r.re.Match(b) {
		return b // no copy of a large snapshot that holds no secret
	}
	return r.re.ReplaceAll(b, []byte("***"))
}

// mask writes an ::add-mask:: workflow command for each secret form, so
// that the runner hides them from the rest of the job's log too.
func (r *redactor) mask(w io.Writer) {
	if r == nil {
		return
	}
	// the command's data escaped as the runner unescapes it
	esc := strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	for _, f := range r.forms {
		io.WriteString(w, "::add-mask::"+esc.Replace(f)+"\n")
	}
}

// redactWriter hides the secrets from each write (the snapshot writes one
// message, or one file, per call).
type redactWriter struct {
	w io.Writer
	r *redactor
}

func (w redactWriter) Write(p []byte) (int, error) {
	if _, err := w.w.Write(w.r.Bytes(p)); err != nil {
		return 0, err
	}
	return len(p), nil
}
