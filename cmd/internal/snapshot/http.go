package snapshot

import (
	"bufio"
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
		body, err := io.ReadAll(io.LimitReader(req.Body, t.rec.maxMessage))
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
	if resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden {
		t.rec.mu.Lock()
		if t.rec.auth == nil {
			t.rec.auth = &authFailure{status: resp.StatusCode, challenge: strings.Join(resp.Header.Values("WWW-Authenticate"), ", ")}
		}
		t.rec.mu.Unlock()
	}
	resp.Body = &releaseBody{ReadCloser: resp.Body, release: release}
	mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	switch mt {
	case "application/json":
		body, err := io.ReadAll(io.LimitReader(resp.Body, t.rec.maxMessage+1))
		resp.Body.Close()
		if err != nil {
			if len(body) > 0 {
				t.rec.truncated(len(body))
			}
			return nil, err
		}
		if int64(len(body)) > t.rec.maxMessage {
			return nil, t.rec.tooLargeError()
		}
		body = t.rec.answer(body)
		resp.Body = io.NopCloser(bytes.NewReader(body))
		resp.ContentLength = int64(len(body))
		resp.Header.Del("Content-Length")
	case "text/event-stream":
		resp.Body = &sseReader{r: resp.Body, br: bufio.NewReaderSize(resp.Body, 64<<10), rec: t.rec}
	}
	return resp, nil
}

// authFailure is an HTTP 401 or 403 answer and its challenge.
type authFailure struct {
	status    int
	challenge string
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

// sseReader passes a server-sent event stream on, event by event, each
// event's data handed to recorder.answer (and bounded by its maxMessage).
type sseReader struct {
	r   io.ReadCloser
	br  *bufio.Reader
	rec *recorder
	out []byte
	err error
}

func (s *sseReader) Read(p []byte) (int, error) {
	for len(s.out) == 0 {
		if s.err != nil {
			return 0, s.err
		}
		s.out, s.err = s.event()
	}
	n := copy(p, s.out)
	s.out = s.out[n:]
	return n, nil
}

// event reads the lines of one event (up to its blank line) and returns
// them as the SDK is to read them.
func (s *sseReader) event() ([]byte, error) {
	var other [][]byte
	var data []byte
	has := false
	size := 0
	for {
		line, err := s.br.ReadSlice('\n')
		full := append([]byte(nil), line...)
		for errors.Is(err, bufio.ErrBufferFull) {
			if int64(len(full)) > s.rec.maxMessage {
				return nil, s.rec.tooLargeError()
			}
			line, err = s.br.ReadSlice('\n')
			full = append(full, line...)
		}
		size += len(full)
		if int64(size) > s.rec.maxMessage+1024 {
			return nil, s.rec.tooLargeError()
		}
		text := bytes.TrimRight(full, "\r\n")
		if len(text) == 0 && err == nil {
			var out []byte
			for _, l := range other {
				out = append(out, l...)
			}
			if has {
				out = append(out, "data: "...)
				out = append(out, bytes.ReplaceAll(s.rec.answer(data), []byte("\n"), []byte("\ndata: "))...)
				out = append(out, '\n')
			}
			return append(out, '\n'), nil
		}
		if rest, ok := bytes.CutPrefix(text, []byte("data:")); ok {
			rest = bytes.TrimPrefix(rest, []byte(" "))
			if has {
				data = append(data, '\n')
			}
			data = append(data, rest...)
			has = true
		} else if len(text) > 0 {
			other = append(other, full)
		}
		if err != nil {
			var out []byte
			for _, l := range other {
				out = append(out, l...)
			}
			if has {
				out = append(out, "data: "...)
				out = append(out, data...)
				out = append(out, '\n')
			}
			return out, err
		}
	}
}

func (s *sseReader) Close() error { return s.r.Close() }
