// Package action is the GitHub Action client of the application service
// (cmd/internal/service): it reads the action's inputs and event, resolves
// the revisions, runs the service and publishes the report through its
// sinks (check run, comment, SARIF, JSON report, job summary, outputs).
package action

import (
	"github.com/mcpschema/mcpschema/cmd/internal/cmdenv"
	"github.com/mcpschema/mcpschema/cmd/internal/service"
)

// Env is what the action may touch of the outside world (cmdenv.Env).
type Env = cmdenv.Env

// The exit codes the commands share (cmdenv).
const (
	ExitOK          = cmdenv.ExitOK
	ExitFindings    = cmdenv.ExitFindings
	ExitUsage       = cmdenv.ExitUsage
	ExitInterrupted = cmdenv.ExitInterrupted
)

const oNoFollow = cmdenv.NoFollow

var interrupted = cmdenv.Interrupted

// The application service under the names the action's code spells.
type (
	// Result is a finished run (service.Result).
	Result = service.Result
	// RunOptions configure one run (service.RunOptions).
	RunOptions = service.RunOptions
	// UsageError is a problem with the inputs or the configuration (service.UsageError).
	UsageError = service.UsageError

	errNoFiles = service.NoFilesError
)

// acceptHow says how to accept breaking changes on purpose (service.AcceptHow).
var acceptHow = service.AcceptHow

// DefaultConfigName is the config file read when none is named (service.DefaultConfigName).
const DefaultConfigName = service.DefaultConfigName

// Run runs the application service (service.Run).
var Run = service.Run

var (
	checkClient           = service.CheckClient
	checkWorkspacePattern = service.CheckWorkspacePattern
	commitOf              = service.CommitOf
	deepenForMergeBase    = service.DeepenForMergeBase
	gitMergeBase          = service.GitMergeBase
	isShallow             = service.IsShallow
	setBaseline           = service.SetBaseline
	short                 = service.ShortSHA
	splitList             = service.SplitList
	splitPatterns         = service.SplitPatterns
)
