// Command gen writes a benchmark corpus of realistic MCP tools: it samples
// tool shapes from the real tool files of ../shared/corpus and varies the
// names, descriptions and property names so that every schema is distinct.
//
// Layout under -out:
//
//	list/tools-NNNN.json   tools/list results, 100 tools each
//	snap/<tool>.json       the same tools, one snapshot file per tool
//	schemas/<tool>.json    each inputSchema alone (without $schema), for ajv-cli
//	repo/                  with -git: a git repository whose base commit holds
//	                       list/ and whose head commit changes one tool in ten
//	repo-1pct/             with -git: the same, but only 1% of the list files
//	                       change (one tool in ten of those): the everyday pull request
//	repo-snap/             with -git-snap: a git repository of snap/ (one file
//	                       per tool) whose head commit changes one tool in ten
//
// Usage: go run ./cmd/internal/bench/gen -n 10000 -out /tmp/bench/10000 -git
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// perList is the number of tools in each tools/list file.
const perList = 100

func main() {
	corpus := flag.String("corpus", "../shared/corpus", "folder of real tool files (*/latest/*.json)")
	out := flag.String("out", "", "output folder (required)")
	n := flag.Int("n", 10000, "number of tools")
	withGit := flag.Bool("git", false, "also write git repositories (repo, repo-1pct) with a base and a head commit")
	withSnap := flag.Bool("git-snap", false, "also write a git repository of one file per tool (repo-snap)")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "gen: -out is required")
		os.Exit(2)
	}
	shapes, err := loadShapes(*corpus)
	if err != nil || len(shapes) == 0 {
		fmt.Fprintf(os.Stderr, "gen: no tool shapes in %s: %v\n", *corpus, err)
		os.Exit(1)
	}
	rng := rand.New(rand.NewPCG(1, uint64(*n)))
	tools := make([]map[string]any, *n)
	for i := range tools {
		tools[i] = vary(shapes[rng.IntN(len(shapes))], i, rng)
	}
	must(writeLayout(*out, tools))
	if *withGit {
		must(writeRepo(filepath.Join(*out, "repo"), tools, rng, writeLists, perList, func(int) bool { return true }))
		must(writeRepo(filepath.Join(*out, "repo-1pct"), tools, rng, writeLists, perList, func(f int) bool { return f%100 == 0 }))
	}
	if *withSnap {
		must(writeRepo(filepath.Join(*out, "repo-snap"), tools, rng, writeSnaps, 1, func(int) bool { return true }))
	}
}

func must(err error) {
	if err != nil {
		fmt.Fprintf(os.Stderr, "gen: %v\n", err)
		os.Exit(1)
	}
}

// loadShapes reads every tool object of the corpus that has an object inputSchema.
func loadShapes(corpus string) ([]map[string]any, error) {
	var paths []string
	for _, pat := range []string{"*/latest/*.json", "*/latest/*/*.json"} {
		m, err := filepath.Glob(filepath.Join(corpus, pat))
		if err != nil {
			return nil, err
		}
		paths = append(paths, m...)
	}
	sort.Strings(paths)
	var shapes []map[string]any
	for _, p := range paths {
		if filepath.Base(p) == "_index.json" {
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		var v map[string]any
		if json.Unmarshal(data, &v) != nil {
			continue
		}
		if _, ok := v["inputSchema"].(map[string]any); ok {
			if _, ok := v["name"].(string); ok {
				shapes = append(shapes, v)
			}
		}
	}
	return shapes, nil
}

// vary returns a deep copy of shape made distinct by i: a new name,
// description and property names (required lists follow the renames).
func vary(shape map[string]any, i int, rng *rand.Rand) map[string]any {
	t := deepCopy(shape).(map[string]any)
	suffix := fmt.Sprintf("%d", i)
	t["name"] = fmt.Sprintf("%s_%s", t["name"], suffix)
	desc, _ := t["description"].(string)
	t["description"] = strings.TrimSpace(desc + fmt.Sprintf(" Variant %d of this tool.", i))
	for _, k := range []string{"inputSchema", "outputSchema"} {
		if s, ok := t[k].(map[string]any); ok {
			renameProperties(s, "_"+suffix, rng)
		}
	}
	return t
}

// renameProperties appends suffix to some property names of s and below.
func renameProperties(s map[string]any, suffix string, rng *rand.Rand) {
	props, _ := s["properties"].(map[string]any)
	renamed := map[string]string{}
	for _, k := range sortedKeys(props) {
		if rng.IntN(2) == 0 {
			continue
		}
		props[k+suffix] = props[k]
		delete(props, k)
		renamed[k] = k + suffix
	}
	if req, ok := s["required"].([]any); ok {
		for i, r := range req {
			if name, ok := r.(string); ok && renamed[name] != "" {
				req[i] = renamed[name]
			}
		}
	}
	for _, v := range props {
		if c, ok := v.(map[string]any); ok {
			renameProperties(c, suffix, rng)
			if items, ok := c["items"].(map[string]any); ok {
				renameProperties(items, suffix, rng)
			}
		}
	}
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func deepCopy(v any) any {
	switch v := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(v))
		for k, c := range v {
			m[k] = deepCopy(c)
		}
		return m
	case []any:
		a := make([]any, len(v))
		for i, c := range v {
			a[i] = deepCopy(c)
		}
		return a
	}
	return v
}

// writeLayout writes list/, snap/ and schemas/ under dir.
func writeLayout(dir string, tools []map[string]any) error {
	for _, sub := range []string{"list", "snap", "schemas"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			return err
		}
	}
	if err := writeLists(filepath.Join(dir, "list"), tools); err != nil {
		return err
	}
	if err := writeSnaps(filepath.Join(dir, "snap"), tools); err != nil {
		return err
	}
	for _, t := range tools {
		name := t["name"].(string)
		s := deepCopy(t["inputSchema"]).(map[string]any)
		delete(s, "$schema") // ajv-cli reads every schema as 2020-12 here
		if err := writeJSON(filepath.Join(dir, "schemas", name+".json"), s); err != nil {
			return err
		}
	}
	return nil
}

func writeLists(dir string, tools []map[string]any) error {
	for start := 0; start < len(tools); start += perList {
		end := min(start+perList, len(tools))
		list := make([]any, 0, end-start)
		for _, t := range tools[start:end] {
			list = append(list, t)
		}
		if err := writeJSON(filepath.Join(dir, fmt.Sprintf("tools-%04d.json", start/perList)), map[string]any{"tools": list}); err != nil {
			return err
		}
	}
	return nil
}

// writeSnaps writes one file per tool, named after the tool.
func writeSnaps(dir string, tools []map[string]any) error {
	for _, t := range tools {
		if err := writeJSON(filepath.Join(dir, t["name"].(string)+".json"), t); err != nil {
			return err
		}
	}
	return nil
}

func writeJSON(p string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(p, append(data, '\n'), 0o644)
}

// writeRepo commits the tools with write (base: list/ or snap/, perFile
// tools per file), then changes one tool in ten in the files that changed
// selects (a new optional or required property, a narrowed type, a new
// description) and commits again (head). The working tree is the head.
func writeRepo(dir string, tools []map[string]any, rng *rand.Rand, write func(string, []map[string]any) error, perFile int, changed func(file int) bool) error {
	sub := "list"
	if perFile == 1 {
		sub = "snap"
	}
	if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
		return err
	}
	git := func(args ...string) error {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=bench", "GIT_AUTHOR_EMAIL=bench@example.invalid",
			"GIT_COMMITTER_NAME=bench", "GIT_COMMITTER_EMAIL=bench@example.invalid")
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("git %v: %v: %s", args, err, out)
		}
		return nil
	}
	if err := write(filepath.Join(dir, sub), tools); err != nil {
		return err
	}
	if err := git("init", "-q", "-b", "main"); err != nil {
		return err
	}
	if err := git("add", "."); err != nil {
		return err
	}
	if err := git("commit", "-q", "-m", "base"); err != nil {
		return err
	}
	if err := git("tag", "base"); err != nil {
		return err
	}
	head := make([]map[string]any, len(tools))
	for i, t := range tools {
		head[i] = t
		if i%10 != 0 || !changed(i/perFile) {
			continue
		}
		c := deepCopy(t).(map[string]any)
		s := c["inputSchema"].(map[string]any)
		props, _ := s["properties"].(map[string]any)
		if props == nil {
			props = map[string]any{}
			s["properties"] = props
		}
		switch rng.IntN(3) {
		case 0:
			props["added_option"] = map[string]any{"type": "string", "description": "a new optional argument"}
		case 1:
			props["added_required"] = map[string]any{"type": "string"}
			req, _ := s["required"].([]any)
			s["required"] = append(req, "added_required")
		default:
			c["description"] = fmt.Sprintf("%s Changed.", c["description"])
		}
		head[i] = c
	}
	if err := write(filepath.Join(dir, sub), head); err != nil {
		return err
	}
	return git("commit", "-q", "-am", "head")
}
