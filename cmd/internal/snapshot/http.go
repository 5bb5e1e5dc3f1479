package snapshot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"strings"
)

// headerValues parses the --header flags, expanding ${VAR} and $VAR from
// the environment. An unset variable is an error that names the variable,
// never a value.
func headerValues(flags []string, getenv func(string) string) (http.Header, []string, error) {
	h := http.Header{}
	var secrets []string
	for _, f := range flags {
		name, value, ok := strings.Cut(f, ":")
		name = strings.TrimSpace(name)
		if !ok || name == "" || !validHeaderName(name) {
			return nil, nil, fmt.Errorf("--header %q is not 'Name: value'", redactValue(f))
		}
		var missing []string
		value = os.Expand(strings.TrimSpace(value), func(v string) string {
			x := getenv(v)
			if x == "" {
				missing = append(missing, v)
			}
			return x
		})
		if len(missing) > 0 {
			return nil, nil, fmt.Errorf("--header %q names the environment variable %s, which is not set", name, missing[0])
		}
		if strings.ContainsAny(value, "\r\n") {
			return nil, nil, fmt.Errorf("--header %q has a line break in its value", name)
		}
		h.Add(name, value)
		if value != "" {
			secrets = append(secrets, value)
		}
	}
	return h, secrets, nil
}

var headerName = regexp.MustCompile("^[!#$%&'*+.^_`|~0-9A-Za-z-]+$")

func validHeaderName(s string) bool { return headerName.MatchString(s) }

// redactValue keeps the name of a 'Name: value' flag and hides the value.
func redactValue(f string) string {
	if name, _, ok := strings.Cut(f, ":"); ok {
		return name + ": ***"
	}
	return "***"
}

// redact replaces every secret in s.
func redact(s string, secrets []string) string {
	for _, v := range secrets {
		if len(v) >= 1 {
			s = strings.ReplaceAll(s, v, "***")
		}
	}
	return s
}

// httpTap is the HTTP client's transport: it adds the headers, refuses any
// host but the --url one (no other network), and records the JSON-RPC
// messages of each exchange.
type httpTap struct {
	// life ends every request still open when the snapshot is done.
	life    context.Context
	base    http.RoundTripper
	headers http.Header
	host    string
	rec     *recorder
}

func newHTTPClient(life context.Context, u *url.URL, headers http.Header, rec *recorder) *http.Client {
	return &http.Client{
		Transport: &httpTap{life: life, base: http.DefaultTransport.(*http.Transport).Clone(), headers: headers, host: u.Host, rec: rec},
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return errors.New("the server answered with a redirect; give the final URL with --url")
		},
	}
}

func (t *httpTap) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Host != t.host {
		return nil, fmt.Errorf("refusing a request to %q: snapshot only talks to the --url host", req.URL.Host)
	}
	ctx, cancel := context.WithCancel(req.Context())
	stop := context.AfterFunc(t.life, cancel)
	release := func() { stop(); cancel() }
	req = req.Clone(ctx)
	for k, vs := range t.headers {
		req.Header[k] = append([]string(nil), vs...)
	}
	if req.Body != nil && req.Method == http.MethodPost {
		body, err := io.ReadAll(io.LimitReader(req.Body, maxMessage))
		req.Body.Close()
		if err != nil {
			release()
			return nil, err
		}
		t.rec.sent(body)
		req.Body = io.NopCloser(bytes.NewReader(body))
		req.ContentLength = int64(len(body))
	}
	resp, err := t.base.RoundTrip(req)
	if err != nil || resp.Body == nil {
		release()
		return resp, err
	}
	resp.Body = &releaseBody{ReadCloser: resp.Body, release: release}
	mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	switch mt {
	case "application/json":
		resp.Body = &jsonBodyTap{r: resp.Body, rec: t.rec}
	case "text/event-stream":
		sse := &sseTap{rec: t.rec}
		tr := &tapReader{r: resp.Body}
		tr.tap.fn = sse.line
		resp.Body = tr
	}
	return resp, nil
}

// releaseBody ends its request's context when it is closed.
type releaseBody struct {
	io.ReadCloser
	release func()
}

func (b *releaseBody) Close() error {
	err := b.ReadCloser.Close()
	b.release()
	return err
}

// jsonBodyTap records a JSON response body once it has been read.
type jsonBodyTap struct {
	r    io.ReadCloser
	buf  bytes.Buffer
	rec  *recorder
	done bool
}

func (j *jsonBodyTap) Read(p []byte) (int, error) {
	n, err := j.r.Read(p)
	if j.buf.Len() < maxMessage {
		j.buf.Write(p[:n])
	}
	if err == io.EOF {
		j.finish()
	}
	return n, err
}

func (j *jsonBodyTap) finish() {
	if !j.done {
		j.done = true
		j.rec.received(j.buf.Bytes())
	}
}

func (j *jsonBodyTap) Close() error {
	j.finish()
	return j.r.Close()
}

// sseTap records the data of each server-sent event.
type sseTap struct {
	rec  *recorder
	data []byte
	has  bool
}

func (s *sseTap) line(l []byte) {
	if len(l) == 0 {
		if s.has {
			s.rec.received(s.data)
		}
		s.data, s.has = s.data[:0], false
		return
	}
	if rest, ok := bytes.CutPrefix(l, []byte("data:")); ok {
		rest = bytes.TrimPrefix(rest, []byte(" "))
		if s.has {
			s.data = append(s.data, '\n')
		}
		s.data = append(s.data, rest...)
		s.has = true
	}
}
