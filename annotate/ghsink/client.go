// Package ghsink posts a report to GitHub: a check run with every finding as
// an annotation, a sticky pull request comment, the job summary, workflow
// command annotations when the check run cannot be created, and the step
// outputs. API calls are retried on 5xx answers and rate limits, a bounded
// number of times, and the token never appears in anything it prints.
package ghsink

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/google/go-github/v66/github"
)

// Options configure a Client.
type Options struct {
	// APIURL is the REST API root, e.g. GITHUB_API_URL ("https://api.github.com").
	APIURL string
	// Token authenticates every request (Authorization: Bearer).
	Token string
	// Log receives one line per retried request; nil discards them.
	Log io.Writer
	// Sleep waits between attempts; nil sleeps for real (tests make it instant).
	Sleep func(ctx context.Context, d time.Duration) error
	// MaxAttempts bounds the attempts per request (default 4).
	MaxAttempts int
	// MaxWait is the longest single wait the client accepts; a longer
	// Retry-After gives up at once (default 2 minutes).
	MaxWait time.Duration
	// Transport is the underlying transport (default http.DefaultTransport).
	Transport http.RoundTripper
}

// Client talks to the GitHub REST API.
type Client struct {
	gh *github.Client

	// token is kept to tell its kind by its prefix (see identity), never printed.
	token string

	mu sync.Mutex
	// self is the login the token writes as (see identity).
	self string
}

// New returns a client for the API at opt.APIURL.
func New(opt Options) (*Client, error) {
	if opt.Token == "" {
		return nil, fmt.Errorf("no github token: set the \"github-token\" input")
	}
	api := opt.APIURL
	if api == "" {
		api = "https://api.github.com"
	}
	if !strings.HasSuffix(api, "/") {
		api += "/"
	}
	base, err := url.Parse(api)
	if err != nil || base.Scheme == "" || base.Host == "" {
		return nil, fmt.Errorf("invalid github api url %q", opt.APIURL)
	}
	rt := newRetryTransport(opt)
	gh := github.NewClient(&http.Client{Transport: rt, Timeout: 60 * time.Second}).WithAuthToken(opt.Token)
	gh.BaseURL = base
	gh.UploadURL = base
	gh.UserAgent = "mcpschema"
	return &Client{gh: gh, token: opt.Token}, nil
}
