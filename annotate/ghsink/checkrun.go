package ghsink

import (
	"context"
	"fmt"
	"time"

	"github.com/google/go-github/v66/github"

	"github.com/mcpschema/mcpschema/annotate"
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// AnnotationsPerRequest is how many annotations GitHub takes in one request.
const AnnotationsPerRequest = 50

// messageLimit keeps an annotation message and raw details under GitHub's 64 KB.
const messageLimit = 60000

// CheckRun says where and how to publish the check run.
type CheckRun struct {
	Owner, Repo string
	// HeadSHA is the commit the check run is attached to (a pull request's head).
	HeadSHA string
	// Name is the check run name (input check-name).
	Name string
	// DetailsURL links the check run to the workflow run (optional).
	DetailsURL string
	Report     *report.Report
	// Rules is the run's rule set: the annotations' titles are its rules'.
	Rules *rules.Set
	// Gate decides the run's outcome (annotate.SummaryOptions.Gate);
	// Failed says whether the run failed (the conclusion).
	Gate   report.Gate
	Failed bool
	// Links, when set, make the summary's positions links to their lines.
	Links *annotate.Links
	// Accept says how to accept the breaking changes (annotate.SummaryOptions.Accept).
	Accept *annotate.Accept
	// Now stamps completed_at; nil uses time.Now.
	Now func() time.Time
}

// CheckRunResult says what was published.
type CheckRunResult struct {
	// ID and URL of the check run; ID is 0 when it could not be created.
	ID  int64
	URL string
	// Annotations is how many annotations were sent, out of Total.
	Annotations, Total int
	// Capped says how the findings were folded and bounded into Total
	// annotations (annotate.CapAnnotations).
	Capped annotate.Capped
	// Requests is how many API calls it took.
	Requests int
	// Completed says the check run got its conclusion and summary.
	Completed bool
	// Cut says the summary was cut to fit (the annotations hold every finding).
	Cut bool
}

// CreateError is returned when the check run could not be created at all.
type CreateError struct{ Err error }

func (e *CreateError) Error() string {
	return "could not create the check run: " + Describe(e.Err)
}

func (e *CreateError) Unwrap() error { return e.Err }

// PublishCheckRun creates the check run in progress, sends the findings as
// annotations, 50 per request (at most annotate.AnnotationsPerRun of them,
// repeats of a rule in a file folded: annotate.CapAnnotations), then completes it with the conclusion
// (failure when fail-on is reached, success otherwise) and the Markdown
// summary cut to 65,535 characters with a note. It returns a *CreateError
// when the check run cannot be created (a fork's read-only token answers
// 403), so the caller can fall back to workflow-command annotations. When
// annotations cannot all be sent, it still tries to complete the run with a
// summary that says so, and returns an error.
func (c *Client) PublishCheckRun(ctx context.Context, cr CheckRun) (*CheckRunResult, error) {
	rep := cr.Report
	capped := capAnnotations(rep)
	anns := annotations(capped.Findings, cr.Rules)
	res := &CheckRunResult{Total: len(anns), Capped: capped}
	title := annotate.Headline(rep)
	created, _, err := c.gh.Checks.CreateCheckRun(ctx, cr.Owner, cr.Repo, github.CreateCheckRunOptions{
		Name:       cr.Name,
		HeadSHA:    cr.HeadSHA,
		DetailsURL: optional(cr.DetailsURL),
		Status:     github.String("in_progress"),
		Output: &github.CheckRunOutput{
			Title:   github.String(title),
			Summary: github.String(fmt.Sprintf("adding %s…", annotate.Plural(len(anns), "annotation"))),
		},
	})
	res.Requests++
	if err != nil {
		return res, &CreateError{Err: err}
	}
	res.ID = created.GetID()
	res.URL = created.GetHTMLURL()
	c.learnApp(created.GetApp().GetSlug())

	var sendErr error
	for start := 0; start < len(anns); start += AnnotationsPerRequest {
		end := min(start+AnnotationsPerRequest, len(anns))
		_, _, err := c.gh.Checks.UpdateCheckRun(ctx, cr.Owner, cr.Repo, res.ID, github.UpdateCheckRunOptions{
			Name: cr.Name,
			Output: &github.CheckRunOutput{
				Title:       github.String(title),
				Summary:     github.String(fmt.Sprintf("adding annotations %d to %d of %d…", start+1, end, len(anns))),
				Annotations: anns[start:end],
			},
		})
		res.Requests++
		if err != nil {
			sendErr = fmt.Errorf("could not add check run annotations %d to %d of %d: %s", start+1, end, len(anns), Describe(err))
			break
		}
		res.Annotations = end
	}

	elsewhere := "every finding is an annotation of this check run"
	if t := capped.CapText(); t != "" {
		elsewhere = t
	}
	if res.Annotations < res.Total {
		elsewhere = fmt.Sprintf("only %d of %s could be added as annotations here: the job summary lists every finding",
			res.Annotations, annotate.Plural(res.Total, "annotation"))
	}
	summary, cut := annotate.MarkdownCut(rep, annotate.SummaryOptions{
		Title: cr.Name, Gate: cr.Gate, Failed: cr.Failed,
		Limit: annotate.CheckRunSummaryLimit, Elsewhere: elsewhere, Links: selfLinks(cr.Links), Accept: cr.Accept,
		TitleShown: true, // the title is the verdict line on the Checks tab
	})
	if res.Annotations < res.Total {
		summary = truncateTo(fmt.Sprintf("> [!CAUTION]\n> %s.\n\n", capitalize(elsewhere))+summary, annotate.CheckRunSummaryLimit)
	} else if t := capped.CapText(); t != "" && !cut {
		// the summary was not cut, so it did not say where the rest is: say
		// that the annotations were bounded
		summary = truncateTo(fmt.Sprintf("> [!NOTE]\n> %s.\n\n", capitalize(t))+summary, annotate.CheckRunSummaryLimit)
	}
	res.Cut = cut
	err = c.complete(ctx, cr, res.ID, title, summary)
	res.Requests++
	if err != nil && StatusCode(err) == 422 {
		// GitHub counts some characters differently than we do: fall back to
		// the header and a pointer to the job summary rather than no verdict.
		short := fmt.Sprintf("**%s**\n\nThe full summary was rejected (%s): the job summary has it, and every finding it could hold is an annotation of this check run.\n",
			title, Describe(err))
		err = c.complete(ctx, cr, res.ID, title, short)
		res.Requests++
		res.Cut = true
	}
	if err != nil {
		return res, fmt.Errorf("could not complete the check run: %s", Describe(err))
	}
	res.Completed = true
	return res, sendErr
}

func (c *Client) complete(ctx context.Context, cr CheckRun, id int64, title, summary string) error {
	conclusion := "success"
	if cr.Failed {
		conclusion = "failure"
	}
	now := time.Now
	if cr.Now != nil {
		now = cr.Now
	}
	_, _, err := c.gh.Checks.UpdateCheckRun(ctx, cr.Owner, cr.Repo, id, github.UpdateCheckRunOptions{
		Name:        cr.Name,
		Status:      github.String("completed"),
		Conclusion:  github.String(conclusion),
		CompletedAt: &github.Timestamp{Time: now().UTC()},
		Output: &github.CheckRunOutput{
			Title:   github.String(title),
			Summary: github.String(summary),
		},
	})
	return err
}

// capAnnotations folds and bounds the report's findings that have a file.
func capAnnotations(rep *report.Report) annotate.Capped {
	filed := make([]report.Finding, 0, len(rep.Findings))
	for _, f := range annotate.NewFindings(rep.Findings) {
		if f.File != "" {
			filed = append(filed, f)
		}
	}
	return annotate.CapAnnotations(filed, 0, 0)
}

// annotations turns the findings into check run annotations, in report
// order, titled with their rules' titles in set.
func annotations(findings []report.Finding, set *rules.Set) []*github.CheckRunAnnotation {
	out := make([]*github.CheckRunAnnotation, 0, len(findings))
	for _, f := range findings {
		line := max(f.Line, 1)
		a := &github.CheckRunAnnotation{
			Path:            github.String(f.File),
			StartLine:       github.Int(line),
			EndLine:         github.Int(line),
			AnnotationLevel: github.String(annotationLevel(f.Severity)),
			Message:         github.String(truncateTo(annotate.EscapeControls(f.Message, true), messageLimit)),
			Title:           github.String(truncateTo(annotate.EscapeControls(annotate.Title(f, set), false), 255)),
		}
		if f.Line > 0 && f.Column > 0 {
			a.StartColumn = github.Int(f.Column)
			a.EndColumn = github.Int(f.Column)
		}
		if d := rawDetails(f); d != "" {
			a.RawDetails = github.String(truncateTo(annotate.EscapeControls(d, true), messageLimit))
		}
		out = append(out, a)
	}
	return out
}

func rawDetails(f report.Finding) string {
	s := ""
	if f.Pointer != "" {
		s += "pointer: " + f.Pointer + "\n"
	}
	if f.Tool != "" {
		s += "tool: " + f.Tool + "\n"
	}
	if f.Base != nil {
		s += "base: " + annotate.BaseText(f.Base) + "\n"
	}
	if f.Witness != nil {
		s += "witness: " + annotate.CompactJSON(f.Witness) + "\n"
	}
	return s + "rule: " + f.Rule + "\n"
}

// annotationLevel maps a severity to failure, warning or notice.
func annotationLevel(s rules.Severity) string {
	switch s {
	case rules.Error:
		return "failure"
	case rules.Warning:
		return "warning"
	}
	return "notice"
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return github.String(s)
}

// selfLinks are the summary's links without one to the check run itself.
func selfLinks(l *annotate.Links) *annotate.Links {
	if l == nil {
		return nil
	}
	c := *l
	c.CheckRun = ""
	return &c
}
