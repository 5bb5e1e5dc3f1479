package action

import (
	"bytes"
	"io"
	"strings"
	"sync"
)

// mask replaces a secret wherever mcpschema prints or posts text.
const mask = "***"

// redactor masks a secret in every form it can take in mcpschema's output:
// as given, without surrounding whitespace (the input may carry a trailing
// newline), and Markdown-escaped (`ghs_x` becomes `ghs\_x` in a summary).
type redactor struct {
	forms [][]byte
}

func newRedactor(secret string) *redactor {
	r := &redactor{}
	seen := map[string]bool{}
	add := func(s string) {
		if len(s) >= 4 && !seen[s] {
			seen[s] = true
			r.forms = append(r.forms, []byte(s))
		}
	}
	for _, s := range []string{secret, strings.TrimSpace(secret)} {
		add(s)
		add(markdownEscaped(s))
	}
	return r
}

// markdownEscaped is s as the Markdown renderer escapes text.
func markdownEscaped(s string) string {
	var b strings.Builder
	for _, c := range s {
		if strings.ContainsRune("\\`*_[]|~#!{}", c) {
			b.WriteByte('\\')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// bytes masks every form of the secret in p.
func (r *redactor) bytes(p []byte) []byte {
	for _, f := range r.forms {
		p = bytes.ReplaceAll(p, f, []byte(mask))
	}
	return p
}

// String masks every form of the secret in s.
func (r *redactor) String(s string) string {
	if r == nil || len(r.forms) == 0 {
		return s
	}
	return string(r.bytes([]byte(s)))
}

// held is how many bytes at the end of p could begin a form of the secret.
func (r *redactor) held(p []byte) int {
	n := 0
	for _, f := range r.forms {
		for k := min(len(f)-1, len(p)); k > n; k-- {
			if bytes.HasSuffix(p, f[:k]) {
				n = k
				break
			}
		}
	}
	return n
}

// redactWriter masks the secret in the stream written through it, also when
// one write ends inside the secret and the next one completes it: the bytes
// that could begin the secret are held back until they cannot, or until
// Flush.
type redactWriter struct {
	mu      sync.Mutex
	w       io.Writer
	r       *redactor
	pending []byte
}

func newRedactWriter(w io.Writer, secret string) io.Writer {
	r := newRedactor(secret)
	if len(r.forms) == 0 || w == nil {
		return w
	}
	return &redactWriter{w: w, r: r}
}

// Write writes p with the secret masked; it reports len(p) on success.
func (rw *redactWriter) Write(p []byte) (int, error) {
	rw.mu.Lock()
	defer rw.mu.Unlock()
	buf := rw.r.bytes(append(rw.pending, p...))
	keep := rw.r.held(buf)
	rw.pending = append([]byte(nil), buf[len(buf)-keep:]...)
	if _, err := rw.w.Write(buf[:len(buf)-keep]); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes what was held back.
func (rw *redactWriter) Flush() error {
	rw.mu.Lock()
	defer rw.mu.Unlock()
	if len(rw.pending) == 0 {
		return nil
	}
	_, err := rw.w.Write(rw.pending)
	rw.pending = nil
	return err
}

// flushRedact flushes w when it is a redactWriter.
func flushRedact(w io.Writer) {
	if rw, ok := w.(*redactWriter); ok {
		_ = rw.Flush()
	}
}
