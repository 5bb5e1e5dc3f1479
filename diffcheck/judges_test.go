package diffcheck

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/testsupport/golden"
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

// TestEveryCompatRuleHasAJudge is the link from each breaking-change rule
// to the judge that emits it, as a check's Rules list is for a validation
// rule: every registered compat rule is a variable of this package that
// some function (its judge) names, and a fixture expects it (TestRegistry),
// so the judge is shown to emit it. The table, rule → judges, is kept in
// testdata/golden/judges.txt (go test ./diffcheck -run
// TestEveryCompatRuleHasAJudge -update after adding a rule or moving one).
func TestEveryCompatRuleHasAJudge(t *testing.T) {
	t.Parallel()
	idOf, judges := judgesOf(t)
	varOf := map[string]string{}
	for v, id := range idOf {
		varOf[id] = v
	}
	wanted := map[string]bool{}
	for _, c := range loadDiffCases(t, "testdata") {
		for _, w := range c.Wants {
			wanted[w.Rule] = true
		}
	}
	var lines []string
	for _, r := range rules.All() {
		if r.Kind != rules.Breaking {
			continue
		}
		v, ok := varOf[r.ID]
		if !ok {
			t.Errorf("%s: no compatRule record in package diffcheck declares it", r.ID)
			continue
		}
		js := judges[v]
		if len(js) == 0 {
			t.Errorf("%s (%s): no function names it, so nothing emits it", r.ID, v)
		}
		if !wanted[r.ID] {
			t.Errorf("%s: no fixture shows its judge emitting it", r.ID)
		}
		sort.Strings(js)
		lines = append(lines, fmt.Sprintf("%s %s: %s", r.ID, v, strings.Join(js, ", ")))
	}
	sort.Strings(lines)
	golden.Check(t, "judges.txt", []byte(strings.Join(lines, "\n")+"\n"))
}
