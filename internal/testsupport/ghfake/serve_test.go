package ghfake

import (
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"testing"
)

// TestServe is not a check: .ci/image builds this package's test binary
// (go test -c) and runs TestServe alone, so that the action's container
// (run with --network host) posts its check run and comment to this fake
// API on 127.0.0.1. It is skipped unless GHFAKE_SERVE_URL names the file to
// write the API's URL to; GHFAKE_SERVE_TOKEN is the token it accepts and
// GHFAKE_SERVE_GIT_DIR the repository its compare endpoint reads. When
// stopped (SIGTERM or SIGINT) it writes what it received to
// GHFAKE_SERVE_STATE, one line each, tab-separated:
//
//	check-run	<name>	<head sha>	<status>	<conclusion>	<annotations>
//	comment	<issue number>	<author>	<body bytes>
func TestServe(t *testing.T) {
	urlFile, stateFile := os.Getenv("GHFAKE_SERVE_URL"), os.Getenv("GHFAKE_SERVE_STATE")
	if urlFile == "" {
		t.Skip("serves the fake API for .ci/image only (set GHFAKE_SERVE_URL)")
	}
	token := os.Getenv("GHFAKE_SERVE_TOKEN")
	if token == "" || stateFile == "" {
		t.Fatal("GHFAKE_SERVE_TOKEN and GHFAKE_SERVE_STATE are needed too")
	}
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGTERM, syscall.SIGINT)
	srv := New(token)
	srv.GitDir = os.Getenv("GHFAKE_SERVE_GIT_DIR")
	defer srv.Close()
	if err := os.WriteFile(urlFile, []byte(srv.URL+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	<-stop
	var b strings.Builder
	for _, c := range srv.CheckRuns() {
		fmt.Fprintf(&b, "check-run\t%s\t%s\t%s\t%s\t%d\n", c.Name, c.HeadSHA, c.Status, c.Conclusion, len(c.Annotations))
	}
	for _, c := range srv.Comments() {
		fmt.Fprintf(&b, "comment\t%d\t%s\t%d\n", c.Issue, c.Author, len(c.Body))
	}
	if err := os.WriteFile(stateFile, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
