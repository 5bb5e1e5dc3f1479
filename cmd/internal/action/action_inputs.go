package action

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/sethvargo/go-githubactions"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// Comment modes of the action's "comment" input.
const (
	commentOff        = "off"
	commentOnFindings = "on-findings"
	commentAlways     = "always"
)

// baseAuto is the "base" input's default: the base commit the event names.
const baseAuto = "auto"

// actionInputNames are the inputs action.yml declares.
var actionInputNames = []string{"files", "base", "protocol-versions", "fail-on", "config", "github-token", "check-name", "comment", "sarif", "skip-label", "strict-outputs", "clients"}

// actionOutputNames are the outputs action.yml declares.
var actionOutputNames = []string{"errors", "warnings", "notices", "breaking", "complete", "report"}

// actionInputs are the action's inputs (INPUT_* variables).
type actionInputs struct {
	Patterns []string
	Base     string
	Versions []string
	// Gate is what the fail-on and strict-outputs inputs set of the gate.
	Gate      report.GateOverride
	Config    string
	Token     string
	CheckName string
	Comment   string
	SARIF     string
	// SkipLabel is the pull request label that turns breaking errors into notices ("": none).
	SkipLabel string
	// Clients are the client profiles that count (input clients; nil: the config's).
	Clients []string
}

// readActionInputs reads and checks the inputs; errors are usage errors.
func readActionInputs(a *githubactions.Action) (*actionInputs, error) {
	in := &actionInputs{
		Patterns:  splitPatterns(a.GetInput("files")),
		Base:      a.GetInput("base"),
		Versions:  splitList(a.GetInput("protocol-versions")),
		Config:    a.GetInput("config"),
		Token:     a.GetInput("github-token"),
		CheckName: a.GetInput("check-name"),
		Comment:   strings.ToLower(a.GetInput("comment")),
		SARIF:     a.GetInput("sarif"),
		SkipLabel: a.GetInput("skip-label"),
	}
	switch v := strings.ToLower(a.GetInput("strict-outputs")); v {
	case "", "false":
	case "true":
		in.Gate.StrictOutputs = true
	default:
		return nil, fmt.Errorf("input \"strict-outputs\": unknown value %q: use true or false", v)
	}
	in.Clients = splitList(a.GetInput("clients"))
	for _, id := range in.Clients {
		if err := checkClient(id); err != nil {
			return nil, fmt.Errorf("input \"clients\": %v", err)
		}
	}
	if in.CheckName == "" {
		in.CheckName = "mcpschema"
	}
	for _, p := range in.Patterns {
		if err := checkWorkspacePattern(p); err != nil {
			return nil, fmt.Errorf("input \"files\": %v", err)
		}
	}
	switch in.Comment {
	case "", "false", commentOff:
		in.Comment = commentOff
	case "true", commentAlways:
		in.Comment = commentAlways
	case commentOnFindings:
	default:
		return nil, fmt.Errorf("input \"comment\": unknown value %q: use off, on-findings or always", in.Comment)
	}
	if v := a.GetInput("fail-on"); v != "" {
		fo, err := report.ParseFailOn(v)
		if err != nil {
			return nil, fmt.Errorf("input \"fail-on\": %v", err)
		}
		in.Gate.FailOn = &fo
	}
	for _, v := range in.Versions {
		if !rules.IsProtocolVersion(v) {
			return nil, fmt.Errorf("input \"protocol-versions\": unknown protocol version %q: use one of %s", v, strings.Join(rules.ProtocolVersions, ", "))
		}
	}
	return in, nil
}

// actionEvent is what mcpschema reads of the event payload (GITHUB_EVENT_PATH).
type actionEvent struct {
	Number int    `json:"number"`
	Before string `json:"before"`
	// Ref is the pushed ref ("refs/heads/main") of a push.
	Ref         string `json:"ref"`
	After       string `json:"after"`
	PullRequest *struct {
		Number int `json:"number"`
		Head   struct {
			SHA  string     `json:"sha"`
			Repo *eventRepo `json:"repo"`
		} `json:"head"`
		Base struct {
			SHA  string     `json:"sha"`
			Repo *eventRepo `json:"repo"`
		} `json:"base"`
		// Labels are the pull request's labels when the event fired.
		Labels []struct {
			Name string `json:"name"`
		} `json:"labels"`
	} `json:"pull_request"`
	MergeGroup *struct {
		HeadSHA string `json:"head_sha"`
		BaseSHA string `json:"base_sha"`
		// HeadRef names the queued pull request
		// ("refs/heads/gh-readonly-queue/main/pr-7-<its head sha>").
		HeadRef string `json:"head_ref"`
		BaseRef string `json:"base_ref"`
	} `json:"merge_group"`
	// HeadCommit is a push's head commit: its date is the run's clock.
	HeadCommit *struct {
		ID        string `json:"id"`
		Timestamp string `json:"timestamp"`
	} `json:"head_commit"`
	// found says the payload file was read (see checkEvent).
	found bool
}

// eventRepo is a repository of a pull request's head or base.
type eventRepo struct {
	FullName string `json:"full_name"`
}

// fromFork says whether a pull_request event's head lives in another
// repository than repo (its base's, else GITHUB_REPOSITORY): GitHub then
// gives the job a read-only token. A head whose name is not in the payload
// is not taken for a fork.
func (ev *actionEvent) fromFork(eventName, repo string) bool {
	pr := ev.PullRequest
	if eventName != "pull_request" || pr == nil || pr.Head.Repo == nil || pr.Head.Repo.FullName == "" {
		return false
	}
	if pr.Base.Repo != nil && pr.Base.Repo.FullName != "" {
		repo = pr.Base.Repo.FullName
	}
	return repo != "" && !strings.EqualFold(pr.Head.Repo.FullName, repo)
}

// readEvent decodes the event payload; no path or no file is an empty event.
func readEvent(path string) (*actionEvent, error) {
	ev := &actionEvent{}
	if path == "" {
		return ev, nil
	}
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return ev, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cannot read the event payload %q: %v", path, err)
	}
	if err := json.Unmarshal(data, ev); err != nil {
		return nil, fmt.Errorf("cannot decode the event payload %q: %v", path, err)
	}
	ev.found = true
	return ev, nil
}

// zeroSHA is the "before" of a push that created a branch.
func zeroSHA(s string) bool { return strings.Trim(s, "0") == "" }

// target is which commits a run is about.
type target struct {
	// HeadSHA is the commit the check run goes on (the pull request's head).
	HeadSHA string
	// Base is the default base commit the event names ("" for none).
	Base string
	// PR is the pull request number (0 when the event has none).
	PR int
	// Fork says the pull request comes from a fork (a pull_request event
	// whose head is another repository): the token is read-only.
	Fork bool
}

// eventTarget reads the head, the base and the pull request of an event.
func eventTarget(eventName, sha string, ev *actionEvent) target {
	t := target{HeadSHA: sha}
	switch eventName {
	case "pull_request", "pull_request_target":
		if pr := ev.PullRequest; pr != nil {
			t.HeadSHA, t.Base, t.PR = pr.Head.SHA, pr.Base.SHA, pr.Number
			if t.PR == 0 {
				t.PR = ev.Number
			}
		}
	case "push":
		if ev.After != "" && !zeroSHA(ev.After) {
			t.HeadSHA = ev.After
		}
		if !zeroSHA(ev.Before) {
			t.Base = ev.Before
		}
	case "merge_group":
		if mg := ev.MergeGroup; mg != nil {
			if mg.HeadSHA != "" {
				t.HeadSHA = mg.HeadSHA
			}
			t.Base = mg.BaseSHA
		}
	}
	if t.HeadSHA == "" {
		t.HeadSHA = sha
	}
	return t
}
