package snapshot

import (
	"strings"
	"testing"
)

// A value kept raw is written byte for byte as its decoded tree is.
func TestRawWrittenAsTree(t *testing.T) {
	deep := strings.Repeat(`{"a":[`, 40) + `1` + strings.Repeat(`]}`, 40)
	for _, v := range []string{
		`{}`, `[]`, `{"b":1,"a":{"d":[1,2.50,-3e+400,true,false,null],"c":"x"}}`,
		`{"s":"tab\there \"q\" \u001b[2J ##[error] \u0085 é ✓","k\u00e9y":{"z":[],"y":{}}}`,
		` { "dup" : 1 , "dup" : {"x":2} , "a" : [ { } , [ ] , "" ] } `,
		`[{"b":2,"a":1},["x",{"c":[{"d":null}]}]]`, `"str"`, `12345678901234567890`, deep,
	} {
		tree := string(encode(decodeTree([]byte(v))))
		raw := string(encode(rawJSON(v)))
		if tree != raw {
			t.Errorf("%s:\ntree %s\nraw  %s", v, tree, raw)
		}
	}
}
