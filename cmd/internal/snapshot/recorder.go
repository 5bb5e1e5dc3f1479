package snapshot

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// Default bounds of a listing (the flags --max-pages, --max-tools,
// --max-list-bytes and --max-message).
const (
	defaultMaxPages     = 1000
	defaultMaxItems     = 10000
	defaultMaxListBytes = 256 << 20
	defaultMaxMessage   = 64 << 20
)

// listKeys are the list methods whose results the recorder keeps for the
// snapshot, and the member that holds their items.
var listKeys = map[string]string{
	"tools/list": "tools", "prompts/list": "prompts",
	"resources/list": "resources", "resources/templates/list": "resourceTemplates",
}

// recorder keeps the raw JSON-RPC traffic, so that the snapshot holds
// exactly what the server sent (every member, numbers as written) rather
// than the SDK's typed view of it. The result of a list request is taken
// out of the stream: the SDK is handed an empty list in its place, so it
// never decodes (nor rejects, nor holds a second copy of) what the server
// listed; the snapshot judges the items itself.
type recorder struct {
	mu sync.Mutex
	// method of each request sent, by id
	methods map[string]string
	// last request id of each method
	last      map[string]string
	responses map[string]json.RawMessage
	// failures are the JSON-RPC errors answered, by request id.
	failures map[string]*jsonrpc.Error
	// garbage is the first thing the server wrote that is not a JSON-RPC message.
	garbage string
	// cut is the length of a message the server's output ended in the
	// middle of (0: none).
	cut int
	// tooLarge is set when a message exceeded maxMessage.
	tooLarge   bool
	maxMessage int64
	// auth is an HTTP 401 or 403 answer.
	auth *authFailure
}

type wireMessage struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Result  rawRef          `json:"result"`
	Error   json.RawMessage `json:"error"`
}

// rawRef is a JSON value left where it was read, not copied: the result
// of a list request is the largest thing the snapshot holds, and the
// recorder keeps the message it was read in rather than a second copy.
type rawRef []byte

func (r *rawRef) UnmarshalJSON(b []byte) error {
	*r = b
	return nil
}

func newRecorder(maxMessage int64) *recorder {
	if maxMessage <= 0 {
		maxMessage = defaultMaxMessage
	}
	return &recorder{methods: map[string]string{}, last: map[string]string{}, responses: map[string]json.RawMessage{}, failures: map[string]*jsonrpc.Error{}, maxMessage: maxMessage}
}

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
	id := idKey(m.ID)
	r.mu.Lock()
	r.methods[id] = m.Method
	r.last[m.Method] = id
	r.mu.Unlock()
}

// answer records a message the server wrote and returns what the SDK is
// to read in its place: the message itself, or, for the result of a list
// request, the same answer with an empty list. Anything that is not a
// JSON-RPC 2.0 message is remembered as garbage and passed on.
func (r *recorder) answer(data []byte) []byte {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return data
	}
	var m wireMessage
	if err := json.Unmarshal(trimmed, &m); err != nil || m.JSONRPC != "2.0" {
		if trimmed[0] == '[' && err == nil {
			return data // a batch: the SDK judges it
		}
		r.mu.Lock()
		if r.garbage == "" {
			r.garbage = clip(trimmed, 200)
		}
		r.mu.Unlock()
		return data
	}
	if len(m.ID) > 0 && m.Method == "" && m.Result == nil && len(m.Error) > 0 {
		var werr jsonrpc.Error
		if json.Unmarshal(m.Error, &werr) == nil {
			r.mu.Lock()
			r.failures[idKey(m.ID)] = &werr
			r.mu.Unlock()
		}
	}
	if len(m.ID) == 0 || m.Method != "" || m.Result == nil {
		return data
	}
	id := idKey(m.ID)
	r.mu.Lock()
	method := r.methods[id]
	r.responses[id] = json.RawMessage(m.Result)
	r.mu.Unlock()
	key, ok := listKeys[method]
	if !ok || !bytes.HasPrefix(bytes.TrimSpace(m.Result), []byte("{")) {
		return data
	}
	stub := make([]byte, 0, 64+len(m.ID))
	stub = append(stub, `{"jsonrpc":"2.0","id":`...)
	stub = append(stub, m.ID...)
	stub = append(stub, `,"result":{"`...)
	stub = append(stub, key...)
	stub = append(stub, `":[]}}`...)
	return stub
}

func clip(b []byte, n int) string {
	s := string(b)
	if len(s) > n {
		s = s[:n] + "…"
	}
	return s
}

// take returns and forgets the raw result of the last request of method.
func (r *recorder) take(method string) (json.RawMessage, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	id, ok := r.last[method]
	if !ok {
		return nil, false
	}
	res, ok := r.responses[id]
	delete(r.responses, id)
	return res, ok
}

// result is the raw result of the last request of method, kept.
func (r *recorder) result(method string) (json.RawMessage, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	res, ok := r.responses[r.last[method]]
	return res, ok
}

// response is the answer to a request: its raw result, or its error.
type response struct {
	result json.RawMessage
	err    *jsonrpc.Error
}

// answered is the answer to the last request of method, kept; false when
// that request was not answered (or not sent).
func (r *recorder) answered(method string) (response, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	id, ok := r.last[method]
	if !ok {
		return response{}, false
	}
	if werr, ok := r.failures[id]; ok {
		return response{err: werr}, true
	}
	res, ok := r.responses[id]
	return response{result: res}, ok
}

func (r *recorder) firstGarbage() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.garbage
}

func (r *recorder) truncated(n int) {
	r.mu.Lock()
	r.cut = n
	r.mu.Unlock()
}

func (r *recorder) cutOff() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.cut
}

func (r *recorder) oversized() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.tooLarge
}

// errTooLarge ends a stream whose message exceeds --max-message.
var errTooLarge = errors.New("message too large")

func (r *recorder) tooLargeError() error {
	r.mu.Lock()
	r.tooLarge = true
	r.mu.Unlock()
	return errTooLarge
}

// frameError says which limit a message exceeded and how to raise it.
func frameError(limit int64) error {
	return fmt.Errorf("the server sent a message larger than the %s frame limit: raise --max-message if it is expected", sizeText(limit))
}

func sizeText(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// lineReader reads the server's stdout one line (one message) at a time,
// each line bounded by the recorder's maxMessage, and hands the SDK what
// recorder.answer makes of it.
type lineReader struct {
	r   io.ReadCloser
	br  *bufio.Reader
	rec *recorder
	out []byte
	err error
}

func newLineReader(r io.ReadCloser, rec *recorder) *lineReader {
	return &lineReader{r: r, br: bufio.NewReaderSize(r, 64<<10), rec: rec}
}

func (l *lineReader) Read(p []byte) (int, error) {
	for len(l.out) == 0 {
		if l.err != nil {
			return 0, l.err
		}
		line, err := l.readLine()
		switch {
		case err == nil:
			l.out = append(l.rec.answer(line), '\n')
		case err == io.EOF && len(bytes.TrimSpace(line)) > 0:
			// the output ended in the middle of a message
			l.rec.truncated(len(line))
			l.out = line
		}
		if err != nil {
			l.err = err
		}
	}
	n := copy(p, l.out)
	l.out = l.out[n:]
	return n, nil
}

// readLine reads one line without its end, refusing one longer than the
// limit. A long line is read in chunks joined once (growing one buffer
// would copy it over and over).
func (l *lineReader) readLine() ([]byte, error) {
	var chunks [][]byte
	size := 0
	for {
		chunk, err := l.br.ReadSlice('\n')
		size += len(chunk)
		if int64(size) > l.rec.maxMessage+2 {
			return nil, l.rec.tooLargeError()
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			chunks = append(chunks, append([]byte(nil), chunk...))
			continue
		}
		line := make([]byte, 0, size)
		for _, c := range chunks {
			line = append(line, c...)
		}
		line = append(line, chunk...)
		if err != nil {
			return line, err
		}
		return bytes.TrimSuffix(bytes.TrimSuffix(line, []byte("\n")), []byte("\r")), nil
	}
}

func (l *lineReader) Close() error { return l.r.Close() }

// tapWriter records the messages written through it (writes may come
// from several goroutines; the SDK writes one message per line).
type tapWriter struct {
	mu  sync.Mutex
	w   io.WriteCloser
	buf []byte
	rec *recorder
}

func (t *tapWriter) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	for {
		i := bytes.IndexByte(t.buf, '\n')
		if i < 0 {
			break
		}
		t.rec.sent(t.buf[:i])
		t.buf = t.buf[i+1:]
	}
	if len(t.buf) == 0 {
		t.buf = nil
	}
	return t.w.Write(p)
}

func (t *tapWriter) Close() error { return t.w.Close() }
