package annotate

// MarkdownText escapes s for Markdown text, also inside a table cell (see
// the summary): punctuation escaped, HTML neutralised, mentions broken.
func MarkdownText(s string) string { return mdText(s) }

// MarkdownCode renders s as an inline code span that is safe in a table
// cell and cannot forge a comment marker.
func MarkdownCode(s string) string { return mdCode(s) }
