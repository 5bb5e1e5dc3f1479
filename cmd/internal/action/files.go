package action

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/mcpschema/mcpschema/cmd/internal/cmdenv"
)

// DockerHome is HOME inside the action's container: the runner mounts its
// RUNNER_TEMP/_github_home there. RUNNER_TEMP itself is not mounted (the
// container sees the host's path, which does not exist in it), so a Docker
// action writes files for later steps under HOME (a variable for tests).
var DockerHome = "/github/home"

// reportDirName prefixes the fresh directory that holds the JSON report.
const reportDirName = "mcpschema-report-"

// reportBase returns the directory to create the report directory in and
// the path later steps see it at: RUNNER_TEMP on a runner, its mounted
// _github_home in the Docker action's container, else the system's
// temporary directory. The workspace is never used: the pull request
// controls its contents.
func reportBase(getenv func(string) string) (dir, shown string) {
	temp := getenv("RUNNER_TEMP")
	if temp != "" && isDir(temp) {
		return temp, temp
	}
	if home := getenv("HOME"); temp != "" && home == DockerHome && isDir(home) {
		return home, filepath.Join(temp, "_github_home")
	}
	return os.TempDir(), os.TempDir()
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// createExclusive creates a new file and fails when anything, a symbolic
// link included, is already at path (O_CREAT|O_EXCL, plus O_NOFOLLOW).
func createExclusive(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL|cmdenv.NoFollow, 0o644)
}

// workspaceFile prepares rel, a path the workflow gives relative to the
// workspace root, for writing: it refuses an absolute path, a path that
// leaves the workspace, and one that passes through a symbolic link or
// names one; it creates the missing directories (never following a link)
// and removes a regular file already there, so that createExclusive can
// create it afresh.
func workspaceFile(root, rel string) (string, error) {
	if rel == "" || filepath.IsAbs(rel) || filepath.VolumeName(rel) != "" || strings.HasPrefix(rel, "/") {
		return "", fmt.Errorf("the path is absolute: give a path relative to the workspace")
	}
	clean := filepath.Clean(filepath.FromSlash(rel))
	if clean == "." || clean == ".." || strings.HasPrefix(clean, ".."+string(filepath.Separator)) {
		return "", fmt.Errorf("the path leaves the workspace: give a path inside it")
	}
	parts := strings.Split(clean, string(filepath.Separator))
	cur := root
	for i, part := range parts {
		cur = filepath.Join(cur, part)
		shown := filepath.ToSlash(filepath.Join(parts[:i+1]...))
		st, err := os.Lstat(cur)
		last := i == len(parts)-1
		switch {
		case errors.Is(err, fs.ErrNotExist) && last:
			return cur, nil
		case errors.Is(err, fs.ErrNotExist):
			if err := os.Mkdir(cur, 0o755); err != nil {
				return "", err
			}
			giveToOwnerOf(root, cur)
		case err != nil:
			return "", err
		case st.Mode()&fs.ModeSymlink != 0:
			return "", fmt.Errorf("%q is a symbolic link, which mcpschema never writes through: choose a path without links", shown)
		case last && st.Mode().IsRegular():
			if err := os.Remove(cur); err != nil {
				return "", err
			}
			return cur, nil
		case last:
			return "", fmt.Errorf("%q exists and is not a regular file", shown)
		case !st.IsDir():
			return "", fmt.Errorf("%q is not a directory", shown)
		}
	}
	return cur, nil
}
