package pipeline

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestOnePoolAndOneEngine reads every production source of the module: a
// run builds one worker pool and one schema engine, shared by validation
// and the diff, because pool.New and schema.NewEngine are called only at
// the pipeline's entry points (Run, Compare, CompareFiles: once on each
// path through them) and, in validate and diffcheck, only as the fallback
// of a caller that passes no engine (inside `if eng == nil`), and the
// pipeline passes its engine to every check and judge (never a literal nil).
func TestOnePoolAndOneEngine(t *testing.T) {
	t.Parallel()
	want := map[string]int{
		"pool.New in cmd/internal/pipeline.Run":                            1,
		"pool.New in cmd/internal/pipeline.Compare":                        1,
		"pool.New in cmd/internal/pipeline.CompareFiles":                   1,
		"schema.NewEngine in cmd/internal/pipeline.Run":                    2, // with a base, or without: one of if/else
		"schema.NewEngine in cmd/internal/pipeline.withoutInvalidVerdicts": 1,
		"schema.NewEngine in diffcheck.NewDiffer (if eng == nil)":          1,
		"schema.NewEngine in validate.checkFileSkipping (if eng == nil)":   1,
	}
	got := map[string]int{}
	root := filepath.Join("..", "..", "..")
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); path != root && (strings.HasPrefix(n, ".") || n == "testdata" || n == "testsupport") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		pkg := filepath.ToSlash(rel)
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			var guards []bool // enclosing ifs: whether each tests eng == nil
			var walk func(n ast.Node)
			walk = func(root ast.Node) {
				ast.Inspect(root, func(n ast.Node) bool {
					switch x := n.(type) {
					case *ast.IfStmt:
						if ast.Node(x) == root {
							return true
						}
						guards = append(guards, isEngNil(x.Cond))
						walk(x.Body)
						guards = guards[:len(guards)-1]
						if x.Else != nil {
							walk(x.Else)
						}
						return false
					case *ast.CallExpr:
						name := callName(x)
						if name == "pool.New" || name == "schema.NewEngine" {
							key := name + " in " + pkg + "." + fn.Name.Name
							for _, g := range guards {
								if g {
									key += " (if eng == nil)"
									break
								}
							}
							got[key]++
						}
						if pkg == "cmd/internal/pipeline" && (strings.HasPrefix(name, "validate.") || name == "diffcheck.NewDiffer") {
							for _, a := range x.Args {
								if id, ok := a.(*ast.Ident); ok && id.Name == "nil" {
									t.Errorf("%s: %s called with nil: pass the run's engine", fset.Position(x.Pos()), name)
								}
							}
						}
					}
					return true
				})
			}
			walk(fn.Body)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k := range want {
		keys = append(keys, k)
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		if got[k] != want[k] {
			t.Errorf("%s: %d calls, want %d (a run builds one pool and one engine: build them in the pipeline and pass them down)", k, got[k], want[k])
		}
	}
}

// callName is "pkg.Func" for a call of a package's function.
func callName(c *ast.CallExpr) string {
	sel, ok := c.Fun.(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	id, ok := sel.X.(*ast.Ident)
	if !ok {
		return ""
	}
	return id.Name + "." + sel.Sel.Name
}

// isEngNil reports whether cond is `eng == nil`.
func isEngNil(cond ast.Expr) bool {
	b, ok := cond.(*ast.BinaryExpr)
	if !ok || b.Op != token.EQL {
		return false
	}
	x, ok1 := b.X.(*ast.Ident)
	y, ok2 := b.Y.(*ast.Ident)
	return ok1 && ok2 && x.Name == "eng" && y.Name == "nil"
}
