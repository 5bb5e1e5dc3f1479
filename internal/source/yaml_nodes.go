package source

import (
	"fmt"

	"github.com/mcpschema/mcpschema/internal/limits"
)

// yamlNodeBytes is what a node of go.yaml.in/yaml/v3's tree costs the
// process at its peak, with what is built from it (values, problems) and
// the garbage collector's headroom: a node is 170 bytes live and 254
// allocated; at 350 the densest shapes measured (flow mappings of repeated
// keys, one pair per item, a tag and an anchor on every item, plain flow
// items) peak at 52 to 82% of the memory target at the bound.
const yamlNodeBytes = 350

// yamlNodeEstimate returns an upper bound on the nodes go.yaml.in/yaml/v3
// builds for data (its first two documents), without parsing it, or the
// byte offset at which the bound passes max (-1 when it does not).
//
// Every node but the first of a document is opened next to an indicator:
// a flow collection starts at "[" or "{", an entry follows "," or ends at
// "]" or "}", a mapping pair has ":" (or "?"), and a block sequence entry
// "-" followed by a space; a pair or an entry adds at most two nodes (the
// key or the mapping, and the value, possibly empty). So each indicator
// counts as the nodes it can add, wherever it is written: a bound that no
// quoting, comment or block scalar can hide nodes from (real files, whose
// prose also holds such bytes, count two to four times their nodes).
func yamlNodeEstimate(data []byte, max int) (n, over int) {
	n = 4 // two documents and their roots
	for i, b := range data {
		switch b {
		case '[', '{', ']', '}':
			n++
		case ',', ':':
			n += 2
		case '-', '?':
			if i+1 == len(data) || data[i+1] == ' ' || data[i+1] == '\t' || data[i+1] == '\n' || data[i+1] == '\r' {
				n += 2
			}
		default:
			continue
		}
		if n > max {
			return n, i
		}
	}
	return n, -1
}

// yamlNodeMemory is the memory a YAML file may give the node tree: the
// target for any input is 64 MB + 20 × its size, of which the
// tree may take 48 MB + 20 × the size.
func yamlNodeMemory(size int) int { return 48<<20 + 20*size }

// yamlMaxNodes is the bound on yamlNodeEstimate for a file of size bytes:
// the nodes whose tree fits yamlNodeMemory, more when limits.max-file-values
// is raised above its default (in proportion), never less. Real YAML
// estimates at one node per 6 to 190 bytes (314 files on this machine:
// OpenAPI documents, CI workflows, test data), and the corpus written as
// block YAML at one per 17.8: such files are refused from 1.4 MB at the
// densest, 4.3 MB for JSON read as YAML, never for block YAML like the
// corpus's.
func yamlMaxNodes(size int, lim Limits) int {
	n := yamlNodeMemory(size) / yamlNodeBytes
	if lim.MaxValues > DefaultLimits.MaxValues {
		n = int(int64(n) * int64(lim.MaxValues) / int64(DefaultLimits.MaxValues))
	}
	return n
}

// yamlTooManyNodes refuses, before go.yaml.in/yaml/v3 builds any node, a
// file whose text may hold more nodes than yamlMaxNodes: the library
// builds its whole tree (254 bytes allocated a node) before limits.max-file-values
// can be applied, so 2 MB of "[x,x,…]" would cost 226 MB and 10 MB 944 MB.
// The problem is at the place where the estimate passes the bound.
func yamlTooManyNodes(data []byte, lim Limits) (Problem, bool) {
	max := yamlMaxNodes(len(data), lim)
	_, at := yamlNodeEstimate(data, max)
	if at < 0 {
		return Problem{}, false
	}
	return Problem{Kind: ProblemTooMany, Pos: newLineTable(data).pos(at), Fatal: true, Limit: limits.MaxFileValues, Message: fmt.Sprintf(
		"too many values for the file's size: by here the YAML text may hold more than %d values and keys, more than a file of %d bytes may build in memory (64 MB + 20 × its size); the file is not checked (%s to allow it, or write the file as JSON, which is read in less memory)",
		max, len(data), limits.MaxFileValues.Raise())}, true
}
