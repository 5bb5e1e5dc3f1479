package snapshot

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/mcpschema/mcpschema/internal/mcpdesc"
	"github.com/mcpschema/mcpschema/internal/source"
)

// itemOrder is the order of the members of a root, a tool, a prompt or a
// resource; other members follow in byte order, as every member of deeper
// objects does.
var itemOrder = []string{"mcpdesc", "info", "protocolVersions", mcpdesc.SnapshotMarker, "name", "uri", "uriTemplate", "title", "description",
	"mimeType", "size", "inputSchema", "outputSchema", "arguments", "annotations", "execution", "icons", "_meta",
	"tools", "prompts", "resources", "resourceTemplates"}

// encode writes v as JSON with two-space indentation: the members of the
// root and of the items of its lists in itemOrder, all others sorted;
// numbers as the server wrote them.
func encode(v any) []byte {
	var b bytes.Buffer
	// a large listing is written once into a buffer of about its size
	// (indented, 1.5 times its raw size), not grown by doubling
	if n := rawSize(v, 0); n > 1<<20 {
		b.Grow(n + n/2 + 1<<16)
	}
	writeValue(&b, v, 0, true)
	b.WriteByte('\n')
	return b.Bytes()
}

// rawSize is the size of the raw values in v (its lists and items).
func rawSize(v any, depth int) int {
	n := 0
	switch x := v.(type) {
	case rawJSON:
		n = len(x)
	case map[string]any:
		if depth < 3 {
			for _, e := range x {
				n += rawSize(e, depth+1)
			}
		}
	case []any:
		if depth < 3 {
			for _, e := range x {
				n += rawSize(e, depth+1)
			}
		}
	}
	return n
}

func orderedKeys(m map[string]any, item bool) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	rank := func(k string) int {
		if item {
			if i := slices.Index(itemOrder, k); i >= 0 {
				return i
			}
		}
		return len(itemOrder)
	}
	sort.Slice(keys, func(i, j int) bool {
		ri, rj := rank(keys[i]), rank(keys[j])
		if ri != rj {
			return ri < rj
		}
		return keys[i] < keys[j]
	})
	return keys
}

// rootLists are the root members whose elements are items.
var rootLists = []string{"tools", "prompts", "resources", "resourceTemplates", "info"}

const spaces = "                                                                "

// pad writes the indentation of level n.
func pad(b *bytes.Buffer, n int) {
	for ; n > len(spaces)/2; n -= len(spaces) / 2 {
		b.WriteString(spaces)
	}
	b.WriteString(spaces[:2*n])
}

// writeValue writes v; item says v is the root, a root list or one of its items.
func writeValue(b *bytes.Buffer, v any, indent int, item bool) {
	pad := func(n int) { pad(b, n) }
	switch x := v.(type) {
	case map[string]any:
		if len(x) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteString("{\n")
		keys := orderedKeys(x, item)
		for i, k := range keys {
			pad(indent + 1)
			writeString(b, k)
			b.WriteString(": ")
			writeValue(b, x[k], indent+1, item && slices.Contains(rootLists, k))
			if i < len(keys)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		pad(indent)
		b.WriteByte('}')
	case []any:
		if len(x) == 0 {
			b.WriteString("[]")
			return
		}
		b.WriteString("[\n")
		for i, e := range x {
			pad(indent + 1)
			writeValue(b, e, indent+1, item)
			if i < len(x)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		pad(indent)
		b.WriteByte(']')
	case string:
		writeString(b, x)
	case json.Number:
		b.WriteString(string(x))
	case rawJSON:
		writeRaw(b, x, indent, 0)
	case bool:
		if x {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case nil:
		b.WriteString("null")
	default:
		data, _ := json.Marshal(x)
		b.Write(data)
	}
}

// writeString writes s as a JSON string. Besides what JSON escapes, the
// C1 control characters (terminal escapes) and the "##[" that opens a
// workflow command are written escaped: the same value, but a snapshot
// printed to a job's log cannot drive the runner or the terminal.
func writeString(b *bytes.Buffer, s string) {
	if plain(s) {
		b.WriteByte('"')
		b.WriteString(s)
		b.WriteByte('"')
		return
	}
	var sb bytes.Buffer
	enc := json.NewEncoder(&sb)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	out := bytes.TrimSuffix(sb.Bytes(), []byte("\n"))
	if !bytes.Contains(out, []byte("##[")) && !hasC1(s) {
		b.Write(out)
		return
	}
	for _, r := range string(bytes.ReplaceAll(out, []byte("##["), []byte(`#\u0023[`))) {
		if r >= 0x80 && r < 0xa0 {
			fmt.Fprintf(b, `\u%04x`, r)
		} else {
			b.WriteRune(r)
		}
	}
}

// plain reports whether s is written as it is between quotes: printable
// ASCII without a quote, backslash or '#'.
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '#' {
			return false
		}
	}
	return true
}

func hasC1(s string) bool {
	for _, r := range s {
		if r >= 0x80 && r < 0xa0 {
			return true
		}
	}
	return false
}

// sortedBy returns items sorted by their string member key (then by their
// encoding, so that equal keys still sort the same way every time).
func sortedBy(items []any, key string) []any {
	out := slices.Clone(items)
	// the encodings break ties only: computed for the items that tie
	enc := make(map[int]string)
	encoded := func(i int) string {
		e, ok := enc[i]
		if !ok {
			e = string(encode(out[i]))
			enc[i] = e
		}
		return e
	}
	idx := make([]int, len(out))
	for i := range idx {
		idx[i] = i
	}
	name := func(i int) string {
		if m, ok := out[i].(map[string]any); ok {
			s, _ := m[key].(string)
			return s
		}
		return ""
	}
	sort.SliceStable(idx, func(a, b int) bool {
		na, nb := name(idx[a]), name(idx[b])
		if na != nb {
			return na < nb
		}
		return encoded(idx[a]) < encoded(idx[b])
	})
	sorted := make([]any, len(out))
	for i, j := range idx {
		sorted[i] = out[j]
	}
	return sorted
}

// listDocument is the snapshot as a tools/list result (plus, with --all,
// the other lists), the agreed version recorded as protocolVersions.
func listDocument(s *Surface) map[string]any {
	doc := map[string]any{
		"protocolVersions": []any{s.ProtocolVersion},
		"tools":            nonNil(sortedBy(s.Tools, "name")),
	}
	if s.ToolsMeta != nil {
		doc["_meta"] = s.ToolsMeta
	}
	addLists(doc, s, false)
	return doc
}

func nonNil(l []any) []any {
	if l == nil {
		return []any{}
	}
	return l
}

func addLists(doc map[string]any, s *Surface, omitEmpty bool) {
	for _, l := range []struct {
		key, by string
		items   []any
	}{{"prompts", "name", s.Prompts}, {"resources", "uri", s.Resources}, {"resourceTemplates", "uriTemplate", s.Templates}} {
		if s.Listed[l.key] && (!omitEmpty || len(l.items) > 0) {
			doc[l.key] = nonNil(sortedBy(l.items, l.by))
		}
	}
}

// descDocument is the snapshot as an MCP Description 0.8.0 document, with
// the root extension mcpdesc.SnapshotMarker.
func descDocument(s *Surface) map[string]any {
	// the whole serverInfo (title, websiteUrl, icons, ...), name and
	// version filled in when the server left them out
	info := map[string]any{}
	for k, v := range s.ServerInfo {
		info[k] = v
	}
	info["name"], info["version"] = orDefault(s.ServerName, "unnamed-server"), orDefault(s.ServerVersion, "0.0.0")
	// the marker tells `check` the version is the one the server
	// negotiated (a hand-written document's versions are the author's);
	// it names no mcpschema release, which would make --check report
	// drift after every upgrade
	marker := map[string]any{"generator": "mcpschema snapshot", "protocolVersion": s.ProtocolVersion}
	doc := map[string]any{"mcpdesc": "0.8.0", "info": info, "protocolVersions": []any{s.ProtocolVersion}, mcpdesc.SnapshotMarker: marker}
	if len(s.Tools) > 0 {
		doc["tools"] = sortedBy(s.Tools, "name")
	}
	addLists(doc, s, true)
	return doc
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

// toolDocument is one tool of a --split snapshot, with the agreed version
// as the tool's protocolVersions.
func toolDocument(tool any, version string) any {
	m, ok := tool.(map[string]any)
	if !ok {
		return tool
	}
	out := make(map[string]any, len(m)+1)
	for k, v := range m {
		out[k] = v
	}
	out["protocolVersions"] = []any{version}
	return out
}

// rendered is one file of a snapshot.
type rendered struct {
	name string // file name inside the --split directory; "" for a single file
	data []byte
}

// render produces the snapshot's files.
func render(o *Options, s *Surface) ([]rendered, error) {
	if o.Split == "" {
		doc := listDocument(s)
		if o.Format == "mcpdesc" {
			doc = descDocument(s)
		}
		return []rendered{{data: o.red.Bytes(encode(doc))}}, nil
	}
	var out []rendered
	seen := map[string]string{}
	for _, t := range sortedBy(s.Tools, "name") {
		obj, _ := t.(map[string]any)
		name, _ := obj["name"].(string)
		file := toolFileName(name)
		// keyed in lower case: a case-insensitive file system (macOS,
		// Windows) would write "Search.json" and "search.json" to one file
		if other, dup := seen[strings.ToLower(file)]; dup {
			return nil, fmt.Errorf("tools %q and %q would both be written to %q (file names that differ only in case are one file on macOS and Windows): --split needs distinct tool names", other, name, file)
		}
		seen[strings.ToLower(file)] = name
		if err := splitFileNameProblem(name, file); err != nil {
			return nil, err
		}
		out = append(out, rendered{name: file, data: o.red.Bytes(encode(toolDocument(t, s.ProtocolVersion)))})
	}
	return out, nil
}

// maxFileName is the longest file name, in bytes, that the common file
// systems accept (NAME_MAX of ext4, APFS, NTFS: 255; toolFileName writes
// ASCII only, so bytes are characters).
const maxFileName = 255

// windowsDevices are the names Windows reserves for devices whatever the
// extension ("con.json" is the console): such a file cannot be written or
// checked out there.
var windowsDevices = map[string]bool{"con": true, "prn": true, "aux": true, "nul": true,
	"com1": true, "com2": true, "com3": true, "com4": true, "com5": true, "com6": true, "com7": true, "com8": true, "com9": true,
	"lpt1": true, "lpt2": true, "lpt3": true, "lpt4": true, "lpt5": true, "lpt6": true, "lpt7": true, "lpt8": true, "lpt9": true}

// splitFileNameProblem says why a tool's --split file cannot be written
// (nil when it can): render checks every tool before write writes any
// file, so a name that cannot be written leaves the directory as it was.
func splitFileNameProblem(name, file string) error {
	if len(file) > maxFileName {
		return fmt.Errorf("tool %q would be written to a file name of %d characters, more than file systems allow (%d): --split needs tool names of at most %d characters; nothing was written (write one file with --output, or shorten the name)",
			source.CutText(name, 80), len(file), maxFileName, maxFileName-len(".json"))
	}
	if base, _, _ := strings.Cut(file, "."); windowsDevices[strings.ToLower(base)] {
		return fmt.Errorf("tool %q would be written to %q, a device name on Windows that no file can have there: nothing was written (write one file with --output, or rename the tool)", name, file)
	}
	return nil
}

// toolFileName is <name>.json with every character outside letters,
// digits, '_', '-' and '.' replaced by '_'.
func toolFileName(name string) string {
	var b strings.Builder
	for _, r := range name {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '.' {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	n := b.String()
	if n == "" || strings.Trim(n, ".") == "" {
		n = "_" + n
	}
	return n + ".json"
}

func abs(dir, p string) string {
	if filepath.IsAbs(p) || dir == "" {
		return p
	}
	return filepath.Join(dir, p)
}

// write writes the snapshot to --output, --split or standard output.
func write(o *Options, s *Surface, env Env) error {
	files, err := render(o, s)
	if err != nil {
		return err
	}
	if o.Split == "" {
		if o.Output == "" {
			_, err := env.Stdout.Write(files[0].data)
			return err
		}
		return writeInside(env.Dir, abs(env.Dir, o.Output), files[0].data)
	}
	dir := abs(env.Dir, o.Split)
	if err := linkLeaves(env.Dir, dir); err != nil {
		return err
	}
	// Every target is checked before any is written: a link that leaves
	// the workspace or a directory in the way stops the snapshot with the
	// directory as it was, not half refreshed.
	for _, f := range files {
		p := filepath.Join(dir, f.name)
		if err := linkLeaves(env.Dir, p); err != nil {
			return err
		}
		if st, err := os.Stat(p); err == nil && !st.Mode().IsRegular() {
			return fmt.Errorf("%q is in the way of a tool file: it is not a regular file; nothing was written (remove it, or give another --split directory)", filepath.ToSlash(filepath.Join(o.Split, f.name)))
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	keep := map[string]bool{}
	for _, f := range files {
		keep[f.name] = true
		if err := writeInside(env.Dir, filepath.Join(dir, f.name), f.data); err != nil {
			return err
		}
	}
	// A tool the server no longer has leaves its file behind: remove the
	// stale tool snapshots (regular files holding a single tool object),
	// nothing else; a link is neither read nor removed.
	stale, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	for _, p := range stale {
		if keep[filepath.Base(p)] {
			continue
		}
		if st, err := os.Lstat(p); err != nil || !st.Mode().IsRegular() {
			continue
		}
		if data, err := os.ReadFile(p); err == nil && source.Parse(p, data, source.Limits{}).Shape == source.ShapeTool {
			_ = os.Remove(p)
		}
	}
	fmt.Fprintf(env.Stderr, "mcpschema snapshot: wrote %d tool files to %s\n", len(files), o.Split)
	return nil
}
