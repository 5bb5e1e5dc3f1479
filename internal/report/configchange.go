package report

import "github.com/mcpschema/mcpschema/internal/rules"

// ConfigChange says what a changed config file would do once merged. On a
// pull request the config of the base revision applies; the pull request's
// own config is only compared with it, so that it cannot switch off the
// check that judges it.
type ConfigChange struct {
	// File is the config file's name.
	File string `json:"file"`
	// From is the revision whose config applied to this run.
	From string `json:"from"`
	// Added is true when the config file does not exist at From (the defaults applied).
	Added bool `json:"added,omitempty"`
	// Removed is true when the config file exists at From but not in the changed tree.
	Removed bool `json:"removed,omitempty"`
	// Invalid is the error of the changed config when it cannot be read.
	Invalid string `json:"invalid,omitempty"`
	// Settings are the changed settings (rules, ignore, limits, files, fail-on, ...).
	Settings []SettingChange `json:"settings"`
	// Hidden are the findings of this run that the changed config would hide.
	Hidden []Finding `json:"hidden"`
	// Reclassified are the findings whose severity the changed config would change.
	Reclassified []Reclassified `json:"reclassified"`
	// Shown are findings hidden by the applied config that the changed config would show.
	Shown []Finding `json:"shown"`
	// Paired are the compat.tool.removed findings of this run that a changed
	// alias would pair with an added tool: the removal becomes a change of
	// that tool (reclassified, paired by the alias).
	Paired []Finding `json:"paired,omitempty"`
	// Unknown say, one line each, what the changed config would change that
	// this run cannot tell: files it would add, files a raised limit would
	// check fully, findings a lowered limit would add.
	Unknown []string `json:"unknown,omitempty"`
}

// SettingChange is one changed setting of a config file.
type SettingChange struct {
	// Key is the setting, e.g. "files" or "limits.max-file-tools".
	Key string `json:"key"`
	// From is the applied value as JSON ("" when not set).
	From string `json:"from"`
	// To is the changed value as JSON ("" when not set).
	To string `json:"to"`
}

// Reclassified is a finding with the severity a changed config would give it.
type Reclassified struct {
	Finding
	// To is the severity under the changed config.
	To rules.Severity `json:"to"`
}
