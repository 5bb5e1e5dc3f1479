// Command pinaction rewrites action.yml for a release: the line
// "image: Dockerfile" (main builds the image from source, so the working
// tree stays testable) becomes "image: docker://ghcr.io/mcpschema/mcpschema:X.Y.Z",
// the prebuilt image the release workflow pushed, so a released tag starts in
// seconds. The release workflow runs it in the commit it tags:
//
//	go run ./cmd/internal/pinaction -tag v1.2.3 action.yml
package main

import (
	"flag"
	"fmt"
	"os"
	"regexp"
	"strings"
)

// Image is the repository the release workflow pushes to.
const Image = "ghcr.io/mcpschema/mcpschema"

// semver is a release tag: v1.2.3, optionally with a pre-release suffix.
var semver = regexp.MustCompile(`^v(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?$`)

// source is the line of the runs section that builds the image from source.
var source = regexp.MustCompile(`(?m)^(  image: )Dockerfile[ \t]*$`)

// ImageRef is the pinned image for a release tag ("v1.2.3" → "docker://ghcr.io/mcpschema/mcpschema:1.2.3").
func ImageRef(tag string) (string, error) {
	if !semver.MatchString(tag) {
		return "", fmt.Errorf("tag %q is not a release tag: use vMAJOR.MINOR.PATCH, e.g. v1.2.3", tag)
	}
	return "docker://" + Image + ":" + strings.TrimPrefix(tag, "v"), nil
}

// Pin returns action with its image line pointing at the release's image.
// It fails unless exactly one "  image: Dockerfile" line is there.
func Pin(action []byte, tag string) ([]byte, error) {
	ref, err := ImageRef(tag)
	if err != nil {
		return nil, err
	}
	if n := len(source.FindAllIndex(action, -1)); n != 1 {
		return nil, fmt.Errorf("action.yml has %d lines %q under runs, want exactly 1: was it pinned already?", n, "  image: Dockerfile")
	}
	return source.ReplaceAll(action, []byte("${1}"+ref)), nil
}

func main() {
	tag := flag.String("tag", "", "release tag, e.g. v1.2.3")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: pinaction -tag vX.Y.Z action.yml")
		os.Exit(2)
	}
	path := flag.Arg(0)
	data, err := os.ReadFile(path)
	if err == nil {
		data, err = Pin(data, *tag)
	}
	if err == nil {
		err = os.WriteFile(path, data, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "pinaction:", err)
		os.Exit(1)
	}
}
