package ghsink

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// retryTransport retries 5xx answers, network errors and rate limits
// (secondary limits answer 403 or 429, usually with Retry-After), waiting as
// GitHub asks, a bounded number of times. Retrying below go-github keeps its
// rate-limit bookkeeping out of the way.
type retryTransport struct {
	base     http.RoundTripper
	sleep    func(ctx context.Context, d time.Duration) error
	attempts int
	maxWait  time.Duration
	log      io.Writer
	now      func() time.Time
}

func newRetryTransport(opt Options) *retryTransport {
	t := &retryTransport{base: opt.Transport, sleep: opt.Sleep, attempts: opt.MaxAttempts, maxWait: opt.MaxWait,
		log: opt.Log, now: time.Now}
	if t.base == nil {
		t.base = http.DefaultTransport
	}
	if t.sleep == nil {
		t.sleep = sleepContext
	}
	if t.attempts <= 0 {
		t.attempts = 4
	}
	if t.maxWait <= 0 {
		t.maxWait = 2 * time.Minute
	}
	if t.log == nil {
		t.log = io.Discard
	}
	return t
}

func sleepContext(ctx context.Context, d time.Duration) error {
	tm := time.NewTimer(d)
	defer tm.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-tm.C:
		return nil
	}
}

// RoundTrip sends req, retrying when GitHub says to try again later.
func (t *retryTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx := req.Context()
	what := req.Method + " " + req.URL.Path
	for attempt := 1; ; attempt++ {
		r := req
		if attempt > 1 {
			r = req.Clone(ctx)
			if req.GetBody != nil {
				body, err := req.GetBody()
				if err != nil {
					return nil, err
				}
				r.Body = body
			}
		}
		resp, err := t.base.RoundTrip(r)
		var wait time.Duration
		var why string
		if err != nil {
			if ctx.Err() != nil || attempt >= t.attempts {
				return nil, err
			}
			wait, why = backoff(attempt), "failed ("+netErrText(err)+")"
		} else {
			var retry bool
			wait, why, retry = t.classify(resp, attempt)
			if !retry {
				return resp, nil
			}
			if attempt >= t.attempts {
				fmt.Fprintf(t.log, "github api: %s %s; giving up after %s\n", what, why, plural(attempt, "attempt"))
				return resp, nil
			}
			if wait > t.maxWait {
				fmt.Fprintf(t.log, "github api: %s %s and asks to wait %s, longer than %s; giving up\n", what, why, wait, t.maxWait)
				return resp, nil
			}
			io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<20))
			resp.Body.Close()
		}
		fmt.Fprintf(t.log, "github api: %s %s; retrying in %s (attempt %d of %d)\n", what, why, wait, attempt+1, t.attempts)
		if err := t.sleep(ctx, wait); err != nil {
			return nil, err
		}
	}
}

// classify says whether resp asks for a retry, how long to wait and why.
func (t *retryTransport) classify(resp *http.Response, attempt int) (time.Duration, string, bool) {
	status := fmt.Sprintf("answered %d", resp.StatusCode)
	retryAfter, hasRetryAfter := parseRetryAfter(resp.Header.Get("Retry-After"), t.now())
	switch {
	case resp.StatusCode >= 500:
		if hasRetryAfter {
			return retryAfter, status, true
		}
		return backoff(attempt), status, true
	case resp.StatusCode == http.StatusForbidden || resp.StatusCode == http.StatusTooManyRequests:
		if hasRetryAfter {
			return retryAfter, status + " (secondary rate limit)", true
		}
		if resp.Header.Get("X-RateLimit-Remaining") == "0" {
			if reset, err := strconv.ParseInt(resp.Header.Get("X-RateLimit-Reset"), 10, 64); err == nil {
				return max(time.Unix(reset, 0).Sub(t.now()), time.Second), status + " (rate limit exceeded)", true
			}
			return time.Minute, status + " (rate limit exceeded)", true
		}
		if resp.StatusCode == http.StatusTooManyRequests || mentionsSecondaryLimit(resp) {
			// GitHub: without retry-after, wait at least a minute, then longer.
			return time.Minute << (attempt - 1), status + " (secondary rate limit)", true
		}
	}
	return 0, "", false
}

// mentionsSecondaryLimit peeks at a 403 body for GitHub's secondary rate
// limit message, leaving the body readable for go-github.
func mentionsSecondaryLimit(resp *http.Response) bool {
	data, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(data))
	if err != nil {
		return false
	}
	s := strings.ToLower(string(data))
	return strings.Contains(s, "secondary rate limit") || strings.Contains(s, "secondary-rate-limits") ||
		strings.Contains(s, "abuse-rate-limits")
}

// parseRetryAfter reads Retry-After as seconds or an HTTP date.
func parseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if n, err := strconv.Atoi(v); err == nil && n >= 0 {
		return time.Duration(n) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0), true
	}
	return 0, false
}

// backoff is 1s, 2s, 4s, … for attempt 1, 2, 3, …
func backoff(attempt int) time.Duration { return time.Second << (attempt - 1) }

// netErrText describes a transport error without the request URL.
func netErrText(err error) string {
	type unwrapper interface{ Unwrap() error }
	if u, ok := err.(unwrapper); ok && u.Unwrap() != nil {
		return u.Unwrap().Error()
	}
	return err.Error()
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
