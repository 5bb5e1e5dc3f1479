package annotate

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/mcpschema/mcpschema/internal/report"
)

// Links make the positions of a Markdown summary links to the lines they
// name on GitHub: head positions at the head commit, base locations at the
// base commit.
type Links struct {
	// Server is the server URL (GITHUB_SERVER_URL, e.g. https://github.com).
	Server string
	// Repo is OWNER/REPO (GITHUB_REPOSITORY).
	Repo string
	// Head is the commit the findings describe; Base the commit compared with ("": no links).
	Head, Base string
	// Config is the commit the config was read from, when it is not Base
	// (a pull request's base branch tip; "": not said).
	Config string
	// CheckRun is the check run's page ("": none).
	CheckRun string
	// deleted are the files that exist only at the base (their removed
	// tools sit on line 1): not linked at the head, where they are gone.
	deleted map[string]bool
}

// forReport is l knowing which of rep's files were deleted: those a
// finding places at its own base file while the head has no such file.
func (l *Links) forReport(rep *report.Report) *Links {
	if !l.ok() {
		return l
	}
	head := map[string]bool{}
	for _, f := range rep.Files {
		head[f.Path] = true
	}
	c := *l
	for _, f := range rep.Findings {
		if f.Base != nil && f.Base.File == f.File && !head[f.File] {
			if c.deleted == nil {
				c.deleted = map[string]bool{}
			}
			c.deleted[f.File] = true
		}
	}
	return &c
}

// ok reports whether links can be made at all.
func (l *Links) ok() bool { return l != nil && l.Server != "" && l.Repo != "" }

// blob is the URL of a line of file at commit sha ("" when unknown).
func (l *Links) blob(sha, file string, line int) string {
	if !l.ok() || sha == "" || file == "" {
		return ""
	}
	u := strings.TrimRight(l.Server, "/") + "/" + l.Repo + "/blob/" + url.PathEscape(sha) + "/" + escapePath(file)
	if line > 0 {
		u += fmt.Sprintf("#L%d", line)
	}
	return u
}

// commit is the URL of a commit's page.
func (l *Links) commit(sha string) string {
	if !l.ok() || sha == "" {
		return ""
	}
	return strings.TrimRight(l.Server, "/") + "/" + l.Repo + "/commit/" + url.PathEscape(sha)
}

// escapePath escapes each segment of a slash-separated path for a URL
// (url.PathEscape also escapes the parentheses, spaces and angle brackets
// that would end a Markdown link destination).
func escapePath(p string) string {
	segs := strings.Split(p, "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
	}
	return strings.Join(segs, "/")
}

// mdLink makes text (already Markdown) a link to u, or leaves it as is.
func mdLink(text, u string) string {
	if u == "" {
		return text
	}
	u = strings.NewReplacer(" ", "%20", "(", "%28", ")", "%29", "<", "%3C", ">", "%3E", "\n", "", "\r", "").Replace(u)
	return "[" + text + "](" + u + ")"
}

// headPos renders a finding's position as code, linked to its line at the head.
func (l *Links) headPos(text string, f report.Finding) string {
	var sha string
	if l != nil && !l.deleted[f.File] {
		sha = l.Head
	}
	return mdLink(mdCode(text), l.blob(sha, f.File, f.Line))
}

// basePos renders a base location as code, linked to its line at the base.
func (l *Links) basePos(b *report.Location) string {
	var sha string
	if l != nil {
		sha = l.Base
	}
	return mdLink(mdCode(BaseText(b)), l.blob(sha, b.File, b.Line))
}

// shortSHA is the first 12 characters of a commit id.
func shortSHA(s string) string {
	if len(s) > 12 {
		return s[:12]
	}
	return s
}

// describes is the line that names the commit the summary describes and
// links to the check run.
func (l *Links) describes() string {
	if !l.ok() || l.Head == "" {
		return ""
	}
	s := "Describes " + mdLink(mdCode(shortSHA(l.Head)), l.commit(l.Head))
	if l.Base != "" {
		s += ", compared with " + mdLink(mdCode(shortSHA(l.Base)), l.commit(l.Base))
	}
	if l.Config != "" && l.Config != l.Base {
		s += ", config from " + mdLink(mdCode(shortSHA(l.Config)), l.commit(l.Config))
	}
	if l.CheckRun != "" {
		s += " · " + mdLink("check run", l.CheckRun)
	}
	return s + "\n"
}
