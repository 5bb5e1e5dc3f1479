package textnorm

import (
	"sort"
	"unicode"
)

// scriptTables are the scripts MixedScripts tells apart, by name.
var scriptTables = func() []scriptTable {
	var out []scriptTable
	for name, t := range unicode.Scripts {
		if name == "Common" || name == "Inherited" {
			continue
		}
		out = append(out, scriptTable{name, t})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}()

type scriptTable struct {
	name  string
	table *unicode.RangeTable
}

// ScriptOf is the name of r's script ("Latin", "Cyrillic"), or "" for
// Common and Inherited characters (digits, punctuation, combining marks).
func ScriptOf(r rune) string {
	if r < 0x80 {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return "Latin"
		}
		return ""
	}
	for _, s := range scriptTables {
		if unicode.Is(s.table, r) {
			return s.name
		}
	}
	return ""
}

// allowedMix are the script sets a single name may mix (UTS #39,
// "highly restrictive"): Japanese, Chinese with Bopomofo, Korean, each
// with Latin.
var allowedMix = []map[string]bool{
	{"Latin": true, "Han": true, "Hiragana": true, "Katakana": true},
	{"Latin": true, "Han": true, "Bopomofo": true},
	{"Latin": true, "Han": true, "Hangul": true},
}

// MixedScripts returns the scripts of the letters of s, in order of
// first use, when s mixes scripts that no language writes together (a
// Latin name with a Cyrillic "а" in it: "reаd_file"), and for each script
// after the first the first character of it; nil when s keeps to one
// script or an allowed mix (UTS #39 highly restrictive).
func MixedScripts(s string) (scripts []string, first []rune) {
	seen := map[string]bool{}
	for _, r := range s {
		name := ScriptOf(r)
		if name == "" || seen[name] {
			continue
		}
		seen[name] = true
		scripts = append(scripts, name)
		first = append(first, r)
	}
	if len(scripts) < 2 {
		return nil, nil
	}
	for _, mix := range allowedMix {
		all := true
		for _, s := range scripts {
			all = all && mix[s]
		}
		if all {
			return nil, nil
		}
	}
	return scripts, first
}
