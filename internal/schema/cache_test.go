package schema

import (
	"encoding/json"
	"fmt"
	"strconv"
	"sync"
	"testing"
)

func TestCacheSharesResults(t *testing.T) {
	t.Parallel()
	e := NewEngine(testLimits)
	doc := parse(t, `{"type":"object","properties":{"a":{"type":"string"},"b":{"minimum":1}}}`)
	a := e.Check(doc)
	if b := e.Check(doc); a != b {
		t.Error("one schema was checked twice")
	}
	c := e.Check(parse(t, `{"type":"object","properties":{"a":{"type":"string"},"b":{"minimum":1.0}}}`))
	if a == c {
		t.Error("different schemas share a result")
	}
}

func TestCacheDialectIsPartOfKey(t *testing.T) {
	t.Parallel()
	e := NewEngine(testLimits)
	a := e.Check(parse(t, `{"items":[{}]}`))
	b := e.Check(parse(t, `{"$schema":"http://json-schema.org/draft-07/schema#","items":[{}]}`))
	if len(a.Problems) != 1 || len(b.Problems) != 0 {
		t.Errorf("2020-12 %q, draft-07 %q", kinds(a.Problems), kinds(b.Problems))
	}
}

func TestEngineConcurrent(t *testing.T) {
	t.Parallel()
	e := NewEngine(testLimits)
	var wg sync.WaitGroup
	results := make([][]*Checked, 4)
	schemas := make([]map[string]any, 10)
	for i := range schemas {
		schemas[i] = map[string]any{"type": "object", "properties": map[string]any{
			fmt.Sprint("p", i): map[string]any{"type": "string", "pattern": "^(?=a)"}}}
	}
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 50; i++ {
				cs := e.Check(schemas[i%10])
				if _, ok := cs.Validate(map[string]any{"p1": "abc"}); !ok {
					t.Error("no verdict")
				}
				results[g] = append(results[g], cs)
			}
		}(g)
	}
	wg.Wait()
	for g := 1; g < 4; g++ {
		for i := range results[g] {
			if results[g][i] != results[0][i] {
				t.Fatalf("goroutine %d schema %d compiled separately", g, i)
			}
		}
	}
}

func TestCacheBounded(t *testing.T) {
	t.Parallel()
	c := newCache(8)
	for i := 0; i < 1000; i++ {
		doc := map[string]any{"minimum": json.Number(strconv.Itoa(i))}
		k, _ := keyOf(doc, Dialect2020)
		c.get(k, doc, func() *Checked { return &Checked{} })
	}
	if len(c.entries) > 8 || len(c.fifo) > 8 {
		t.Errorf("cache holds %d entries, bound 8", len(c.entries))
	}
}
