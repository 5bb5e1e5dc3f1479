package snapshot

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/mcpschema/mcpschema/annotate"
	"github.com/mcpschema/mcpschema/cmd/internal/ruleset"
	"github.com/mcpschema/mcpschema/cmd/internal/service"
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/source"
)

// runCheck compares the live surface with the committed snapshot. Any
// difference in what the server lists is drift (exit 1); key order and
// layout are not. The committed file is read and compared in one pass
// (decoded and written the way the snapshot is written); only when it
// differs are the two sides judged as `check --base` judges a change
// (service.CompareSnapshot, the snapshot as base and the live server as
// head, the working directory's config applied), which marks the breaking
// changes.
func runCheck(ctx context.Context, o *Options, s *Surface, env Env) int {
	files, err := render(o, s)
	if err != nil {
		printError(env, err)
		return ExitUsage
	}
	refresh := refreshCommand(o)
	var committed, live []service.SnapshotFile
	if o.Split == "" {
		data, err := readInside(env.Dir, abs(env.Dir, o.Check))
		if err != nil {
			return missing(env, o.Check, err, refresh)
		}
		if same(data, files[0].data, o.red) {
			return upToDate(env, o, s)
		}
		committed = []service.SnapshotFile{{Path: o.Check, Data: data}}
		live = []service.SnapshotFile{{Path: o.Check, Data: files[0].data}}
	} else {
		dir := abs(env.Dir, o.Check)
		if err := linkLeaves(env.Dir, dir); err != nil {
			printError(env, err)
			return ExitUsage
		}
		if _, err := os.Stat(dir); err != nil {
			return missing(env, o.Check, err, refresh)
		}
		paths, _ := filepath.Glob(filepath.Join(dir, "*.json"))
		sort.Strings(paths)
		held := map[string][]byte{}
		for _, p := range paths {
			data, err := readInside(env.Dir, p)
			if err != nil {
				printError(env, err)
				return ExitUsage
			}
			held[filepath.Base(p)] = data
		}
		identical := len(held) == len(files)
		for _, f := range files {
			identical = identical && held[f.name] != nil && same(held[f.name], f.data, o.red)
		}
		if identical {
			return upToDate(env, o, s)
		}
		for _, p := range paths {
			committed = append(committed, service.SnapshotFile{Path: filepath.ToSlash(filepath.Join(o.Check, filepath.Base(p))), Data: held[filepath.Base(p)]})
		}
		for _, f := range files {
			live = append(live, service.SnapshotFile{Path: filepath.ToSlash(filepath.Join(o.Check, f.name)), Data: f.data})
		}
	}
	drift, err := service.CompareSnapshot(ctx, service.DriftOptions{Dir: env.Dir, Committed: committed, Live: live, Rules: ruleset.All()})
	if err != nil {
		printError(env, err)
		return ExitUsage
	}
	if o.Split == "" {
		if want := committedFormat(drift.Committed[0]); want != "" && want != o.Format {
			fmt.Fprintf(env.Stderr, "mcpschema snapshot: snapshot %s is %s: compare it with --format %s (a refresh with --format %s would rewrite it in the other format)\n",
				o.Check, formatNoun[want], want, o.Format)
			return ExitUsage
		}
		if held := allOnly(drift.Committed[0]); len(held) > 0 && !o.All {
			fmt.Fprintf(env.Stderr, "mcpschema snapshot: snapshot %s holds %s, which only --all lists: add --all to compare them\n", o.Check, strings.Join(held, ", "))
			return ExitUsage
		}
	}
	diffs := differences(drift)
	if len(diffs) == 0 {
		// the lists match but the files do not (a member of the root, a
		// duplicate, a value written another way): still drift
		diffs = []string{"the snapshot's content differs from what the server lists now"}
	}
	w := env.Stdout
	notice := o.NoticeNonBreaking && !drift.Breaking
	if notice {
		fmt.Fprintf(w, "notice: snapshot %s differs from the live server (no breaking change):\n", o.Check)
	} else {
		fmt.Fprintf(w, "snapshot %s differs from the live server:\n", o.Check)
	}
	for _, d := range diffs {
		// each line quotes what the server sent: one log line each
		fmt.Fprintf(w, "  %s\n", annotate.SafeText(d))
	}
	fmt.Fprintf(w, "if the change is intended, refresh the snapshot and commit it:\n  %s\n", refresh)
	if notice {
		return ExitOK
	}
	return ExitDrift
}

// upToDate says the snapshot holds what the server lists.
func upToDate(env Env, o *Options, s *Surface) int {
	fmt.Fprintf(env.Stdout, "snapshot %s is up to date: %d tools\n", o.Check, len(s.Tools))
	return ExitOK
}

// same reports whether the committed file holds what the live rendering
// does: the same values, whatever the key order, layout or escaping (the
// committed file decoded and written the way a snapshot is written).
func same(committed, live []byte, red *redactor) bool {
	if bytes.Equal(committed, live) {
		return true
	}
	doc, ok := decodeDocument(committed)
	if !ok {
		return false
	}
	return bytes.Equal(red.Bytes(encode(doc)), live)
}

func missing(env Env, path string, err error, refresh string) int {
	if os.IsNotExist(err) {
		fmt.Fprintf(env.Stdout, "snapshot %s does not exist: create it and commit it:\n  %s\n", path, refresh)
		return ExitDrift
	}
	printError(env, err)
	return ExitUsage
}

// sideTool is a named tool in one of the two snapshots.
type sideTool struct {
	file *source.File
	tool source.Tool
}

func namedTools(files []*source.File) (map[string]sideTool, []string) {
	m := map[string]sideTool{}
	var bad []string
	for _, f := range files {
		if f.Fatal() {
			msg := "cannot be read"
			if len(f.Problems) > 0 {
				msg = f.Problems[0].Message
			}
			bad = append(bad, fmt.Sprintf("%s: %s", f.Path, msg))
			continue
		}
		for _, t := range f.Tools {
			if t.HasName {
				m[t.Name] = sideTool{f, t}
			}
		}
	}
	return m, bad
}

// differences lists what changed between the committed snapshot (base) and
// the live one (head), one line per change, the judge's findings under
// their tools, breaking ones marked.
func differences(d *service.Drift) []string {
	base, head := d.Committed, d.Live
	var out []string
	bt, bad := namedTools(base)
	for _, b := range bad {
		out = append(out, "the committed snapshot "+b)
	}
	ht, _ := namedTools(head)
	out = append(out, versionChange(base, head)...)
	byTool := map[string][]report.Finding{}
	var other []report.Finding
	for _, f := range d.Findings {
		if f.Tool != "" {
			byTool[f.Tool] = append(byTool[f.Tool], f)
		} else {
			other = append(other, f)
		}
	}
	names := map[string]bool{}
	for n := range bt {
		names[n] = true
	}
	for n := range ht {
		names[n] = true
	}
	for n := range byTool {
		names[n] = true
	}
	sorted := make([]string, 0, len(names))
	for n := range names {
		sorted = append(sorted, n)
	}
	sort.Strings(sorted)
	for _, n := range sorted {
		b, inBase := bt[n]
		h, inHead := ht[n]
		var line string
		switch {
		case inBase && inHead:
			if changed := changedMembers(b, h); len(changed) > 0 {
				line = fmt.Sprintf("tool %q: %s changed", n, strings.Join(changed, ", "))
			}
		case inHead:
			line = fmt.Sprintf("tool %q is new on the server", n)
		case inBase:
			line = fmt.Sprintf("tool %q is in the snapshot but no longer on the server", n)
		}
		fs := byTool[n]
		if line == "" && len(fs) > 0 {
			line = fmt.Sprintf("tool %q changed", n)
		}
		if line != "" {
			out = append(out, line)
		}
		for _, f := range fs {
			out = append(out, "  "+findingLine(f))
		}
	}
	for _, f := range other {
		out = append(out, findingLine(f))
	}
	out = append(out, listChanges(base, head)...)
	out = append(out, rootChanges(base, head)...)
	if ig := annotate.IgnoredText(&report.Report{Ignores: d.Ignores}); ig != "" {
		out = append(out, ig)
	}
	return out
}

// rootChanges reports changes to the members of a single-file snapshot's
// root other than its lists and versions (the tools/list _meta, the MCP
// Description's info).
func rootChanges(base, head []*source.File) []string {
	if len(base) != 1 || len(head) != 1 {
		return nil
	}
	br, _ := base[0].Root.(map[string]any)
	hr, _ := head[0].Root.(map[string]any)
	keys := map[string]bool{}
	for k := range br {
		keys[k] = true
	}
	for k := range hr {
		keys[k] = true
	}
	var out []string
	for k := range keys {
		switch k {
		case "tools", "prompts", "resources", "resourceTemplates", "protocolVersions":
			continue
		}
		bv, bok := br[k]
		hv, hok := hr[k]
		switch {
		case !bok:
			out = append(out, fmt.Sprintf("%q is new on the server", k))
		case !hok:
			out = append(out, fmt.Sprintf("%q is in the snapshot but no longer on the server", k))
		case !bytes.Equal(encode(bv), encode(hv)):
			out = append(out, fmt.Sprintf("%q changed", k))
		}
	}
	sort.Strings(out)
	return out
}

func findingLine(f report.Finding) string {
	mark := f.Severity.String()
	if f.IsBreaking() {
		mark = "BREAKING"
	}
	return fmt.Sprintf("%s %s: %s", mark, f.Rule, f.Message)
}

// versionChange reports a change of the agreed protocol version.
func versionChange(base, head []*source.File) []string {
	versions := func(files []*source.File) string {
		seen := map[string]bool{}
		var vs []string
		for _, f := range files {
			list := f.DeclaredVersions
			for _, t := range f.Tools {
				list = append(list, t.DeclaredVersions...)
			}
			for _, v := range list {
				if !seen[v] {
					seen[v] = true
					vs = append(vs, v)
				}
			}
		}
		sort.Strings(vs)
		return strings.Join(vs, ", ")
	}
	b, h := versions(base), versions(head)
	if b == h || b == "" && len(base) == 0 {
		return nil
	}
	return []string{fmt.Sprintf("protocol version changed from %q to %q", b, h)}
}

// changedMembers lists the members of a tool pair that differ, ignoring key
// order: a schema written differently is a drift too (what the server
// lists changed), only not a breaking one.
func changedMembers(b, h sideTool) []string {
	keys := map[string]bool{}
	for k := range b.tool.Value {
		keys[k] = true
	}
	for k := range h.tool.Value {
		keys[k] = true
	}
	delete(keys, "protocolVersions") // reported once, by versionChange
	var changed []string
	for k := range keys {
		bv, bok := b.tool.Value[k]
		hv, hok := h.tool.Value[k]
		if bok && hok && bytes.Equal(encode(bv), encode(hv)) {
			continue
		}
		switch {
		case !bok:
			changed = append(changed, k+" (added)")
		case !hok:
			changed = append(changed, k+" (removed)")
		default:
			changed = append(changed, k)
		}
	}
	sort.Strings(changed)
	return changed
}

// formatNoun says what a snapshot of each --format is.
var formatNoun = map[string]string{"json": "a tools/list result", "mcpdesc": "an MCP Description document"}

// committedFormat is the --format a committed snapshot was written with
// ("" when its shape is neither).
func committedFormat(f *source.File) string {
	switch f.Shape {
	case source.ShapeDescription:
		return "mcpdesc"
	case source.ShapeListResult:
		return "json"
	}
	return ""
}

// allOnly names the collections of a committed snapshot that only a
// snapshot taken with --all holds.
func allOnly(f *source.File) []string {
	root, _ := f.Root.(map[string]any)
	var held []string
	for _, k := range []string{"prompts", "resources", "resourceTemplates"} {
		if _, ok := root[k]; ok {
			held = append(held, k)
		}
	}
	return held
}

// listChanges reports changes to prompts, resources and resource templates
// (with --all): items added, removed or changed, by name or URI.
func listChanges(base, head []*source.File) []string {
	if len(base) != 1 || len(head) != 1 {
		return nil
	}
	br, _ := base[0].Root.(map[string]any)
	hr, _ := head[0].Root.(map[string]any)
	var out []string
	for _, l := range []struct{ key, by, what string }{{"prompts", "name", "prompt"}, {"resources", "uri", "resource"}, {"resourceTemplates", "uriTemplate", "resource template"}} {
		bi, hi := keyed(br[l.key], l.by), keyed(hr[l.key], l.by)
		var ids []string
		for id := range bi {
			ids = append(ids, id)
		}
		for id := range hi {
			if _, ok := bi[id]; !ok {
				ids = append(ids, id)
			}
		}
		sort.Strings(ids)
		for _, id := range ids {
			b, inB := bi[id]
			h, inH := hi[id]
			switch {
			case !inB:
				out = append(out, fmt.Sprintf("%s %q is new on the server", l.what, id))
			case !inH:
				out = append(out, fmt.Sprintf("%s %q is in the snapshot but no longer on the server", l.what, id))
			case !bytes.Equal(encode(b), encode(h)):
				out = append(out, fmt.Sprintf("%s %q changed", l.what, id))
			}
		}
	}
	return out
}

func keyed(list any, by string) map[string]any {
	m := map[string]any{}
	items, _ := list.([]any)
	for _, it := range items {
		if obj, ok := it.(map[string]any); ok {
			id, _ := obj[by].(string)
			m[id] = obj
		}
	}
	return m
}

// refreshCommand is the command that rewrites the snapshot: the same
// arguments, --check FILE replaced by --output FILE (dropped with --split).
func refreshCommand(o *Options) string {
	args := []string{"mcpschema", "snapshot"}
	raw := o.raw
	for i := 0; i < len(raw); i++ {
		a := raw[i]
		if a == "--" {
			args = append(args, raw[i:]...)
			break
		}
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if strings.HasPrefix(a, "-") && name == "check" {
			if !hasValue {
				i++
			}
			if o.Split == "" {
				args = append(args, "--output", o.Check)
			}
			continue
		}
		if strings.HasPrefix(a, "-") && name == "header" {
			if flag, v, ok := strings.Cut(a, "="); ok {
				a = flag + "=" + hideLiteral(v)
			} else if i+1 < len(raw) {
				args = append(args, a)
				i++
				a = hideLiteral(raw[i])
			}
		}
		args = append(args, a)
	}
	return quoteArgs(args)
}

// hideLiteral hides the value of a --header flag written literally (a
// token pasted on the command line or expanded by the CI), which the
// printed refresh command must not repeat; one that reads the environment
// (${VAR}) is kept as written.
func hideLiteral(header string) string {
	reads := false
	os.Expand(header, func(string) string { reads = true; return "" })
	if reads {
		return header
	}
	return redactValue(header)
}
