package service

// Failed reports whether the run fails: its gate fails the report
// (report.Gate.Fails), or the run failed closed whatever the report holds
// (the action's publishing ran out of time).
func (r *Result) Failed() bool {
	return r.FailClosed || r.Gate.Fails(r.Report)
}
