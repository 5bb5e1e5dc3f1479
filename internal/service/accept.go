package service

import "fmt"

// AcceptHow says how to accept the breaking changes of a pull request on
// purpose: the skip label (the action input, else the config's
// skip-label) and who may apply it, else the config line that enables
// one; and, under version-policy: semver, the major version bump.
func AcceptHow(label string, cfg *Config) string {
	if label == "" && cfg != nil {
		label = cfg.SkipLabel
	}
	how := fmt.Sprintf("apply the label %q to the pull request (anyone with triage access or more can)", label)
	if label == "" {
		how = fmt.Sprintf("add the line \"skip-label: mcp-breaking-ok\" to %s on the base branch (the config a pull request is checked with), then apply the label \"mcp-breaking-ok\" to the pull request (anyone with triage access or more can)", configName(cfg))
	}
	if cfg != nil && cfg.VersionPolicy == "semver" {
		how += ", or bump the document's major version (info.version) to announce them (version-policy: semver)"
	}
	return how
}

// configName is the config file's name for advice.
func configName(cfg *Config) string {
	if cfg != nil && cfg.Path != "" {
		return cfg.Path
	}
	return DefaultConfigName
}
