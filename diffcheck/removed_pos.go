package diffcheck

import "github.com/mcpschema/mcpschema/internal/source"

// removedPosition is where the annotation of a tool removed from a file
// that survives sits: on the entry that now holds the removed tool's place
// in the head's tool list (the last entry when the list got shorter), a
// line of the pull request's diff, rather than on the list's key. Without
// any entry left it is the list itself. The finding's pointer stays the
// list's (the tool was removed from it), so its fingerprint does not
// change with its neighbours.
func removedPosition(head *source.File, removed source.Tool) source.Pos {
	ptr := head.ToolsPointer
	if n := len(head.Tools); n > 0 {
		ptr = head.Tools[n-1].Pointer
		for _, t := range head.Tools {
			if t.Pointer == removed.Pointer {
				ptr = t.Pointer
				break
			}
		}
	}
	pos, _ := head.Index.Locate(ptr)
	return pos
}

// setLastPosition moves the last finding to pos.
func (c *comparer) setLastPosition(pos source.Pos) {
	if n := len(c.findings); n > 0 && pos.Line > 0 {
		c.findings[n-1].Line, c.findings[n-1].Column = pos.Line, pos.Column
	}
}
