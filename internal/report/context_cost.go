package report

import "fmt"

// ContextCost is what the run's tool definitions cost a model's context:
// every definition a client lists is sent with every turn of a session.
// Tokens are counted per tool and summed per server; with a base revision,
// the base is counted too and each total has its delta.
type ContextCost struct {
	// Encoding is the tokenizer the counts are made with ("o200k_base").
	Encoding string `json:"encoding"`
	// Counted says which text of a tool is counted.
	Counted string `json:"counted"`
	// Note says what the counts are not (other models' tokenizers).
	Note string `json:"note"`
	// Compared reports whether the base revision was counted too.
	Compared bool `json:"compared"`
	// Incomplete reports that the run's time budget ran out before every
	// tool was counted: the totals are lower bounds.
	Incomplete bool `json:"incomplete,omitempty"`
	// Servers are the servers of the run, by name ("" first: the run's
	// unnamed server).
	Servers []ServerCost `json:"servers"`
}

// ServerCost is the cost of one server's tool definitions.
type ServerCost struct {
	// Server is the server's name ("": the run's tools that name no server).
	Server string `json:"server"`
	// Tokens is the sum over the server's tools at the head.
	Tokens int `json:"tokens"`
	// BaseTokens is the sum at the base (nil when the base was not counted).
	BaseTokens *int `json:"baseTokens,omitempty"`
	// MaxTokens is the budget the config sets for the server (0: none).
	MaxTokens int `json:"maxTokens,omitempty"`
	// Tools are the server's tools, by name; with a base, the tools only
	// the base has too (Removed).
	Tools []ToolCost `json:"tools"`
}

// ToolCost is the cost of one tool's definition.
type ToolCost struct {
	Name string `json:"name"`
	// File and Pointer locate the definition (the base's, for a removed tool).
	File    string `json:"file"`
	Pointer string `json:"pointer"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	// Tokens is the head's count (0 for a removed tool).
	Tokens int `json:"tokens"`
	// BaseTokens is the base's count (nil: a new tool, or no base counted).
	BaseTokens *int `json:"baseTokens,omitempty"`
	// Removed marks a tool only the base has.
	Removed bool `json:"removed,omitempty"`
}

// Delta is the change of the server's tokens against the base, and
// whether the base was counted.
func (s ServerCost) Delta() (int, bool) {
	if s.BaseTokens == nil {
		return 0, false
	}
	return s.Tokens - *s.BaseTokens, true
}

// Delta is the change of the tool's tokens against the base (a new tool:
// all of them).
func (t ToolCost) Delta() int {
	if t.BaseTokens == nil {
		return t.Tokens
	}
	return t.Tokens - *t.BaseTokens
}

// ServerLabel names a server in a message ("": the run's unnamed server).
func ServerLabel(server string) string {
	if server == "" {
		return "the run's unnamed server"
	}
	return fmt.Sprintf("server %q", server)
}

// Thousands writes n with thousands separators: 12,400.
func Thousands(n int) string {
	if n < 0 {
		return "-" + Thousands(-n)
	}
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// SignedThousands is Thousands with a sign: +2,300, -40, ±0.
func SignedThousands(n int) string {
	switch {
	case n > 0:
		return "+" + Thousands(n)
	case n == 0:
		return "±0"
	}
	return Thousands(n)
}
