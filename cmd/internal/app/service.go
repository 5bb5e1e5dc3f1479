package app

import (
	"github.com/mcpschema/mcpschema/cmd/internal/action"
	"github.com/mcpschema/mcpschema/cmd/internal/cmdenv"
	"github.com/mcpschema/mcpschema/cmd/internal/service"
)

// The application service (cmd/internal/service) under the names the
// commands' code spells: the CLI and the action are its clients.
type (
	// Config is a loaded configuration (service.Config).
	Config = service.Config
	// RunOptions configure one run (service.RunOptions).
	RunOptions = service.RunOptions
)

// DefaultConfigName is the config file read when none is named (service.DefaultConfigName).
const DefaultConfigName = service.DefaultConfigName

const (
	baseModeMergeBase = service.BaseModeMergeBase
	baseModeTip       = service.BaseModeTip
)

const oNoFollow = cmdenv.NoFollow

var interrupted = cmdenv.Interrupted

// Run runs the application service (service.Run).
var Run = service.Run

// acceptHow says how to accept breaking changes on purpose (service.AcceptHow).
var acceptHow = service.AcceptHow

var (
	cliBaseline   = service.CLIBaseline
	cliConfigNote = action.CLIConfigNote
	configFound   = action.ConfigFound
	configPath    = service.ResolveConfigPath
	didYouMean    = service.DidYouMean
	parseBaseMode = service.ParseBaseMode
	setBaseline   = service.SetBaseline
	splitList     = service.SplitList
	unknownHint   = service.UnknownHint
)
