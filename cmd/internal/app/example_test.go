package app

import (
	"flag"
	"os"
)

// The README's example pull request: testdata/breaking's base and head
// tool files.
var (
	exampleBase = readExample("base")
	exampleHead = readExample("head")
)

func readExample(side string) string {
	b, err := os.ReadFile("../../../testdata/breaking/" + side + "/tools/github.json")
	if err != nil {
		panic(err)
	}
	return string(b)
}

func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}
