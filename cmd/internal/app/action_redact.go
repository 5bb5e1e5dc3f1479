package app

import (
	"bytes"
	"io"
	"sync"
)

// redactWriter replaces a secret with *** in everything written through it,
// so that no message can print the token.
type redactWriter struct {
	mu     sync.Mutex
	w      io.Writer
	secret []byte
}

func newRedactWriter(w io.Writer, secret string) io.Writer {
	if secret == "" || w == nil {
		return w
	}
	return &redactWriter{w: w, secret: []byte(secret)}
}

// Write writes p with the secret masked; it reports len(p) on success.
func (r *redactWriter) Write(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, err := r.w.Write(bytes.ReplaceAll(p, r.secret, []byte("***"))); err != nil {
		return 0, err
	}
	return len(p), nil
}
