// Command ghfakeserver is a test helper, never shipped: it serves the fake
// GitHub API of annotate/ghsink/ghfake on 127.0.0.1 so that the action's
// image, run by .ci/image with --network host, posts its check run and
// comment to it. It writes the API's URL to -url, and when stopped
// (SIGTERM or SIGINT) the check runs and comments it received to -state,
// one per line, tab-separated, for a shell script to read:
//
//	check-run	<name>	<head sha>	<status>	<conclusion>	<annotations>
//	comment	<issue number>	<author>	<body bytes>
//
//	go run ./cmd/internal/ghfakeserver -token T -git-dir origin.git -url url.txt -state state.json
package main

import (
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/mcpschema/mcpschema/annotate/ghsink/ghfake"
)

func main() {
	token := flag.String("token", "", "token the API accepts (required)")
	gitDir := flag.String("git-dir", "", "repository the compare endpoint reads")
	urlFile := flag.String("url", "", "file to write the API's URL to (required)")
	stateFile := flag.String("state", "", "file to write the received state to when stopped (required)")
	flag.Parse()
	if *token == "" || *urlFile == "" || *stateFile == "" {
		flag.Usage()
		os.Exit(2)
	}
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGTERM, syscall.SIGINT)
	srv := ghfake.New(*token)
	srv.GitDir = *gitDir
	if err := os.WriteFile(*urlFile, []byte(srv.URL+"\n"), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	<-stop
	var b strings.Builder
	for _, c := range srv.CheckRuns() {
		fmt.Fprintf(&b, "check-run\t%s\t%s\t%s\t%s\t%d\n", c.Name, c.HeadSHA, c.Status, c.Conclusion, len(c.Annotations))
	}
	for _, c := range srv.Comments() {
		fmt.Fprintf(&b, "comment\t%d\t%s\t%d\n", c.Issue, c.Author, len(c.Body))
	}
	srv.Close()
	if err := os.WriteFile(*stateFile, []byte(b.String()), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
