package validate

// FileCheck is a check run once per file (after the tool checks).
type FileCheck func(*FileContext)

// ToolCheck is a check run once per tool entry.
type ToolCheck func(*ToolContext)

var (
	fileChecks []FileCheck
	toolChecks []ToolCheck
)

// addFileCheck registers a file-level check; called from init functions.
func addFileCheck(c FileCheck) { fileChecks = append(fileChecks, c) }

// addToolCheck registers a tool-level check; called from init functions.
func addToolCheck(c ToolCheck) { toolChecks = append(toolChecks, c) }
