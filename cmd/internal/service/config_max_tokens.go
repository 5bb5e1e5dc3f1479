package service

import (
	"fmt"

	"github.com/mcpschema/mcpschema/internal/source"
	"github.com/mcpschema/mcpschema/validate"
)

// readMaxTokens reads max-tokens: a positive number, the budget of every
// server, or a mapping of server names to positive numbers.
func (c *Config) readMaxTokens(v any, ptr string) error {
	if m, ok := v.(map[string]any); ok {
		c.MaxTokens = validate.TokenBudget{Servers: map[string]int{}}
		for _, name := range sortedKeys(m) {
			n, err := positiveInt(m[name])
			if err != nil {
				return c.errAt(source.Join(ptr, name), fmt.Sprintf("max-tokens of server %q must be a positive whole number of tokens, not %s", name, configValueText(m[name])))
			}
			c.MaxTokens.Servers[name] = n
		}
		return nil
	}
	n, err := positiveInt(v)
	if err != nil {
		return c.errAt(ptr, fmt.Sprintf("max-tokens must be a positive whole number of tokens (the budget of each server's tool definitions) or a mapping of server names to numbers, not %s", configValueText(v)))
	}
	c.MaxTokens = validate.TokenBudget{All: n}
	return nil
}
