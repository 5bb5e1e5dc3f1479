package ghfake

import (
	"encoding/json"
	"fmt"
	"net/http"
	"unicode/utf8"
)

// validateOutput applies GitHub's output limits; it returns a 422 message.
func validateOutput(o *output) string {
	if o == nil {
		return ""
	}
	if o.Title == nil || o.Summary == nil {
		return "Invalid request. \"title\" and \"summary\" are required in output."
	}
	for _, t := range []*string{o.Summary, o.Text} {
		if t != nil && (len(*t) > MaxSummary || utf8.RuneCountInString(*t) > MaxSummary) {
			return fmt.Sprintf("Invalid request.\n\nOnly %d characters are allowed; %d were supplied.", MaxSummary, len(*t))
		}
	}
	if len(o.Annotations) > MaxAnnotations {
		return fmt.Sprintf("Invalid request.\n\nOnly %d annotations are allowed per request; %d were supplied.", MaxAnnotations, len(o.Annotations))
	}
	for _, a := range o.Annotations {
		switch {
		case a.Path == "" || a.StartLine < 1 || a.EndLine < a.StartLine || a.Message == "":
			return "Invalid request. \"path\", \"start_line\", \"end_line\" and \"message\" are required."
		case a.AnnotationLevel != "notice" && a.AnnotationLevel != "warning" && a.AnnotationLevel != "failure":
			return fmt.Sprintf("Invalid request. %q is not a valid annotation_level.", a.AnnotationLevel)
		case (a.StartColumn != nil || a.EndColumn != nil) && a.StartLine != a.EndLine:
			return "Invalid request. start_column and end_column are only allowed on one line."
		case len(a.Title) > 255:
			return "Invalid request. title is too long."
		}
	}
	return ""
}

func (s *Server) createCheckRun(r *http.Request, rec *Request) (int, string, map[string]string) {
	var b checkRunBody
	if err := json.NewDecoder(r.Body).Decode(&b); err != nil {
		return http.StatusBadRequest, errorBody("Problems parsing JSON"), nil
	}
	if b.Name == "" || b.HeadSHA == "" {
		return http.StatusUnprocessableEntity, errorBody("Invalid request. \"name\" and \"head_sha\" are required."), nil
	}
	if msg := validateOutput(b.Output); msg != "" {
		return http.StatusUnprocessableEntity, errorBody(msg), nil
	}
	s.nextID++
	cr := &CheckRun{ID: s.nextID, Name: b.Name, HeadSHA: b.HeadSHA, Status: "queued"}
	s.apply(cr, b, rec)
	s.checkRuns = append(s.checkRuns, cr)
	return http.StatusCreated, s.checkRunJSON(r, cr), nil
}

func (s *Server) updateCheckRun(r *http.Request, rec *Request, id int64) (int, string, map[string]string) {
	var cr *CheckRun
	for _, c := range s.checkRuns {
		if c.ID == id {
			cr = c
		}
	}
	if cr == nil {
		return http.StatusNotFound, errorBody("Not Found"), nil
	}
	var b checkRunBody
	if err := json.NewDecoder(r.Body).Decode(&b); err != nil {
		return http.StatusBadRequest, errorBody("Problems parsing JSON"), nil
	}
	if b.HeadSHA != "" {
		return http.StatusUnprocessableEntity, errorBody("Invalid request. \"head_sha\" cannot be updated."), nil
	}
	if msg := validateOutput(b.Output); msg != "" {
		return http.StatusUnprocessableEntity, errorBody(msg), nil
	}
	s.apply(cr, b, rec)
	return http.StatusOK, s.checkRunJSON(r, cr), nil
}

// apply updates the state the way GitHub does: annotations append.
func (s *Server) apply(cr *CheckRun, b checkRunBody, rec *Request) {
	if b.Name != "" {
		cr.Name = b.Name
	}
	if b.Status != nil {
		cr.Status = *b.Status
	}
	if b.DetailsURL != nil {
		cr.DetailsURL = *b.DetailsURL
	}
	if b.Conclusion != nil {
		cr.Conclusion = *b.Conclusion
		cr.Status = "completed"
	}
	if o := b.Output; o != nil {
		cr.Title, cr.Summary = *o.Title, *o.Summary
		rec.SummaryLen = len(cr.Summary)
		if o.Text != nil {
			cr.Text = *o.Text
		}
		if len(o.Annotations) > 0 {
			cr.Annotations = append(cr.Annotations, o.Annotations...)
			cr.Batches = append(cr.Batches, len(o.Annotations))
			rec.Annotations = len(o.Annotations)
		}
	}
}

func (s *Server) checkRunJSON(_ *http.Request, cr *CheckRun) string {
	b, _ := json.Marshal(map[string]any{
		"id": cr.ID, "name": cr.Name, "head_sha": cr.HeadSHA, "status": cr.Status,
		"html_url": fmt.Sprintf("https://github.example/checks/%d", cr.ID),
		"app":      map[string]any{"slug": s.appSlug()},
	})
	return string(b)
}
