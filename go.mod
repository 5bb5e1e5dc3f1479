module github.com/mcpschema/mcpschema

go 1.26.0

require (
	github.com/bmatcuk/doublestar/v4 v4.10.4
	github.com/go-json-experiment/json v1.27.2
	go.yaml.in/yaml/v3 v3.0.6
	golang.org/x/tools v0.52.0
)
