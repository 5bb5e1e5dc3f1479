package diffcheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// compatRecordID is the id of a compat record, compatRule{ID: "…", …}.rule().
func compatRecordID(e ast.Expr) (string, bool) {
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return "", false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "rule" {
		return "", false
	}
	lit, ok := sel.X.(*ast.CompositeLit)
	if !ok {
		return "", false
	}
	if typ, ok := lit.Type.(*ast.Ident); !ok || typ.Name != "compatRule" {
		return "", false
	}
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "ID" {
				if v, ok := kv.Value.(*ast.BasicLit); ok {
					id, err := strconv.Unquote(v.Value)
					return id, err == nil
				}
			}
		}
	}
	return "", false
}

// judgesOf reads the package's sources: for each compat rule variable
// (RuleX = compatRule{ID: "compat.…", …}.rule()) its rule id, and the
// functions (the judges) whose bodies name the variable, or a package-level
// value built from it (a mirror, a table of mirrors): the places that emit it.
func judgesOf(t *testing.T) (idOf map[string]string, judges map[string][]string) {
	t.Helper()
	fset := token.NewFileSet()
	paths, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	idOf, judges = map[string]string{}, map[string][]string{}
	values := map[string]ast.Expr{} // package-level vars and their values
	var files []*ast.File
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, p, src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, s := range gd.Specs {
				vs := s.(*ast.ValueSpec)
				for i, name := range vs.Names {
					if i >= len(vs.Values) {
						break
					}
					values[name.Name] = vs.Values[i]
					if id, ok := compatRecordID(vs.Values[i]); ok {
						idOf[name.Name] = id
					}
				}
			}
		}
	}
	// carries: the rule variables a package-level value is built from.
	carries := map[string][]string{}
	var carried func(v string, seen map[string]bool) []string
	carried = func(v string, seen map[string]bool) []string {
		if _, isRule := idOf[v]; isRule {
			carries[v] = []string{v}
			return carries[v]
		}
		if c, ok := carries[v]; ok || seen[v] {
			return c
		}
		seen[v] = true
		set := map[string]bool{}
		ast.Inspect(values[v], func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && id.Name != v {
				if _, ok := values[id.Name]; ok {
					for _, r := range carried(id.Name, seen) {
						set[r] = true
					}
				}
			}
			return true
		})
		out := make([]string, 0, len(set))
		for r := range set {
			out = append(out, r)
		}
		sort.Strings(out)
		carries[v] = out
		return out
	}
	delete(values, "judges") // the table under test carries nothing
	for v := range values {
		carried(v, map[string]bool{})
	}
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			name := fd.Name.Name
			if fd.Recv != nil && len(fd.Recv.List) == 1 {
				typ := fd.Recv.List[0].Type
				if st, ok := typ.(*ast.StarExpr); ok {
					typ = st.X
				}
				if id, ok := typ.(*ast.Ident); ok {
					name = "(" + id.Name + ")." + name
				}
			}
			seen := map[string]bool{}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					for _, r := range carries[id.Name] {
						if !seen[r] {
							seen[r] = true
							judges[r] = append(judges[r], name)
						}
					}
				}
				return true
			})
		}
	}
	return idOf, judges
}

// readsRules are the functions that name a compat rule or its mirror
// without reporting it, and why; every other function that names one is a
// judge of the table.
var readsRules = map[string]string{
	"(judge).emit":                "marks the judge undecided when it records an undecidable change",
	"isUndecidable":               "tells undecidable changes apart for the witness search",
	"dropAdded":                   "drops the tool-added findings of a file whose base was not comparable",
	"(docCmp).reportLostVersions": "reports the rule its caller names (addToolPrims: compat.tool.removed)",
	"besideListedRules":           "builds the listed-values mirrors (an output enum value added only adds)",
	"genericRuleSet":              "lists genericRule's rules for the table",
	"Rules":                       "the union of the table",
	"(comparer).pairLifecycle":    "finds the removals of deprecated properties (property-removed, required-removed) for removedAfterSunset",
	"docRemoval":                  "tells the removals of deprecated document primitives apart, for documentLifecycle",
	"documentDeprecations":        "reads the deprecated primitives of a document by the members of docKinds",
}

// TestEveryCompatRuleHasAJudge is the link from each breaking-change rule
// to the judge that emits it, as a check's Rules list is for a validation
// rule: the judge table (judges.go) lists exactly the functions whose
// bodies name a rule or its mirror (readsRules excepted), each with those
// rules; every record of the package is in Rules; and a fixture expects
// every rule, so its judge is shown to emit it.
func TestEveryCompatRuleHasAJudge(t *testing.T) {
	t.Parallel()
	idOf, named := judgesOf(t)
	inRules := map[string]bool{}
	for _, r := range Rules() {
		inRules[r.ID] = true
	}
	for v, id := range idOf {
		if !inRules[id] {
			t.Errorf("%s (%s): declared but in no entry of the judge table, so nothing lists it", id, v)
		}
	}
	// what the sources say: judge -> rule ids
	src := map[string]map[string]bool{}
	for v, fns := range named {
		for _, fn := range fns {
			if _, reads := readsRules[fn]; reads {
				continue
			}
			if src[fn] == nil {
				src[fn] = map[string]bool{}
			}
			src[fn][idOf[v]] = true
		}
	}
	table := map[string]map[string]bool{}
	for _, e := range judges {
		if table[e.judge] != nil {
			t.Errorf("judge table: %s listed twice", e.judge)
		}
		table[e.judge] = map[string]bool{}
		for _, r := range e.rules {
			table[e.judge][r.ID] = true
		}
	}
	for fn, ids := range src {
		for id := range ids {
			if !table[fn][id] {
				t.Errorf("%s names %s: add it to its line of the judge table (judges.go), or to readsRules if it only reads it", fn, id)
			}
		}
	}
	for fn, ids := range table {
		for id := range ids {
			if !src[fn][id] {
				t.Errorf("judge table: %s is listed with %s, but its body names neither the rule nor a mirror of it", fn, id)
			}
		}
	}
	wanted := map[string]bool{}
	for _, c := range loadDiffCases(t, "testdata") {
		for _, w := range c.Wants {
			wanted[w.Rule] = true
		}
	}
	for _, r := range Rules() {
		if !wanted[r.ID] {
			t.Errorf("%s: no fixture shows its judge emitting it", r.ID)
		}
	}
}

// TestMirrorsJudgeTheirDirection reads every mirror of the package's
// sources (mirror{in: ruling{rule: …}, out: ruling{rule: …}}, and the
// constructors called with an input and an output rule): the in ruling's
// rule is a compat.input.* rule, the out ruling's a compat.output.* rule, so
// no judge reports an input change under an output rule or the reverse.
func TestMirrorsJudgeTheirDirection(t *testing.T) {
	t.Parallel()
	idOf, _ := judgesOf(t)
	fset := token.NewFileSet()
	paths, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	check := func(where, side string, e ast.Expr) {
		id, ok := e.(*ast.Ident)
		if !ok {
			return
		}
		rid, ok := idOf[id.Name]
		if !ok {
			return
		}
		if want := "compat." + side + "."; !strings.HasPrefix(rid, want) {
			t.Errorf("%s: the %s ruling reports %s, not a %s* rule", where, side, rid, want)
		}
	}
	mirrors := 0
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.CompositeLit:
				if id, ok := x.Type.(*ast.Ident); !ok || id.Name != "mirror" {
					return true
				}
				mirrors++
				for _, el := range x.Elts {
					kv, ok := el.(*ast.KeyValueExpr)
					if !ok {
						continue
					}
					side := kv.Key.(*ast.Ident).Name
					r, ok := kv.Value.(*ast.CompositeLit)
					if !ok {
						continue // a shared ruling variable
					}
					for _, rel := range r.Elts {
						if rkv, ok := rel.(*ast.KeyValueExpr); ok && rkv.Key.(*ast.Ident).Name == "rule" {
							check(fset.Position(x.Pos()).String(), map[string]string{"in": "input", "out": "output"}[side], rkv.Value)
						}
					}
				}
			case *ast.CallExpr:
				if id, ok := x.Fun.(*ast.Ident); ok && strings.HasSuffix(id.Name, "Rules") && len(x.Args) == 2 {
					mirrors++
					check(fset.Position(x.Pos()).String(), "input", x.Args[0])
					check(fset.Position(x.Pos()).String(), "output", x.Args[1])
				}
			}
			return true
		})
	}
	if mirrors < 20 {
		t.Errorf("only %d mirrors found: has the mirror type changed?", mirrors)
	}
}
