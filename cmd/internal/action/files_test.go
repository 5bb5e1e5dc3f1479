package action

import "testing"

// TestReportBase: RUNNER_TEMP when it exists; in the Docker action's
// container, where only RUNNER_TEMP/_github_home is mounted (as HOME,
// /github/home), the report goes there and the output names the host path.
func TestReportBase(t *testing.T) {
	temp := t.TempDir()
	env := map[string]string{"RUNNER_TEMP": temp}
	if dir, shown := reportBase(func(k string) string { return env[k] }); dir != temp || shown != temp {
		t.Errorf("on a runner: %q %q, want RUNNER_TEMP", dir, shown)
	}
	home := t.TempDir()
	defer func(h string) { DockerHome = h }(DockerHome)
	DockerHome = home
	env = map[string]string{"RUNNER_TEMP": "/home/runner/work/_temp", "HOME": home}
	if dir, shown := reportBase(func(k string) string { return env[k] }); dir != home || shown != "/home/runner/work/_temp/_github_home" {
		t.Errorf("in the container: %q %q, want HOME and the host's RUNNER_TEMP/_github_home", dir, shown)
	}
}
