package service

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/mcpschema/mcpschema/internal/load"
)

// CheckWorkspacePattern refuses a pattern of the config's or the action's
// "files" that would leave the workspace: an absolute path or a ".." step,
// in the pattern or in any of its brace alternatives ("{tools,../x}/*.json").
func CheckWorkspacePattern(pat string) error {
	alts, err := load.ExpandBraces(pat)
	if err != nil {
		return fmt.Errorf("pattern %q: %v", pat, err)
	}
	for _, alt := range alts {
		if err := checkWorkspaceAlternative(pat, alt); err != nil {
			return err
		}
	}
	return nil
}

// checkWorkspaceAlternative checks one brace alternative alt of pattern pat.
func checkWorkspaceAlternative(pat, alt string) error {
	which := ""
	if alt != pat {
		which = fmt.Sprintf(" (its alternative %q)", alt)
	}
	if filepath.IsAbs(alt) || strings.HasPrefix(alt, "/") || strings.HasPrefix(alt, "\\") || filepath.VolumeName(alt) != "" ||
		(len(alt) > 1 && alt[1] == ':') {
		return fmt.Errorf("pattern %q%s is absolute: files must stay in the workspace; give a path relative to it", pat, which)
	}
	for _, seg := range strings.FieldsFunc(alt, func(r rune) bool { return r == '/' || r == '\\' }) {
		if seg == ".." {
			return fmt.Errorf("pattern %q%s leaves the workspace with \"..\": files must stay in it", pat, which)
		}
	}
	return nil
}
