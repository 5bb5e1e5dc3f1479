package diffcheck

import "github.com/mcpschema/mcpschema/internal/source"

// setLastPosition moves the last finding to pos.
func (c *comparer) setLastPosition(pos source.Pos) {
	if n := len(c.findings); n > 0 && pos.Line > 0 {
		c.findings[n-1].Line, c.findings[n-1].Column = pos.Line, pos.Column
	}
}
