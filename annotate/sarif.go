package annotate

import (
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"strings"
	"unicode/utf16"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// SARIF constants.
const (
	sarifSchema  = "https://json.schemastore.org/sarif-2.1.0.json"
	sarifVersion = "2.1.0"
	// ToolName is the SARIF driver name (and the default check run name).
	ToolName = "mcpschema"
	// ToolURI is the SARIF driver's information URI.
	ToolURI = "https://github.com/mcpschema/mcpschema"
	// FingerprintKey is the partialFingerprints key of mcpschema results.
	FingerprintKey = "mcpschemaFingerprint/v1"
	// SARIFBaseURIBaseID is the uriBaseId of positions at the base
	// revision (relatedLocations): they are not in the head's %SRCROOT%.
	SARIFBaseURIBaseID = "BASEREV"
	// LineHashKey is the partialFingerprints key code scanning reads ("only
	// uses the primaryLocationLineHash": GitHub's "SARIF support for code
	// scanning", result object).
	LineHashKey = "primaryLocationLineHash"
)

// GitHub's documented limits on an uploaded SARIF file (docs "SARIF
// support for code scanning": reportingDescriptor name 255 and
// short/fullDescription.text 1,024 characters, result locations up to 10;
// its upload limits table: 25,000 results and 25,000 rules per run, 20 tags
// per rule). A file past one of them is rejected whole.
const (
	SARIFMaxRuleName    = 255
	SARIFMaxDescription = 1024
	SARIFMaxLocations   = 10
	SARIFMaxResults     = 25000
	SARIFMaxRules       = 25000
	SARIFMaxTags        = 20
)

// sarifMaxResults is SARIFMaxResults (tests lower it).
var sarifMaxResults = SARIFMaxResults

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool    sarifTool     `json:"tool"`
	Results []sarifResult `json:"results"`
	// Invocations carry the run-level findings (without a file) as
	// tool execution notifications.
	Invocations []sarifInvocation `json:"invocations,omitempty"`
	ColumnKind  string            `json:"columnKind"`
	// OriginalURIBaseIDs describe BASEREV, the base revision's tree.
	OriginalURIBaseIDs map[string]sarifBaseID `json:"originalUriBaseIds,omitempty"`
	// Properties carry the baseline the run compared with.
	Properties map[string]any `json:"properties,omitempty"`
}

type sarifBaseID struct {
	Description sarifText `json:"description"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifRule struct {
	ID                   string          `json:"id"`
	Name                 string          `json:"name,omitempty"`
	ShortDescription     sarifText       `json:"shortDescription"`
	FullDescription      sarifText       `json:"fullDescription"`
	HelpURI              string          `json:"helpUri"`
	Help                 sarifHelp       `json:"help"`
	DefaultConfiguration sarifRuleConfig `json:"defaultConfiguration"`
	Properties           *sarifRuleProps `json:"properties,omitempty"`
}

type sarifHelp struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown"`
}

type sarifRuleConfig struct {
	Level string `json:"level"`
}

type sarifRuleProps struct {
	Tags             []string `json:"tags,omitempty"`
	ProtocolVersions []string `json:"protocolVersions,omitempty"`
	// SecuritySeverity ranks a security rule's alerts in GitHub code
	// scanning, which also needs the "security" tag to show them as such.
	SecuritySeverity string `json:"security-severity,omitempty"`
}

type sarifResult struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           *int              `json:"ruleIndex,omitempty"`
	Level               string            `json:"level"`
	Message             sarifText         `json:"message"`
	Locations           []sarifLocation   `json:"locations"`
	RelatedLocations    []sarifLocation   `json:"relatedLocations,omitempty"`
	PartialFingerprints map[string]string `json:"partialFingerprints,omitempty"`
	Properties          *sarifResultProps `json:"properties,omitempty"`
}

type sarifResultProps struct {
	Pointer          string   `json:"pointer,omitempty"`
	Tool             string   `json:"tool,omitempty"`
	ProtocolVersions []string `json:"protocolVersions,omitempty"`
	Breaking         bool     `json:"breaking,omitempty"`
	Witness          any      `json:"witness,omitempty"`
}

// sarifInvocation is the run's one invocation: its notifications are the
// findings that have no file (a command-line pattern that matches nothing),
// which code scanning would reject as results without a location.
type sarifInvocation struct {
	ExecutionSuccessful bool                `json:"executionSuccessful"`
	Notifications       []sarifNotification `json:"toolExecutionNotifications"`
}

type sarifNotification struct {
	Level          string            `json:"level"`
	Message        sarifText         `json:"message"`
	AssociatedRule *sarifRuleRef     `json:"associatedRule,omitempty"`
	Properties     map[string]string `json:"properties,omitempty"`
}

type sarifRuleRef struct {
	ID    string `json:"id"`
	Index *int   `json:"index,omitempty"`
}

type sarifLocation struct {
	ID               *int                  `json:"id,omitempty"`
	PhysicalLocation sarifPhysicalLocation `json:"physicalLocation"`
	Message          *sarifText            `json:"message,omitempty"`
	// Properties name the revision of a base position ("revision").
	Properties map[string]string `json:"properties,omitempty"`
}

type sarifPhysicalLocation struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
}

// SARIFLevel maps a severity to a SARIF level: error, warning, note or none.
func SARIFLevel(s rules.Severity) string {
	switch s {
	case rules.Error:
		return "error"
	case rules.Warning:
		return "warning"
	case rules.Notice:
		return "note"
	}
	return "none"
}

// SARIFIn writes the report as a SARIF 2.1.0 log that GitHub's code
// scanning accepts whole: one run whose driver lists every rule of ruleSet
// (the CLI passes its whole rule set, sorted by id), each within the
// documented limits (a long description is cut at a sentence in
// fullDescription and kept whole in help), and one result per finding with
// its exact region (columns counted in Unicode code points, as mcpschema
// counts them) and the primaryLocationLineHash of its line in the file
// under root (the directory the report's paths are relative to: the
// workspace, which upload-sarif hashes too; see LineHashes). A finding
// without a file has no location to give a result: it is a tool execution
// notification of the run's invocation instead, tied to its rule. Past
// 25,000 results the lowest severities are left out, and a notification
// says how many.
func SARIFIn(w io.Writer, rep *report.Report, ruleSet []*rules.Rule, root string) error {
	all := ruleSet
	index := make(map[string]int, len(all))
	driver := sarifDriver{Name: ToolName, InformationURI: ToolURI, Rules: make([]sarifRule, 0, len(all))}
	for i, r := range all {
		index[r.ID] = i
		driver.Rules = append(driver.Rules, sarifRuleOf(r))
	}
	results := make([]sarifResult, 0, len(rep.Findings))
	var notes []sarifNotification
	hashes := newLineHasher(root)
	for _, f := range sarifKept(rep.Findings) {
		if f.File == "" {
			notes = append(notes, sarifNotificationOf(f, index))
			continue
		}
		res := sarifResultOf(f, index, baseRevision(rep))
		res.PartialFingerprints[LineHashKey] = hashes.of(f)
		results = append(results, res)
	}
	if left := sarifLeftOut(rep.Findings); left > 0 {
		notes = append(notes, sarifNotification{Level: "warning", Message: sarifText{Text: fmt.Sprintf(
			"%s of %d are not in this file: GitHub code scanning rejects a run of more than %d results, so the lowest severities were left out; the JSON report lists every finding",
			Plural(left, "finding"), len(rep.Findings), sarifMaxResults)}})
	}
	log := sarifLog{
		Schema:  sarifSchema,
		Version: sarifVersion,
		Runs:    []sarifRun{{Tool: sarifTool{Driver: driver}, Results: results, ColumnKind: "unicodeCodePoints"}},
	}
	if len(notes) > 0 {
		log.Runs[0].Invocations = []sarifInvocation{{ExecutionSuccessful: true, Notifications: notes}}
	}
	if rep.Baseline != nil {
		log.Runs[0].Properties = map[string]any{"baseline": rep.Baseline}
	}
	for _, r := range results {
		if len(r.RelatedLocations) > 0 {
			d := "the tree of the base revision"
			if rev := baseRevision(rep); rev != "" {
				d += " " + rev
			}
			log.Runs[0].OriginalURIBaseIDs = map[string]sarifBaseID{SARIFBaseURIBaseID: {Description: sarifText{Text: d}}}
			break
		}
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(log)
}

func sarifRuleOf(r *rules.Rule) sarifRule {
	full := r.Doc
	if full == "" {
		full = r.Summary
	}
	help := full
	if r.Fix != "" {
		help += "\n\nHow to fix: " + r.Fix
	}
	sr := sarifRule{
		ID:                   r.ID,
		ShortDescription:     sarifText{Text: fitText(r.Summary, SARIFMaxDescription)},
		FullDescription:      sarifText{Text: fitText(full, SARIFMaxDescription)},
		HelpURI:              RuleDocURL(r.ID),
		Help:                 sarifHelp{Text: help, Markdown: ruleHelpMarkdown(r)},
		DefaultConfiguration: sarifRuleConfig{Level: SARIFLevel(r.Severity)},
	}
	props := &sarifRuleProps{ProtocolVersions: r.Versions}
	if r.Owner != "" {
		props.Tags = append(props.Tags, r.Owner)
	}
	if r.Level != "" {
		props.Tags = append(props.Tags, string(r.Level))
	}
	if r.SecuritySeverity != "" {
		props.Tags = append(props.Tags, "security")
		props.SecuritySeverity = r.SecuritySeverity
	}
	if len(props.Tags) > 0 || len(props.ProtocolVersions) > 0 {
		sr.Properties = props
	}
	return sr
}

// fitSuffix ends a description cut to its limit: the help has the rest.
const fitSuffix = " … (the rule's help has the whole text)"

// fitText is s when it is at most max characters (counted as UTF-16 code
// units, the longest way JavaScript and GitHub count them), else s cut at
// the last sentence end that leaves room for fitSuffix (at a space, when no
// sentence ends early enough).
func fitText(s string, max int) string {
	if textLen(s) <= max {
		return s
	}
	room := max - textLen(fitSuffix)
	cut, space := 0, 0
	n := 0
	for i, r := range s {
		if n+utf16.RuneLen(r) > room {
			break
		}
		n += utf16.RuneLen(r)
		if r == ' ' {
			space = i
			if i > 0 && strings.ContainsRune(".;:", rune(s[i-1])) {
				cut = i
			}
		}
	}
	if cut == 0 {
		cut = space
	}
	return strings.TrimRight(s[:cut], " ") + fitSuffix
}

// textLen is the length of s in UTF-16 code units.
func textLen(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// sarifKept is the findings the file holds: all of them, or past
// sarifMaxResults results the ones of the highest severities (in report
// order), with every finding that has no file (a notification, not a result).
func sarifKept(fs []report.Finding) []report.Finding {
	cut, ok := sarifSeverityCut(fs)
	if !ok {
		return fs
	}
	out := make([]report.Finding, 0, sarifMaxResults)
	atCut := 0
	for _, f := range fs {
		switch {
		case f.File == "" || f.Severity > cut.sev:
			out = append(out, f)
		case f.Severity == cut.sev && atCut < cut.room:
			atCut++
			out = append(out, f)
		}
	}
	return out
}

// sarifLeftOut is how many findings sarifKept leaves out.
func sarifLeftOut(fs []report.Finding) int {
	n := 0
	for _, f := range fs {
		if f.File != "" {
			n++
		}
	}
	if n <= sarifMaxResults {
		return 0
	}
	return n - sarifMaxResults
}

type severityCut struct {
	sev  rules.Severity
	room int
}

// sarifSeverityCut finds the lowest severity that still gets results and
// how many of it fit (ok false: every finding fits).
func sarifSeverityCut(fs []report.Finding) (severityCut, bool) {
	if sarifLeftOut(fs) == 0 {
		return severityCut{}, false
	}
	count := map[rules.Severity]int{}
	for _, f := range fs {
		if f.File != "" {
			count[f.Severity]++
		}
	}
	room := sarifMaxResults
	for _, sev := range []rules.Severity{rules.Error, rules.Warning, rules.Notice, rules.Off} {
		if count[sev] >= room {
			return severityCut{sev: sev, room: room}, true
		}
		room -= count[sev]
	}
	return severityCut{sev: rules.Off, room: room}, true
}

func sarifPhysical(file string, line, col int) sarifPhysicalLocation {
	pl := sarifPhysicalLocation{ArtifactLocation: sarifArtifact{URI: sarifURI(file), URIBaseID: "%SRCROOT%"}}
	if line > 0 {
		pl.Region = &sarifRegion{StartLine: line, StartColumn: col}
	}
	return pl
}

// baseRevision is the commit the head was compared with ("" unknown).
func baseRevision(rep *report.Report) string {
	if rep.Baseline == nil {
		return ""
	}
	if rep.Baseline.Commit != "" {
		return rep.Baseline.Commit
	}
	return rep.Baseline.Ref
}

// sarifResultOf is a finding as a result; its base position, if any, is a
// related location in the base revision baseRev.
func sarifResultOf(f report.Finding, index map[string]int, baseRev string) sarifResult {
	res := sarifResult{
		RuleID:    f.Rule,
		Level:     SARIFLevel(f.Severity),
		Message:   sarifText{Text: ToolMessage(f)},
		Locations: []sarifLocation{{PhysicalLocation: sarifPhysical(f.File, f.Line, f.Column)}},
	}
	if i, ok := index[f.Rule]; ok {
		res.RuleIndex = &i
	}
	res.PartialFingerprints = map[string]string{}
	if f.Fingerprint != "" {
		res.PartialFingerprints[FingerprintKey] = f.Fingerprint
	}
	if f.Base != nil && f.Base.File != "" {
		id := 1
		pl := sarifPhysical(f.Base.File, f.Base.Line, f.Base.Column)
		pl.ArtifactLocation.URIBaseID = SARIFBaseURIBaseID
		at := "at the base revision"
		var props map[string]string
		if baseRev != "" {
			at += " " + shortRev(baseRev)
			props = map[string]string{"revision": baseRev}
		}
		res.RelatedLocations = []sarifLocation{{
			ID:               &id,
			PhysicalLocation: pl,
			Message:          &sarifText{Text: at + pointerSuffix(f.Base.Pointer)},
			Properties:       props,
		}}
	}
	props := &sarifResultProps{Pointer: f.Pointer, Tool: f.Tool, ProtocolVersions: f.ProtocolVersions,
		Breaking: f.IsBreaking(), Witness: f.Witness}
	res.Properties = props
	return res
}

// sarifNotificationOf is a finding without a file as a notification.
func sarifNotificationOf(f report.Finding, index map[string]int) sarifNotification {
	n := sarifNotification{Level: SARIFLevel(f.Severity), Message: sarifText{Text: ToolMessage(f)},
		AssociatedRule: &sarifRuleRef{ID: f.Rule}}
	if i, ok := index[f.Rule]; ok {
		n.AssociatedRule.Index = &i
	}
	if f.Fingerprint != "" {
		n.Properties = map[string]string{"fingerprint": f.Fingerprint}
	}
	return n
}

// shortRev is a commit id cut to 12 characters (a ref is kept whole).
func shortRev(rev string) string {
	if len(rev) == 40 && strings.Trim(rev, "0123456789abcdef") == "" {
		return rev[:12]
	}
	return rev
}

func pointerSuffix(p string) string {
	if p == "" {
		return ""
	}
	return " (" + p + ")"
}

// sarifURI turns a repository-relative slash path into a relative URI
// reference: each segment percent-encoded, ':' included so that no segment
// reads as a scheme.
func sarifURI(p string) string {
	segs := strings.Split(p, "/")
	for i, s := range segs {
		segs[i] = strings.ReplaceAll(url.PathEscape(s), ":", "%3A")
	}
	return strings.Join(segs, "/")
}
