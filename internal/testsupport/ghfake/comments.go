package ghfake

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"
)

type commentBody struct {
	Body string `json:"body"`
}

func (s *Server) commentJSON(c *Comment) map[string]any {
	typ := "User"
	if strings.HasSuffix(c.Author, "[bot]") {
		typ = "Bot"
	}
	return map[string]any{"id": c.ID, "body": c.Body, "user": map[string]any{"login": c.Author, "type": typ}}
}

// author is who the token writes comments as.
func (s *Server) author() string {
	if s.User != "" {
		return s.User
	}
	return s.appSlug() + "[bot]"
}

// appSlug is the app an installation token belongs to (App, else the
// GitHub Actions app, whose GITHUB_TOKEN writes as "github-actions[bot]").
func (s *Server) appSlug() string {
	if s.App != "" {
		return s.App
	}
	return "github-actions"
}

// user answers GET /user: the login of a personal token; an installation
// token may not read it.
func (s *Server) user() (int, string, map[string]string) {
	if s.User == "" {
		return http.StatusForbidden, userForbidden, nil
	}
	b, _ := json.Marshal(map[string]any{"login": s.User, "type": "User"})
	return http.StatusOK, string(b), nil
}

func (s *Server) listComments(r *http.Request, n int) (int, string, map[string]string) {
	size := s.PageSize
	if size <= 0 {
		size = 30
	}
	if pp, err := strconv.Atoi(r.URL.Query().Get("per_page")); err == nil && pp > 0 && pp < size {
		size = pp
	}
	page, _ := strconv.Atoi(r.URL.Query().Get("page"))
	if page < 1 {
		page = 1
	}
	var all []*Comment
	for _, c := range s.comments {
		if c.Issue == n {
			all = append(all, c)
		}
	}
	out := []map[string]any{}
	for i := (page - 1) * size; i < len(all) && i < page*size; i++ {
		out = append(out, s.commentJSON(all[i]))
	}
	header := map[string]string{}
	if page*size < len(all) {
		u := *r.URL
		q := u.Query()
		q.Set("page", strconv.Itoa(page+1))
		u.RawQuery = q.Encode()
		header["Link"] = fmt.Sprintf("<%s%s>; rel=\"next\"", s.URL, u.String())
	}
	b, _ := json.Marshal(out)
	return http.StatusOK, string(b), header
}

func (s *Server) readComment(r *http.Request) (string, string) {
	var b commentBody
	if err := json.NewDecoder(r.Body).Decode(&b); err != nil {
		return "", "Problems parsing JSON"
	}
	if b.Body == "" {
		return "", "Invalid request. \"body\" is required."
	}
	if utf8.RuneCountInString(b.Body) > MaxCommentBody {
		return "", fmt.Sprintf("Validation Failed: body is too long (maximum is %d characters)", MaxCommentBody)
	}
	return b.Body, ""
}

func (s *Server) createComment(r *http.Request, n int) (int, string, map[string]string) {
	body, msg := s.readComment(r)
	if msg != "" {
		return http.StatusUnprocessableEntity, errorBody(msg), nil
	}
	s.nextID++
	c := &Comment{ID: s.nextID, Issue: n, Body: body, Author: s.author()}
	s.comments = append(s.comments, c)
	b, _ := json.Marshal(s.commentJSON(c))
	return http.StatusCreated, string(b), nil
}

func (s *Server) editComment(r *http.Request, id int64) (int, string, map[string]string) {
	for _, c := range s.comments {
		if c.ID == id {
			body, msg := s.readComment(r)
			if msg != "" {
				return http.StatusUnprocessableEntity, errorBody(msg), nil
			}
			c.Body = body
			c.Edits++
			b, _ := json.Marshal(s.commentJSON(c))
			return http.StatusOK, string(b), nil
		}
	}
	return http.StatusNotFound, errorBody("Not Found"), nil
}
