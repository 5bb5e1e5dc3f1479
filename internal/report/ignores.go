package report

// Ignores says what the config file's ignores did in a run.
type Ignores struct {
	// Config is the config file the ignores are in.
	Config string `json:"config"`
	// Count is the number of findings they silenced.
	Count int `json:"count"`
	// Expired is the number of ignores past their expiry date (each also a finding).
	Expired int `json:"expired"`
	// Findings are the silenced findings, kept only when asked for
	// (`check --show-ignored`).
	Findings []Finding `json:"findings,omitempty"`
}
