package action

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/sethvargo/go-githubactions"

	"github.com/mcpschema/mcpschema/annotate"
	"github.com/mcpschema/mcpschema/annotate/ghsink"
	"github.com/mcpschema/mcpschema/cmd/internal/cmdenv"
	"github.com/mcpschema/mcpschema/cmd/internal/ruleset"
	"github.com/mcpschema/mcpschema/cmd/internal/service"
)

// RetrySleep, when set, is the wait between API retries (nil: ghsink's;
// the commands' tests make it instant).
var RetrySleep func(ctx context.Context, d time.Duration) error

// publisher sends one run's report to every sink.
type publisher struct {
	a    *githubactions.Action
	out  io.Writer
	env  cmdenv.Env
	gctx *githubactions.GitHubContext
	in   *actionInputs
	tgt  target
	dir  string
	res  *service.Result

	client    *ghsink.Client
	connected bool
	fallback  bool
	// reportPath is where the JSON report was written ("" when it was not).
	reportPath string
	notices    []string
	// redact masks the token in every text that is posted or written.
	redact *redactor

	// checkRunURL is the published check run's page ("" when none).
	checkRunURL string
	// outOfTime: the run's time budget ran out while publishing (budgetSpent).
	outOfTime bool
	// readOnly is the 403 that showed the token read-only (a write refused
	// on a pull request from a fork): no further write is sent.
	readOnly string
}

// refused records a write the API refused with 403: on a pull request from
// a fork it shows the token read-only, and later sinks send no write.
func (p *publisher) refused(err error) {
	if p.tgt.Fork && p.readOnly == "" {
		p.readOnly = ghsink.Describe(err)
	}
}

// note records a run-level remark in the report (and so in every summary),
// with the token masked (an API error may echo it).
func (p *publisher) note(format string, args ...any) {
	p.res.Report.Notes = append(p.res.Report.Notes, p.redact.String(fmt.Sprintf(format, args...)))
}

// notice records a remark that is also printed as a workflow notice.
func (p *publisher) notice(msg string) {
	p.note("%s", msg)
	p.notices = append(p.notices, p.redact.String(msg))
}

// api returns the API client, connecting on the first call (nil when there
// is no token or no client: findings then fall back to workflow commands).
func (p *publisher) api() *ghsink.Client {
	if !p.connected {
		p.connected = true
		p.connect()
	}
	return p.client
}

func (p *publisher) connect() {
	if p.in.Token == "" {
		p.fallback = true
		p.note("no github token: the check run and the comment are skipped; findings are shown as workflow annotations")
		return
	}
	c, err := ghsink.New(ghsink.Options{APIURL: p.gctx.APIURL, Token: p.in.Token, Log: p.out, Sleep: RetrySleep})
	if err != nil {
		p.fallback = true
		p.note("%v: findings are shown as workflow annotations", err)
		return
	}
	p.client = c
}

func (p *publisher) repo() (string, string) { return p.gctx.Repo() }

func (p *publisher) checkRun(ctx context.Context) {
	if p.api() == nil {
		return
	}
	owner, repo := p.repo()
	if owner == "" || repo == "" || p.tgt.HeadSHA == "" {
		p.fallback = true
		p.note("no repository or commit in the environment (GITHUB_REPOSITORY, GITHUB_SHA): the check run is skipped; findings are shown as workflow annotations")
		return
	}
	details := ""
	if p.gctx.RunID > 0 {
		details = fmt.Sprintf("%s/%s/%s/actions/runs/%d", p.gctx.ServerURL, owner, repo, p.gctx.RunID)
	}
	res, err := p.client.PublishCheckRun(ctx, ghsink.CheckRun{Owner: owner, Repo: repo, HeadSHA: p.tgt.HeadSHA,
		Name: p.in.CheckName, DetailsURL: details, Report: p.res.Report, Gate: p.res.Gate, Failed: p.res.Failed(), Links: actionLinks(p),
		Accept: p.accept(), Rules: ruleset.All()})
	var ce *ghsink.CreateError
	switch {
	case err == nil:
		p.checkRunURL = res.URL
		conclusion := "success"
		if p.res.Failed() {
			conclusion = "failure"
		}
		fmt.Fprintf(p.out, "check run %s on %s: %s, conclusion %s\n", annotate.SafeText(strconv.Quote(p.in.CheckName)), annotate.SafeText(p.tgt.HeadSHA),
			annotate.Plural(res.Annotations, "annotation"), conclusion)
	case asCreate(err, &ce) && ghsink.IsForbidden(err):
		p.fallback = true
		p.refused(ce.Err)
		msg := fmt.Sprintf("the check run could not be created (%s): the token is read-only, as on a pull request from a fork, or lacks `checks: write`; findings are shown as workflow annotations and in the job summary", ghsink.Describe(ce.Err))
		p.notice(msg)
	case asCreate(err, &ce):
		p.fallback = true
		msg := fmt.Sprintf("the check run could not be created (%s); findings are shown as workflow annotations and in the job summary", ghsink.Describe(ce.Err))
		p.notice(msg)
	default:
		p.fallback = true
		msg := fmt.Sprintf("%v; every finding is in the job summary and the log", err)
		p.notice(msg)
	}
}

func asCreate(err error, ce **ghsink.CreateError) bool {
	e, ok := err.(*ghsink.CreateError)
	if ok {
		*ce = e
	}
	return ok
}

func (p *publisher) comment(ctx context.Context) {
	if p.in.Comment == commentOff {
		return
	}
	if p.tgt.PR == 0 {
		fmt.Fprintf(p.out, "no pull request in a %s event: the comment is skipped\n", annotate.SafeText(strconv.Quote(p.gctx.EventName)))
		return
	}
	if p.readOnly != "" {
		p.notice(fmt.Sprintf("the pull request comment is skipped: the token cannot write to pull requests, as the check run's %s on this pull request from a fork showed", p.readOnly))
		return
	}
	if p.api() == nil {
		return
	}
	owner, repo := p.repo()
	marker := ghsink.CheckCommentMarker(p.gctx.Workflow, p.gctx.Job, p.in.CheckName)
	body := annotate.Markdown(p.res.Report, annotate.SummaryOptions{Title: p.in.CheckName, Gate: p.res.Gate, Accept: p.accept(),
		Failed: p.res.Failed(), Limit: annotate.CommentLimit - 100, Marker: marker, Links: actionLinks(p),
		Elsewhere: "the check run and the job summary list every finding"})
	body = p.redact.String(body)
	create := p.in.Comment == commentAlways || len(p.res.Report.Findings) > 0
	outcome, err := p.client.UpsertComment(ctx, ghsink.Comment{Owner: owner, Repo: repo, Number: p.tgt.PR,
		Marker: marker, Body: body, Create: create})
	switch {
	case err == nil:
		fmt.Fprintf(p.out, "pull request #%d comment: %s\n", p.tgt.PR, outcome)
	case ghsink.IsForbidden(err):
		msg := fmt.Sprintf("the pull request comment is skipped: the token cannot write to pull requests (%s), as on a pull request from a fork, or lacks `pull-requests: write`", ghsink.Describe(err))
		p.notice(msg)
	default:
		msg := fmt.Sprintf("the pull request comment could not be written (%s)", ghsink.Describe(err))
		p.notice(msg)
	}
}

// logReport prints the whole text report, with workflow commands stopped
// so that no file name or message can issue one.
func (p *publisher) logReport() {
	p.a.Group("mcpschema: " + annotate.Headline(p.res.Report))
	tok := stopToken()
	fmt.Fprintf(p.out, "::stop-commands::%s\n", tok)
	if err := annotate.RenderText(p.out, p.res.Report); err != nil {
		fmt.Fprintf(p.out, "could not print the report: %s\n", annotate.SafeText(err.Error()))
	}
	fmt.Fprintf(p.out, "::%s::\n", tok)
	p.a.EndGroup()
}

func stopToken() string {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "mcpschema-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	}
	return hex.EncodeToString(b)
}

// inline prints the run notices and, when the check run could not carry
// them, the findings as workflow-command annotations (as many as GitHub
// shows), then notes in the report how many were not shown inline.
func (p *publisher) inline() {
	for _, n := range p.notices {
		p.a.WithFieldsMap(map[string]string{"title": "mcpschema"}).Noticef("%s", annotate.NoteText(n))
	}
	if !p.fallback {
		return
	}
	res := ghsink.WriteInline(p.out, p.res.Report, len(p.notices), ruleset.All())
	if res.NotShown > 0 {
		p.note("%s", ghsink.NotShownText(res.NotShown, res.Total))
	}
}

func (p *publisher) jobSummary() {
	md := annotate.Markdown(p.res.Report, annotate.SummaryOptions{Title: p.in.CheckName, Gate: p.res.Gate, Accept: p.accept(),
		Failed: p.res.Failed(), Limit: annotate.StepSummaryLimit, Links: actionLinks(p),
		Elsewhere: "the log and the JSON report (output \"report\") list every finding"})
	if err := ghsink.WriteStepSummary(p.a, p.redact.String(md)); err != nil {
		fmt.Fprintf(p.out, "%s: the job summary is skipped\n", annotate.SafeText(err.Error()))
	}
}

// writeSARIF writes the SARIF file inside the workspace, never through a
// symbolic link the pull request may have committed; a refused path is said
// in the report and as a notice.
func (p *publisher) writeSARIF() {
	if p.in.SARIF == "" {
		return
	}
	path, err := workspaceFile(p.dir, p.in.SARIF)
	if err == nil {
		err = p.writeFile(path, "sarif")
		giveToOwnerOf(p.dir, path)
	}
	if err != nil {
		p.notice(fmt.Sprintf("the SARIF file %q is not written: %v", p.in.SARIF, err))
		return
	}
	fmt.Fprintf(p.out, "wrote SARIF to %s\n", annotate.SafeText(strconv.Quote(p.in.SARIF)))
}

// writeJSON writes the JSON report in a new directory under RUNNER_TEMP
// (never in the workspace, whose contents the pull request controls) and
// returns the path later steps read it at ("" when it could not be written).
func (p *publisher) writeJSON() string {
	base, shown := reportBase(p.env.Lookup)
	dir, err := os.MkdirTemp(base, reportDirName)
	if err == nil {
		// MkdirTemp makes it 0700: later steps (another user when the
		// action runs in its container as root) read the report.
		err = os.Chmod(dir, 0o755)
	}
	if err == nil {
		file := filepath.Join(dir, "report.json")
		err = p.writeFile(file, "json")
		giveToOwnerOf(base, dir, file)
	}
	if err != nil {
		p.note("could not write the JSON report: %v", err)
		return ""
	}
	return filepath.Join(shown, filepath.Base(dir), "report.json")
}

// writeFile creates path afresh (createExclusive) and renders the report to it.
func (p *publisher) writeFile(path, format string) error {
	f, err := createExclusive(path)
	if err != nil {
		return err
	}
	render := func() error { return annotate.Render(f, format, p.res.Report, ruleset.All()) }
	if format == "sarif" {
		// line hashes from the workspace, as upload-sarif reads it
		render = func() error { return annotate.RenderSARIF(f, p.res.Report, ruleset.All(), p.dir) }
	}
	if err := render(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func (p *publisher) outputs(reportPath string) {
	s := p.res.Report.Summary
	values := map[string]string{
		"errors": strconv.Itoa(s.Errors), "warnings": strconv.Itoa(s.Warnings), "notices": strconv.Itoa(s.Notices),
		"breaking": strconv.Itoa(s.Breaking), "complete": strconv.FormatBool(s.Complete), "report": reportPath,
	}
	outs := make([]ghsink.Output, 0, len(actionOutputNames))
	for _, n := range actionOutputNames {
		outs = append(outs, ghsink.Output{Name: n, Value: values[n]})
	}
	err := ghsink.SetOutputs(p.a, outs)
	if err != nil {
		fmt.Fprintf(p.out, "%s: the outputs are skipped\n", annotate.SafeText(err.Error()))
	}
}

// accept is the summary's "to accept these breaking changes" advice: on a
// pull request only, where a label can be applied.
func (p *publisher) accept() *annotate.Accept {
	if p.gctx == nil || !isPullRequest(p.gctx.EventName) {
		return nil
	}
	return service.AcceptHow(p.in.SkipLabel, p.res.Config)
}
