package snapshot

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// server is a started stdio server: its pipes, its stderr tail and its exit.
type server struct {
	cmd    *exec.Cmd
	stdin  *os.File
	stdout *os.File
	stderr *tail
	// stderrRead is closed once the stderr pipe reached its end (everything
	// the server wrote is in stderr).
	stderrRead chan struct{}
	done       chan struct{}
	err        error // the exit, valid once done is closed
	// marker is the environment entry that marks the server's descendants.
	marker string
}

// sessions counts the servers started, for their markers.
var sessions atomic.Int64

// startServer starts argv in its own process group with the stdio pipes
// the SDK will talk over; the child's stderr is kept (its tail) for errors.
func startServer(argv []string, dir string) (*server, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	setProcessGroup(cmd)
	marker := fmt.Sprintf("MCPSCHEMA_SNAPSHOT_SERVER=%d.%d.%d", os.Getpid(), sessions.Add(1), time.Now().UnixNano())
	cmd.Env = append(os.Environ(), marker)
	becomeSubreaper()
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		outR.Close()
		outW.Close()
		return nil, err
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	if err := cmd.Start(); err != nil {
		for _, f := range []*os.File{inR, inW, outR, outW, errR, errW} {
			f.Close()
		}
		return nil, fmt.Errorf("cannot start %q: %v", argv[0], unwrapExec(err))
	}
	inR.Close()
	outW.Close()
	errW.Close()
	s := &server{cmd: cmd, stdin: inW, stdout: outR, stderr: &tail{max: 8 << 10}, stderrRead: make(chan struct{}), done: make(chan struct{}), marker: marker}
	go func() {
		io.Copy(s.stderr, errR)
		errR.Close()
		close(s.stderrRead)
	}()
	go func() {
		s.err = cmd.Wait()
		// The server is gone: so is every process it left, which would
		// otherwise hold its stdout open and keep the snapshot waiting
		// for an answer that cannot come.
		s.endRest()
		close(s.done)
	}()
	return s, nil
}

func unwrapExec(err error) error {
	if e, ok := err.(*exec.Error); ok {
		return e.Err
	}
	if e, ok := err.(*os.PathError); ok {
		return e.Err
	}
	return err
}

// exited reports whether the server has exited, waiting at most d for it.
func (s *server) exited(d time.Duration) bool {
	select {
	case <-s.done:
		return true
	case <-time.After(d):
		return false
	}
}

// stderrText is the tail of the server's stderr. Once the server has
// exited it first lets the pipe drain (cmd.Wait does not wait for it: the
// pipe is the server's own file), for at most a second in case a process
// the server left behind still holds it open.
func (s *server) stderrText(lines int) string {
	select {
	case <-s.done:
		select {
		case <-s.stderrRead:
		case <-time.After(time.Second):
		}
	default:
	}
	return s.stderr.text(lines)
}

// exitText describes how the server ended.
func (s *server) exitText() string {
	if s.err == nil {
		return "exited with status 0"
	}
	if ee, ok := s.err.(*exec.ExitError); ok {
		if code := ee.ExitCode(); code >= 0 {
			return fmt.Sprintf("exited with status %d", code)
		}
		return "ended (" + ee.ProcessState.String() + ")" // signal: killed
	}
	return s.err.Error()
}

// stop ends the server and everything it started: stdin is closed (the MCP
// way to ask a stdio server to leave), then the whole process group gets
// SIGTERM and, if anything is left, SIGKILL.
func (s *server) stop() {
	s.stdin.Close()
	if !s.exited(2 * time.Second) {
		signalGroup(s.cmd, false)
		if !s.exited(time.Second) {
			signalGroup(s.cmd, true)
			<-s.done
		}
	}
	s.endRest()
	s.stdout.Close()
}

// endRest ends what the server left once it is gone: its process group
// and, on Linux, the descendants that left the group (handed to
// mcpschema as their subreaper).
func (s *server) endRest() {
	signalGroup(s.cmd, true)
	endOrphans(s.marker, s.cmd.Process.Pid)
}

// kill ends the whole process group at once (after a timeout).
func (s *server) kill() {
	signalGroup(s.cmd, true)
	s.exited(5 * time.Second)
}

// tail keeps the last max bytes written to it.
type tail struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > t.max {
		t.buf = append([]byte(nil), t.buf[len(t.buf)-t.max:]...)
	}
	return len(p), nil
}

// text is the last lines written, indented, or "" when nothing was.
func (t *tail) text(lines int) string {
	t.mu.Lock()
	b := bytes.TrimRight(t.buf, "\r\n\t ")
	t.mu.Unlock()
	if len(b) == 0 {
		return ""
	}
	all := strings.Split(strings.ToValidUTF8(string(b), "\uFFFD"), "\n")
	if len(all) > lines {
		all = all[len(all)-lines:]
	}
	return "  | " + strings.Join(all, "\n  | ")
}
