package action

import "fmt"

// isPullRequest reports whether an event is about a pull request.
func isPullRequest(eventName string) bool {
	return eventName == "pull_request" || eventName == "pull_request_target"
}

// checkEvent fails closed: it returns an error when the event payload lacks
// what the run needs, the head of a pull request, or, with `base: auto`,
// the base commit the event should name. Only an explicit `base: ""`
// input means "no diff"; a push that created a branch (before is all
// zeros) has nothing to compare with.
func checkEvent(eventName, path string, ev *actionEvent, baseInput string) error {
	auto := baseInput == baseAuto
	missing := func(what string) error {
		if path == "" {
			return fmt.Errorf("the %s event has no payload (GITHUB_EVENT_PATH is not set): %s is unknown, so nothing can be compared; run the action in a workflow triggered by the event", eventName, what)
		}
		return fmt.Errorf("the %s event payload %q does not exist: %s is unknown, so nothing can be compared", eventName, path, what)
	}
	switch {
	case isPullRequest(eventName):
		if !ev.found {
			return missing("the pull request's head and base")
		}
		pr := ev.PullRequest
		if pr == nil {
			return fmt.Errorf("the %s event payload has no \"pull_request\" object: the pull request's head and base are unknown", eventName)
		}
		if pr.Head.SHA == "" {
			return fmt.Errorf("the %s event payload has no \"pull_request.head.sha\": the pull request's head commit is unknown", eventName)
		}
		if auto && pr.Base.SHA == "" {
			return fmt.Errorf("the %s event payload has no \"pull_request.base.sha\": the base to compare with is unknown; set the \"base\" input to a commit, or to \"\" to skip the comparison", eventName)
		}
	case eventName == "push" && auto:
		if !ev.found {
			return missing("the commit the push started from")
		}
		if ev.Before == "" {
			return fmt.Errorf("the push event payload has no \"before\" commit: the base to compare with is unknown; set the \"base\" input to a commit, or to \"\" to skip the comparison")
		}
	case eventName == "merge_group":
		if !ev.found {
			return missing("the merge group's head and base")
		}
		if ev.MergeGroup == nil {
			return fmt.Errorf("the merge_group event payload has no \"merge_group\" object: the group's head and base are unknown")
		}
		if auto && ev.MergeGroup.BaseSHA == "" {
			return fmt.Errorf("the merge_group event payload has no \"merge_group.base_sha\": the base to compare with is unknown; set the \"base\" input to a commit, or to \"\" to skip the comparison")
		}
	}
	return nil
}
