package service

import (
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
	"github.com/mcpschema/mcpschema/validate"
)

// DefaultConfigName is the config file looked for in the working directory.
const DefaultConfigName = ".mcpschema.yaml"

// Ignore silences findings of a rule for matching tools and pointers.
type Ignore struct {
	// Rule is a rule id, or a doublestar-style glob over ids such as "compat.*".
	Rule string
	// Tool is a glob over tool names ("" or "*" = every tool).
	Tool string
	// Pointer selects a pointer inside the tool (or the file) and everything below it ("" = anywhere).
	Pointer string
	// Reason says why; it is required.
	Reason string
	// Expires is the day after which the ignore no longer applies (zero = never).
	Expires time.Time
	// Pos is where the ignore is written in the config file.
	Pos source.Pos
	// Ptr is the JSON pointer of the ignore in the config file.
	Ptr string
}

// Config is the content of .mcpschema.yaml.
type Config struct {
	// Path is the config file's name ("" when none was read).
	Path string
	// File is the parsed config file, kept for positions.
	File *source.File
	// Files are default patterns used when the command line gives none.
	Files []string
	// Exclude are patterns whose matches are never read, whichever
	// patterns the run was given (each as if written "!pattern").
	Exclude []string
	// runDir is the directory the run's patterns are relative to (set by
	// runPatterns), where a pattern whose matches were all excluded is
	// looked at again to name the excludes.
	runDir string
	// ProtocolVersions are the default protocol versions.
	ProtocolVersions []string
	// Gate is what decides the outcome: fail-on, fail-on-existing and
	// strict-outputs (report.DefaultGate when the config names none).
	Gate report.Gate
	// Severity overrides rule severities (Off silences a rule).
	Severity map[string]rules.Severity
	// Ignores silence single findings.
	Ignores []Ignore
	// Aliases maps a head tool name to the base tool name it replaces.
	Aliases map[string]string
	// Limits bound the work per file and schema.
	Limits validate.Limits
	// VersionPolicy is "semver" when a major version bump of a document
	// announces its breaking changes ("": none). It is read from the
	// trusted (base) config only.
	VersionPolicy string
	// SkipLabel is the pull request label that accepts the breaking
	// changes (skip-label; the action input wins when set).
	SkipLabel string
	// Clients are the client profiles named in clients: (nil: none named),
	// the targets whose incompatibilities are errors (clients.go).
	Clients []string
	// ServerName is the server of the tool files that name none and the
	// name users give the server in their client's configuration, which
	// clients put before tool names (server-name; an MCP Description
	// document's info.name wins for grouping).
	ServerName string
	// Quality turns the quality.* lints on (quality: on; quality.go).
	Quality bool
	// ServerJSON is the MCP Registry server.json the config names
	// (server-json: PATH; "": server.json at the root, when it reads as
	// one); ServerJSONOff: server-json: false, none is checked.
	ServerJSON    string
	ServerJSONOff bool
	// baseRun: the run compares with a base revision (Run sets it).
	baseRun bool
	// MaxTokens is the budget of each server's tool definitions in tokens
	// (max-tokens: a number for every server, or server names to numbers;
	// see validate.RuleServerMaxTokens).
	MaxTokens validate.TokenBudget
}

// ConfigError is a problem in the config file, with its position.
type ConfigError struct {
	Path string
	Pos  source.Pos
	Msg  string
}

func (e *ConfigError) Error() string {
	if e.Pos.IsZero() {
		return fmt.Sprintf("%s: %s", e.Path, e.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.Path, e.Pos.Line, e.Pos.Column, e.Msg)
}

// LoadConfig reads the config at p. With explicit false a missing file is
// not an error and yields the default config. The rule ids it names must
// be known's.
func LoadConfig(p, display string, explicit bool, known *rules.Set) (*Config, error) {
	if err := configInGitDir(p, display); err != nil {
		return nil, err
	}
	data, err := readBoundedFile(p, MaxConfigBytes)
	if err != nil {
		if os.IsNotExist(err) && !explicit {
			return DefaultConfig(), nil
		}
		return nil, fmt.Errorf("cannot read config: %w", err)
	}
	return ParseConfig(data, display, known)
}

// DefaultConfig is the config used when there is no config file.
func DefaultConfig() *Config {
	return &Config{Gate: report.DefaultGate, Severity: map[string]rules.Severity{}, Aliases: map[string]string{}}
}

// ParseConfig reads a config file's content; display is its name in
// messages. The rule ids it names (rules, ignore) must be known's.
func ParseConfig(data []byte, display string, known *rules.Set) (*Config, error) {
	cfg := DefaultConfig()
	var err error
	cfg.Path = display
	f := source.Parse(display, data, source.Limits{MaxBytes: 1 << 20})
	if f.Format != source.FormatJSON {
		f.Format = source.FormatYAML
	}
	if len(f.Problems) == 1 && f.Problems[0].Kind == source.ProblemEmpty {
		// Empty or comments only: every key is optional, so the defaults.
		cfg.File = f
		return cfg, nil
	}
	for _, pr := range f.Problems {
		return nil, &ConfigError{Path: display, Pos: pr.Pos, Msg: configProblemText(pr)}
	}
	cfg.File = f
	root, ok := f.Root.(map[string]any)
	if !ok {
		return nil, cfg.errAt("", "config must be a mapping of keys such as fail-on, rules, ignore, aliases, limits")
	}
	for _, k := range sortedKeys(root) {
		v := root[k]
		ptr := source.Join("", k)
		switch k {
		case "files":
			if one, ok := v.(string); ok {
				cfg.Files = SplitPatterns(one)
			} else {
				cfg.Files, err = cfg.stringList(v, ptr)
			}
		case "exclude":
			cfg.Exclude, err = cfg.patternList(v, ptr)
		case "protocol-versions", "protocolVersions":
			cfg.ProtocolVersions, err = cfg.stringList(v, ptr)
			for i, pv := range cfg.ProtocolVersions {
				if err == nil && !rules.IsProtocolVersion(pv) {
					err = cfg.errAt(source.JoinIndex(ptr, i), fmt.Sprintf("unknown protocol version %q: use one of %s", pv, strings.Join(rules.ProtocolVersions, ", ")))
				}
			}
		case "fail-on":
			s, _ := v.(string)
			var fo report.FailOn
			if fo, err = report.ParseFailOn(s); err != nil {
				err = cfg.errAt(ptr, err.Error())
			}
			cfg.Gate.FailOn, cfg.Gate.Incomplete = fo.Severity, fo.Incomplete
		case "fail-on-existing":
			cfg.Gate.Existing, err = cfg.boolAt(v, ptr)
		case "skip-label":
			s, ok := v.(string)
			if !ok || strings.TrimSpace(s) == "" {
				err = cfg.errAt(ptr, fmt.Sprintf("skip-label must be a label name, not %s", configValueText(v)))
			}
			cfg.SkipLabel = s
		case "strict-outputs":
			cfg.Gate.StrictOutputs, err = cfg.boolAt(v, ptr)
		case "version-policy":
			s, _ := v.(string)
			switch s {
			case "semver", "none":
				cfg.VersionPolicy = strings.TrimSuffix(s, "none")
			default:
				err = cfg.errAt(ptr, fmt.Sprintf("unknown version-policy %v%s", configValueText(v), UnknownHint(s, []string{"semver", "none"}, "%q", "use semver (a major version bump announces breaking changes) or none")))
			}
		case "clients":
			err = cfg.readClients(v, ptr)
		case "server-name":
			cfg.ServerName, err = cfg.serverName(v, ptr)
		case "quality":
			cfg.Quality, err = cfg.readQuality(v, ptr)
		case "server-json":
			err = cfg.readServerJSON(v, ptr)
		case "rules":
			err = cfg.readSeverities(v, ptr, known)
		case "ignore":
			err = cfg.readIgnores(v, ptr, known)
		case "aliases":
			err = cfg.readAliases(v, ptr)
		case "limits":
			err = cfg.readLimits(v, ptr)
		case "max-tokens":
			err = cfg.readMaxTokens(v, ptr)
		default:
			err = cfg.errAtKey(ptr, fmt.Sprintf("unknown key %q%s", k, UnknownHint(k, configKeys, "%q", "use "+strings.Join(configKeys[:len(configKeys)-1], ", ")+" or "+configKeys[len(configKeys)-1])))
		}
		if err != nil {
			return nil, err
		}
	}
	return cfg, nil
}

// boolAt reads a true/false value at ptr.
func (c *Config) boolAt(v any, ptr string) (bool, error) {
	b, ok := v.(bool)
	if !ok {
		return false, c.errAt(ptr, fmt.Sprintf("%s must be true or false, not %s", strings.TrimPrefix(ptr, "/"), configValueText(v)))
	}
	return b, nil
}

// configValueText quotes a config value for a message.
func configValueText(v any) string {
	if s, ok := v.(string); ok {
		return strconv.Quote(s)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// errAtKey reports msg at the member name of ptr (falling back to its value).
func (c *Config) errAtKey(ptr, msg string) error {
	if c.File != nil {
		if pos, ok := c.File.Index.Key(ptr); ok {
			return &ConfigError{Path: c.Path, Pos: pos, Msg: msg}
		}
	}
	return c.errAt(ptr, msg)
}

func (c *Config) errAt(ptr, msg string) error {
	pos := source.Pos{}
	if c.File != nil {
		pos, _ = c.File.Index.Locate(ptr)
	}
	return &ConfigError{Path: c.Path, Pos: pos, Msg: msg}
}

func (c *Config) stringList(v any, ptr string) ([]string, error) {
	switch t := v.(type) {
	case string:
		return SplitList(t), nil
	case []any:
		var out []string
		for i, e := range t {
			s, ok := e.(string)
			if !ok {
				return nil, c.errAt(source.JoinIndex(ptr, i), "expected a string")
			}
			out = append(out, s)
		}
		return out, nil
	}
	return nil, c.errAt(ptr, "expected a list of strings")
}

func (c *Config) readSeverities(v any, ptr string, known *rules.Set) error {
	m, ok := v.(map[string]any)
	if !ok {
		return c.errAt(ptr, "rules must map rule ids to error, warning, notice or off")
	}
	for _, id := range sortedKeys(m) {
		p := source.Join(ptr, id)
		if _, ok := known.Lookup(id); !ok {
			return c.errAtKey(p, unknownRuleText(id, known))
		}
		s, ok := m[id].(string)
		if !ok {
			if b, isBool := m[id].(bool); isBool && !b {
				s = "off"
			} else {
				return c.errAt(p, "severity must be error, warning, notice or off")
			}
		}
		sev, err := rules.ParseSeverity(s)
		if err != nil {
			return c.errAt(p, err.Error())
		}
		c.Severity[id] = sev
	}
	return nil
}

func (c *Config) readIgnores(v any, ptr string, known *rules.Set) error {
	list, ok := v.([]any)
	if !ok {
		return c.errAt(ptr, "ignore must be a list of {rule, tool, pointer, reason, expires}")
	}
	for i, e := range list {
		p := source.JoinIndex(ptr, i)
		m, ok := e.(map[string]any)
		if !ok {
			return c.errAt(p, "ignore entry must be a mapping with rule and reason")
		}
		ig := Ignore{Ptr: p}
		ig.Pos, _ = c.File.Index.Locate(p)
		for _, k := range sortedKeys(m) {
			s, isStr := m[k].(string)
			if !isStr {
				return c.errAt(source.Join(p, k), fmt.Sprintf("%q must be a string", k))
			}
			switch k {
			case "rule":
				ig.Rule = s
			case "tool":
				ig.Tool = s
			case "pointer":
				ig.Pointer = s
			case "reason":
				ig.Reason = s
			case "expires":
				t, err := time.Parse("2006-01-02", s)
				if err != nil {
					return c.errAt(source.Join(p, k), fmt.Sprintf("expires %q is not a date like 2027-01-31", s))
				}
				ig.Expires = t
			default:
				return c.errAtKey(source.Join(p, k), fmt.Sprintf("unknown key %q in ignore%s", k, UnknownHint(k, ignoreKeys, "%q", "use rule, tool, pointer, reason, expires")))
			}
		}
		if ig.Rule == "" {
			return c.errAt(p, "ignore entry needs a rule")
		}
		if !strings.ContainsAny(ig.Rule, "*?[") {
			if _, ok := known.Lookup(ig.Rule); !ok {
				return c.errAt(source.Join(p, "rule"), unknownRuleText(ig.Rule, known))
			}
		} else if _, err := path.Match(ig.Rule, ""); err != nil {
			return c.errAt(source.Join(p, "rule"), fmt.Sprintf("rule pattern %q is malformed", ig.Rule))
		}
		if ig.Tool != "" {
			if _, err := path.Match(ig.Tool, ""); err != nil {
				return c.errAt(source.Join(p, "tool"), fmt.Sprintf("tool pattern %q is malformed", ig.Tool))
			}
		}
		if ig.Pointer != "" && !strings.HasPrefix(ig.Pointer, "/") {
			return c.errAt(source.Join(p, "pointer"), fmt.Sprintf("pointer %q must start with /", ig.Pointer))
		}
		if strings.TrimSpace(ig.Reason) == "" {
			return c.errAt(p, "ignore entry needs a reason: say why the finding is accepted")
		}
		c.Ignores = append(c.Ignores, ig)
	}
	return nil
}

func (c *Config) readAliases(v any, ptr string) error {
	m, ok := v.(map[string]any)
	if !ok {
		return c.errAt(ptr, "aliases must map a new tool name to its old name")
	}
	targets := map[string]string{}
	for _, k := range sortedKeys(m) {
		s, ok := m[k].(string)
		if !ok || s == "" {
			return c.errAt(source.Join(ptr, k), "alias target must be the tool's old name")
		}
		if s == k {
			return c.errAt(source.Join(ptr, k), fmt.Sprintf("alias %q names itself: map a new tool name to its old name", k))
		}
		if prev, dup := targets[s]; dup {
			return c.errAt(source.Join(ptr, k), fmt.Sprintf("old name %q is already the alias target of %q: one old tool can only become one new tool", s, prev))
		}
		targets[s] = k
		c.Aliases[k] = s
	}
	return nil
}

func (c *Config) readLimits(v any, ptr string) error {
	m, ok := v.(map[string]any)
	if !ok {
		return c.errAt(ptr, "limits must be a mapping")
	}
	for _, k := range sortedKeys(m) {
		p := source.Join(ptr, k)
		spec, ok := lookupLimit(k)
		if !ok {
			return c.errAtKey(p, fmt.Sprintf("unknown limit %q%s", k, UnknownHint(k, limitKeys, "%q", "use "+strings.Join(limitKeys, ", "))))
		}
		if spec.duration {
			s := fmt.Sprint(m[k])
			d, err := time.ParseDuration(s)
			if err != nil || d <= 0 {
				return c.errAt(p, fmt.Sprintf("%s %q is not a positive duration like 5s", k, s))
			}
			spec.set(&c.Limits, int64(d))
			continue
		}
		n, err := positiveInt(m[k])
		if err != nil {
			return c.errAt(p, fmt.Sprintf("%s must be a positive whole number", k))
		}
		spec.set(&c.Limits, int64(n))
	}
	return nil
}

func positiveInt(v any) (int, error) {
	num, ok := v.(json.Number)
	if !ok {
		return 0, fmt.Errorf("not a number")
	}
	n, err := strconv.Atoi(string(num))
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("not positive")
	}
	return n, nil
}

// sortedKeys are the keys of m, sorted.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// SplitList splits a newline- or comma-separated list, dropping blanks.
func SplitList(s string) []string {
	var out []string
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == '\n' || r == ',' }) {
		if p := strings.TrimSpace(part); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// SplitPatterns splits a list of file patterns on newlines when it has
// any; otherwise it is one pattern, so that commas stay inside doublestar
// braces ("tools/{a,b}.json"). Blanks are dropped.
func SplitPatterns(s string) []string {
	var out []string
	for _, part := range strings.Split(s, "\n") {
		if p := strings.TrimSpace(part); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// ResolveConfigPath resolves the config path against dir.
func ResolveConfigPath(dir, p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(dir, p)
}
