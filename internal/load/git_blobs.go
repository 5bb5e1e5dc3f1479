package load

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"sync"
)

// catFiles reads the blobs through one `git cat-file --batch` process.
func catFiles(ctx context.Context, dir string, blobs []blob) ([][]byte, error) {
	if len(blobs) == 0 {
		return nil, nil
	}
	var in bytes.Buffer
	for _, b := range blobs {
		in.WriteString(b.oid)
		in.WriteByte('\n')
	}
	cmd := gitCommand(ctx, dir, "cat-file", "--batch")
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("run git: %w", err)
	}
	r := bufio.NewReader(stdout)
	out := make([][]byte, len(blobs))
	var readErr error
	for i, b := range blobs {
		if out[i], readErr = readObject(r, b.rel, b.size, nil); readErr != nil {
			break
		}
	}
	_, _ = io.Copy(io.Discard, r)
	if err := cmd.Wait(); err != nil && readErr == nil {
		readErr = fmt.Errorf("git cat-file: %v: %s", err, strings.TrimSpace(stderr.String()))
	}
	if readErr != nil {
		return nil, readErr
	}
	return out, nil
}

// BlobReader reads blobs one at a time through one `git cat-file --batch`
// process; it may be used from several goroutines.
type BlobReader struct {
	mu     sync.Mutex
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Reader
	stderr strings.Builder
	err    error
}

// OpenBlobReader starts the reader for the repository at dir.
func OpenBlobReader(ctx context.Context, dir string) (*BlobReader, error) {
	br := &BlobReader{cmd: gitCommand(ctx, dir, "cat-file", "--batch")}
	br.cmd.Stderr = &br.stderr
	var err error
	if br.in, err = br.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	stdout, err := br.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := br.cmd.Start(); err != nil {
		return nil, fmt.Errorf("run git: %w", err)
	}
	br.out = bufio.NewReaderSize(stdout, 64<<10)
	return br, nil
}

// Read returns the content of b.
func (br *BlobReader) Read(b Blob) ([]byte, error) {
	br.mu.Lock()
	defer br.mu.Unlock()
	if br.err != nil {
		return nil, br.err
	}
	data, err := br.read(b)
	if err != nil {
		br.err = err
	}
	return data, err
}

func (br *BlobReader) read(b Blob) ([]byte, error) {
	if _, err := io.WriteString(br.in, b.ID+"\n"); err != nil {
		return nil, fmt.Errorf("read %s: %w", b.Path, err)
	}
	return readObject(br.out, b.Path, b.Size, br.stderr.String)
}

// readObject reads git cat-file --batch's answer for the blob at path, which
// the tree says has size bytes: any other size is an error, so no more than
// size bytes are ever read. stderr, when not nil, says what git said when it
// stopped answering.
func readObject(r *bufio.Reader, path string, size int64, stderr func() string) ([]byte, error) {
	header, err := r.ReadString('\n')
	if err != nil {
		if stderr != nil {
			return nil, fmt.Errorf("read %s: %w: %s", path, err, strings.TrimSpace(stderr()))
		}
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	f := strings.Fields(header)
	if len(f) != 3 {
		return nil, fmt.Errorf("read %s: git said %q", path, strings.TrimSpace(header))
	}
	if got, err := strconv.ParseInt(f[2], 10, 64); err != nil || got != size {
		return nil, fmt.Errorf("read %s: unexpected size in %q", path, strings.TrimSpace(header))
	}
	data := make([]byte, size+1)
	if _, err := io.ReadFull(r, data); err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return data[:size], nil
}

// Close stops the reader.
func (br *BlobReader) Close() error {
	br.mu.Lock()
	defer br.mu.Unlock()
	_ = br.in.Close()
	_, _ = io.Copy(io.Discard, br.out)
	if err := br.cmd.Wait(); err != nil && br.err == nil {
		return fmt.Errorf("git cat-file: %v: %s", err, strings.TrimSpace(br.stderr.String()))
	}
	return nil
}
