package service

import "github.com/mcpschema/mcpschema/annotate"

// AcceptHow says how to accept the breaking changes of a pull request on
// purpose: the skip label (the action input, else the config's
// skip-label), else the config line that enables one; and, under
// version-policy: semver, the major version bump.
func AcceptHow(label string, cfg *Config) *annotate.Accept {
	if label == "" && cfg != nil {
		label = cfg.SkipLabel
	}
	a := &annotate.Accept{Label: label, Semver: cfg != nil && cfg.VersionPolicy == "semver"}
	if label == "" {
		a.Label, a.ConfigFile = "mcp-breaking-ok", configName(cfg)
	}
	return a
}

// configName is the config file's name for advice.
func configName(cfg *Config) string {
	if cfg != nil && cfg.Path != "" {
		return cfg.Path
	}
	return DefaultConfigName
}
