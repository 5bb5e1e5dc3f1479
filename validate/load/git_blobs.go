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
		header, err := r.ReadString('\n')
		if err != nil {
			readErr = fmt.Errorf("read %s: %w", b.rel, err)
			break
		}
		f := strings.Fields(header)
		if len(f) != 3 {
			readErr = fmt.Errorf("read %s: git said %q", b.rel, strings.TrimSpace(header))
			break
		}
		size, err := strconv.ParseInt(f[2], 10, 64)
		if err != nil || size != b.size {
			readErr = fmt.Errorf("read %s: unexpected size in %q", b.rel, strings.TrimSpace(header))
			break
		}
		data := make([]byte, size+1)
		if _, err := io.ReadFull(r, data); err != nil {
			readErr = fmt.Errorf("read %s: %w", b.rel, err)
			break
		}
		out[i] = data[:size]
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
	header, err := br.out.ReadString('\n')
	if err != nil {
		return nil, fmt.Errorf("read %s: %w: %s", b.Path, err, strings.TrimSpace(br.stderr.String()))
	}
	f := strings.Fields(header)
	if len(f) != 3 {
		return nil, fmt.Errorf("read %s: git said %q", b.Path, strings.TrimSpace(header))
	}
	size, err := strconv.ParseInt(f[2], 10, 64)
	if err != nil || size != b.Size {
		return nil, fmt.Errorf("read %s: unexpected size in %q", b.Path, strings.TrimSpace(header))
	}
	data := make([]byte, size+1)
	if _, err := io.ReadFull(br.out, data); err != nil {
		return nil, fmt.Errorf("read %s: %w", b.Path, err)
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
