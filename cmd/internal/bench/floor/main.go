// Command floor is the parse-only floor of the benchmark: it reads and
// decodes every file named on the command line (paths or globs) with
// encoding/json, one worker per CPU like mcpschema, and does nothing else.
//
// Usage: floor 'dir/list/*.json'
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
)

func main() {
	var paths []string
	for _, a := range os.Args[1:] {
		m, err := filepath.Glob(a)
		if err != nil || len(m) == 0 {
			m = []string{a}
		}
		paths = append(paths, m...)
	}
	var values, failed atomic.Int64
	next := make(chan string)
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range next {
				data, err := os.ReadFile(p)
				if err != nil {
					failed.Add(1)
					continue
				}
				dec := json.NewDecoder(bytes.NewReader(data))
				dec.UseNumber()
				var v any
				if dec.Decode(&v) != nil {
					failed.Add(1)
					continue
				}
				values.Add(1)
			}
		}()
	}
	for _, p := range paths {
		next <- p
	}
	close(next)
	wg.Wait()
	fmt.Printf("%d files decoded, %d failed\n", values.Load(), failed.Load())
}
