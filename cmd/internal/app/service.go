package app

import "github.com/mcpschema/mcpschema/internal/service"

// The application service (internal/service) under the names the
// commands' code spells: the CLI and the action are its clients.
type (
	// Config is a loaded configuration (service.Config).
	Config = service.Config
	// RunOptions configure one run (service.RunOptions).
	RunOptions = service.RunOptions
	// Result is a finished run (service.Result).
	Result = service.Result
	// UsageError is a problem with the command line, configuration or inputs (service.UsageError).
	UsageError = service.UsageError

	errNoFiles = service.NoFilesError
)

// DefaultConfigName is the config file read when none is named (service.DefaultConfigName).
const DefaultConfigName = service.DefaultConfigName

const (
	baseModeMergeBase = service.BaseModeMergeBase
	baseModeTip       = service.BaseModeTip
)

// Run runs the application service (service.Run).
var Run = service.Run

var (
	checkWorkspacePattern = service.CheckWorkspacePattern
	cliBaseline           = service.CLIBaseline
	commitOf              = service.CommitOf
	configPath            = service.ResolveConfigPath
	deepenForMergeBase    = service.DeepenForMergeBase
	didYouMean            = service.DidYouMean
	gitMergeBase          = service.GitMergeBase
	isShallow             = service.IsShallow
	loadRunConfig         = service.LoadRunConfig
	parseBaseMode         = service.ParseBaseMode
	parseFailOn           = service.ParseFailOn
	runPatterns           = service.RunPatterns
	setBaseline           = service.SetBaseline
	short                 = service.ShortSHA
	splitList             = service.SplitList
	splitPatterns         = service.SplitPatterns
	unknownHint           = service.UnknownHint
)
