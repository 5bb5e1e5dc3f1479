package diffcheck

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

// TestFixtureExpectationsPinned pins what the diffcheck fixtures expect,
// read by this package's own parser, in
// validate/fixture/testdata/diffcheck.expect (written with -update).
func TestFixtureExpectationsPinned(t *testing.T) {
	const path = "../validate/fixture/testdata/diffcheck.expect"
	cases := loadDiffCases(t, "testdata")
	var b strings.Builder
	wants := 0
	for _, c := range cases {
		wants += len(c.wants)
	}
	fmt.Fprintf(&b, "%d cases, %d wants\n", len(cases), wants)
	for _, c := range cases {
		data, err := os.ReadFile("testdata/" + c.name + ".txtar")
		if err != nil {
			t.Fatal(err)
		}
		var order []string
		for _, f := range txtar.Parse(data).Files {
			order = append(order, f.Name)
		}
		fmt.Fprintf(&b, "%s\n\tfiles %s\n", c.name, strings.Join(order, " "))
		for i, w := range c.wants {
			s := w.String()
			if base, ok := c.bases[i]; ok {
				s += " base=" + base
			}
			fmt.Fprintf(&b, "\twant %s\n", s)
		}
		var heads []string
		for h := range c.aliases {
			heads = append(heads, h)
		}
		sort.Strings(heads)
		for _, h := range heads {
			fmt.Fprintf(&b, "\talias %s %s\n", h, c.aliases[h])
		}
		var nw []string
		for r := range c.noWitness {
			nw = append(nw, r)
		}
		sort.Strings(nw)
		for _, r := range nw {
			fmt.Fprintf(&b, "\tnowitness %s\n", r)
		}
	}
	if os.Getenv("PIN_UPDATE") != "" {
		os.WriteFile(path, []byte(b.String()), 0o644)
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if b.String() != string(want) {
		t.Errorf("diffcheck fixtures expect something else than %s", path)
	}
}
