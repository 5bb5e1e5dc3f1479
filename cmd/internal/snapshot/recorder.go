package snapshot

import (
	"bytes"
	"encoding/json"
	"io"
	"sync"
)

// maxMessage bounds one recorded JSON-RPC message (a tools/list page).
const maxMessage = 64 << 20

// recorder keeps the raw JSON-RPC traffic the SDK exchanges, so that the
// snapshot holds exactly what the server sent (every member, numbers as
// written) rather than the SDK's typed view of it.
type recorder struct {
	mu        sync.Mutex
	requests  []sentRequest
	responses map[string]json.RawMessage
	// garbage is the first thing the server wrote that is not a JSON-RPC message.
	garbage string
}

type sentRequest struct {
	method string
	id     string
}

type wireMessage struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Result  json.RawMessage `json:"result"`
	Error   json.RawMessage `json:"error"`
}

func newRecorder() *recorder { return &recorder{responses: map[string]json.RawMessage{}} }

func idKey(id json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, id) != nil {
		return string(id)
	}
	return b.String()
}

// sent records a message the client wrote.
func (r *recorder) sent(data []byte) {
	var m wireMessage
	if json.Unmarshal(data, &m) != nil || m.Method == "" || len(m.ID) == 0 {
		return
	}
	r.mu.Lock()
	r.requests = append(r.requests, sentRequest{method: m.Method, id: idKey(m.ID)})
	r.mu.Unlock()
}

// received records a message the server wrote; anything that is not a
// JSON-RPC 2.0 message is remembered as garbage.
func (r *recorder) received(data []byte) {
	data = bytes.TrimSpace(data)
	if len(data) == 0 {
		return
	}
	var m wireMessage
	if err := json.Unmarshal(data, &m); err != nil || m.JSONRPC != "2.0" {
		if data[0] == '[' && err == nil {
			return // a batch: the SDK judges it
		}
		r.mu.Lock()
		if r.garbage == "" {
			g := string(data)
			if len(g) > 200 {
				g = g[:200] + "…"
			}
			r.garbage = g
		}
		r.mu.Unlock()
		return
	}
	if len(m.ID) == 0 || m.Method != "" || m.Result == nil {
		return
	}
	r.mu.Lock()
	r.responses[idKey(m.ID)] = m.Result
	r.mu.Unlock()
}

// lastResult is the raw result of the last request of method.
func (r *recorder) lastResult(method string) (json.RawMessage, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i := len(r.requests) - 1; i >= 0; i-- {
		if r.requests[i].method == method {
			res, ok := r.responses[r.requests[i].id]
			return res, ok
		}
	}
	return nil, false
}

func (r *recorder) firstGarbage() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.garbage
}

// lineTap passes bytes through and hands every complete line to fn.
type lineTap struct {
	buf []byte
	fn  func([]byte)
}

func (t *lineTap) feed(p []byte) {
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			t.buf = append(t.buf, p...)
			if len(t.buf) > maxMessage {
				t.buf = t.buf[:0]
			}
			return
		}
		line := p[:i]
		if len(t.buf) > 0 {
			line = append(t.buf, line...)
		}
		t.fn(bytes.TrimSuffix(line, []byte("\r")))
		t.buf = t.buf[:0]
		p = p[i+1:]
	}
}

func (t *lineTap) flush() {
	if len(t.buf) > 0 {
		t.fn(t.buf)
		t.buf = nil
	}
}

// tapReader records the lines read through it.
type tapReader struct {
	r   io.ReadCloser
	tap lineTap
}

func (t *tapReader) Read(p []byte) (int, error) {
	n, err := t.r.Read(p)
	t.tap.feed(p[:n])
	if err == io.EOF {
		t.tap.flush()
	}
	return n, err
}

func (t *tapReader) Close() error { return t.r.Close() }

// tapWriter records the lines written through it (writes may come from
// several goroutines).
type tapWriter struct {
	mu  sync.Mutex
	w   io.WriteCloser
	tap lineTap
}

func (t *tapWriter) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.tap.feed(p)
	return t.w.Write(p)
}

func (t *tapWriter) Close() error { return t.w.Close() }
