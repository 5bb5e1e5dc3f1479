package app

import (
	"github.com/mcpschema/mcpschema/validate"
	"github.com/mcpschema/mcpschema/validate/pipeline"
	"github.com/mcpschema/mcpschema/validate/schema"
)

// diffLimits are pipeline.DiffLimits: the schema limits of a check --base
// run, which stop at the run's deadline.
func diffLimits(opts validate.Options) schema.Limits { return pipeline.DiffLimits(opts) }
