package limits

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// TestKeysSpelledOnce: a limit key appears in a string of production code
// only here; every other message, rule doc and config reader names it
// through a Key (k.Config(), k.Raise()), so a renamed key cannot leave a
// message behind. Tests and comments may spell keys.
func TestKeysSpelledOnce(t *testing.T) {
	t.Parallel()
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (strings.HasPrefix(name, ".") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || path == filepath.Join(root, "internal", "limits", "limits.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			for _, s := range All {
				if strings.Contains(lit.Value, string(s.Key)) {
					t.Errorf("%s: the limit key %q is spelled in a string; name it through limits.%s", fset.Position(lit.Pos()), s.Key, goName(s.Key))
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestKeysDistinct: no key is a part of another, so a message naming one
// never seems to name another, and All lists each once.
func TestKeysDistinct(t *testing.T) {
	t.Parallel()
	for i, a := range All {
		for j, b := range All {
			if i != j && strings.Contains(string(a.Key), string(b.Key)) {
				t.Errorf("key %q contains key %q", a.Key, b.Key)
			}
		}
	}
}

// goName is the constant's name of k ("max-file-tools": MaxFileTools).
func goName(k Key) string {
	var b strings.Builder
	for _, w := range strings.Split(string(k), "-") {
		b.WriteString(strings.ToUpper(w[:1]) + w[1:])
	}
	return b.String()
}
