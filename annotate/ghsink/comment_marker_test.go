package ghsink

// CommentMarker is the marker of a sticky comment per workflow and job
// (without a check name), for these tests.
func CommentMarker(workflow, job string) string {
	return "<!-- mcpschema comment workflow=\"" + markerValue(workflow) + "\" job=\"" + markerValue(job) + "\" -->"
}
