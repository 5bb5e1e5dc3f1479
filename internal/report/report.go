// Package report holds findings and the report that every output format renders.
package report

import (
	"crypto/sha256"
	"encoding/hex"
	"sort"
	"strings"

	"github.com/mcpschema/mcpschema/internal/limits"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// Location is a place in a file.
type Location struct {
	File    string `json:"file"`
	Pointer string `json:"pointer"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
}

// Finding is one thing a rule found.
type Finding struct {
	Rule             string         `json:"rule"`
	Severity         rules.Severity `json:"severity"`
	File             string         `json:"file"`
	Pointer          string         `json:"pointer"`
	Line             int            `json:"line"`
	Column           int            `json:"column"`
	Message          string         `json:"message"`
	ProtocolVersions []string       `json:"protocolVersions,omitempty"`
	// Tool is the name (or label) of the tool the finding is about, if any.
	Tool string `json:"tool,omitempty"`
	// Base is where a removed or changed element was at the base revision.
	Base *Location `json:"base,omitempty"`
	// Witness is a value that shows a breaking change (see diffcheck).
	Witness any `json:"witness,omitempty"`
	// Fingerprint identifies the finding across unrelated edits.
	Fingerprint string `json:"fingerprint,omitempty"`
	// Incomplete marks a finding saying a check could not be completed.
	Incomplete bool `json:"-"`
	// Limit is the configured bound that produced the finding (a file
	// bound, a schema bound, a time budget), "" for any other finding: what
	// raising that limit would change is read from it, never from Message.
	Limit limits.Key `json:"-"`
	// ToolPointer is the pointer of the tool inside its file, used for fingerprints and ignores.
	ToolPointer string `json:"-"`
	// Folded, when above zero, says this finding is not one problem but
	// stands for Folded findings of its rule in its file that were not kept
	// (the repeats past the first few: "and 48,999 more like this"). Counts
	// add Folded for it, so the summary and fail-on see every finding.
	Folded int `json:"folded,omitempty"`
	// PreExisting marks a validation finding the base already has (same
	// tool, or file for a file finding, rule and pointer): it is listed on
	// its own, never annotated as new, not counted among the errors,
	// warnings and notices of the summary (Summary.PreExisting counts it)
	// and does not reach fail-on unless the config sets fail-on-existing.
	PreExisting bool `json:"preExisting,omitempty"`
	// Accepted, when set, says why a breaking change does not fail the
	// run: the pull request's skip label (`label "mcp-breaking-ok"`) or a
	// major version bump under version-policy: semver (`announced by 1.4.0
	// → 2.0.0`). Its severity is then notice, yet it is still counted in
	// Summary.Breaking and listed among the accepted breaking changes, not
	// among the notices.
	Accepted string `json:"accepted,omitempty"`
}

// VersionChange is the version a file declares (MCP Description
// info.version, which a snapshot carries too; a tools/list snapshot's
// serverInfo.version; an MCP Registry server.json's version) at the head
// and, when the file existed there, at the base.
type VersionChange struct {
	File   string `json:"file"`
	Before string `json:"before,omitempty"`
	After  string `json:"after"`
	// Line and Column are where the head declares it (Pointer).
	Line   int `json:"line,omitempty"`
	Column int `json:"column,omitempty"`
	// Pointer is where the version is declared, when not /info/version:
	// /version (server.json), /serverInfo/version (a tools/list snapshot).
	Pointer string `json:"pointer,omitempty"`
	// Server is the name of the server the file describes: a document's
	// info.name, a server.json's name, a snapshot's serverInfo.name.
	Server string `json:"server,omitempty"`
}

// VersionPointer is where v is declared: Pointer, else /info/version.
func (v VersionChange) VersionPointer() string {
	if v.Pointer != "" {
		return v.Pointer
	}
	return "/info/version"
}

// Count is how many findings f stands for: Folded for a folded finding, else 1.
func (f Finding) Count() int {
	if f.Folded > 0 {
		return f.Folded
	}
	return 1
}

// FileSummary says what was checked in one file.
type FileSummary struct {
	Path     string `json:"path"`
	Tools    int    `json:"tools"`
	Complete bool   `json:"complete"`
}

// Summary counts a report.
type Summary struct {
	Files    int  `json:"files"`
	Tools    int  `json:"tools"`
	Errors   int  `json:"errors"`
	Warnings int  `json:"warnings"`
	Notices  int  `json:"notices"`
	Breaking int  `json:"breaking"`
	Complete bool `json:"complete"`
	// PreExisting counts the findings the base already has (not counted above).
	PreExisting int `json:"preExisting,omitempty"`
	// Accepted counts the accepted breaking changes (see Finding.Accepted):
	// counted in Breaking, not in Notices.
	Accepted int `json:"accepted,omitempty"`
}

// Report is the result of a run.
type Report struct {
	Version  int           `json:"version"`
	Files    []FileSummary `json:"files"`
	Findings []Finding     `json:"findings"`
	Summary  Summary       `json:"summary"`
	// Notes are run-level remarks (for example a sink that fell back to another).
	Notes []string `json:"notes,omitempty"`
	// ConfigChange says what a changed config file would do after merge (nil: unchanged).
	ConfigChange *ConfigChange `json:"configChange,omitempty"`
	// Baseline is the commit the head was compared with (nil: no diff).
	Baseline *Baseline `json:"baseline,omitempty"`
	// Ignores counts the findings the config's ignores silenced (nil: none
	// did and none expired).
	Ignores *Ignores `json:"ignores,omitempty"`
	// Versions are the versions the compared files declare (for
	// version-policy and changelog; a run with a base only).
	Versions []VersionChange `json:"versions,omitempty"`
	// Context is what the tool definitions cost a model's context (nil:
	// not counted).
	Context *ContextCost `json:"contextCost,omitempty"`
}

// IsBreaking reports whether f is a breaking change: an error of a rule
// registered with kind rules.Breaking.
func (f Finding) IsBreaking() bool {
	return f.Severity == rules.Error && rules.IsBreaking(f.Rule)
}

// Less orders findings by file, position, rule, pointer and message.
func Less(a, b Finding) bool {
	if a.File != b.File {
		return a.File < b.File
	}
	if a.Line != b.Line {
		return a.Line < b.Line
	}
	if a.Column != b.Column {
		return a.Column < b.Column
	}
	if a.Rule != b.Rule {
		return a.Rule < b.Rule
	}
	if a.Pointer != b.Pointer {
		return a.Pointer < b.Pointer
	}
	return a.Message < b.Message
}

// Finalize sorts files and findings, drops exact duplicates, fills
// fingerprints and recomputes the summary.
func (r *Report) Finalize() { r.FinalizeWith(nil) }

// FinalizeWith is Finalize with a policy: apply, when not nil, runs once
// the findings are sorted, deduplicated and fingerprinted, and may
// reclassify, drop or add findings (the config's severities and ignores,
// which count each finding once); what it leaves is sorted, deduplicated
// and fingerprinted again before the summary is computed. A run finalizes
// its report once, here.
func (r *Report) FinalizeWith(apply func(*Report)) {
	r.Version = 1
	sort.SliceStable(r.Files, func(i, j int) bool { return r.Files[i].Path < r.Files[j].Path })
	r.normalize()
	if apply != nil {
		apply(r)
		r.normalize()
	}
	if r.Files == nil {
		r.Files = []FileSummary{}
	}
	r.Summarize()
}

// normalize sorts the findings, drops exact duplicates and fills
// fingerprints.
func (r *Report) normalize() {
	sort.SliceStable(r.Findings, func(i, j int) bool { return Less(r.Findings[i], r.Findings[j]) })
	out := r.Findings[:0]
	for i, f := range r.Findings {
		if i > 0 && sameFinding(out[len(out)-1], f) {
			continue
		}
		if f.Fingerprint == "" {
			rel := strings.TrimPrefix(f.Pointer, f.ToolPointer)
			f.Fingerprint = Fingerprint(f.Rule, f.Tool, rel, f.Message)
		}
		out = append(out, f)
	}
	r.Findings = out
	if r.Findings == nil {
		r.Findings = []Finding{}
	}
}

// Summarize recomputes each file's completeness and the summary from the
// findings, for a report whose findings' severities changed after Finalize
// (their order, fingerprints and duplicates do not change with severity).
func (r *Report) Summarize() {
	// A file with a finding that could not be checked in full (an
	// undecidable change, a bound) is not complete either, so that each
	// file's flag agrees with the summary's.
	partial := map[string]bool{}
	for _, f := range r.Findings {
		if f.Incomplete && f.File != "" {
			partial[f.File] = true
		}
	}
	for i := range r.Files {
		if partial[r.Files[i].Path] {
			r.Files[i].Complete = false
		}
	}
	s := Summary{Files: len(r.Files), Complete: true}
	for _, fs := range r.Files {
		s.Tools += fs.Tools
		if !fs.Complete {
			s.Complete = false
		}
	}
	for _, f := range r.Findings {
		if f.Incomplete {
			s.Complete = false
		}
		if f.PreExisting {
			s.PreExisting += f.Count()
			continue
		}
		if f.Accepted != "" {
			s.Accepted += f.Count()
			s.Breaking += f.Count()
			continue
		}
		switch f.Severity {
		case rules.Error:
			s.Errors += f.Count()
		case rules.Warning:
			s.Warnings += f.Count()
		case rules.Notice:
			s.Notices += f.Count()
		}
		if f.IsBreaking() {
			s.Breaking += f.Count()
		}
	}
	r.Summary = s
}

func sameFinding(a, b Finding) bool {
	return a.PreExisting == b.PreExisting && a.Accepted == b.Accepted && a.Rule == b.Rule && a.File == b.File && a.Pointer == b.Pointer && a.Line == b.Line &&
		a.Column == b.Column && a.Message == b.Message && a.Severity == b.Severity
}

// Fingerprint hashes its parts into a short stable identifier.
func Fingerprint(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}
