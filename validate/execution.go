package validate

import (
	"github.com/mcpschema/mcpschema/internal/rules"
)

// RuleToolTaskSupport checks a tool's execution object.
var RuleToolTaskSupport = rules.New(rules.Rule{
	ID: "mcp.tool.execution.task-support", Owner: "mcp", Level: rules.Must, Severity: rules.Error,
	Versions: []string{"2025-11-25"},
	Title:    "bad execution.taskSupport",
	Summary:  "a tool's execution is an object whose taskSupport is \"forbidden\", \"optional\" or \"required\"",
	Doc: "MCP 2025-11-25 (schema.ts, interface Tool, execution?: {taskSupport?: \"forbidden\" | \"optional\" | \"required\"}, SEP-1686; MCP Description 0.8.0 section 9.7): execution is an object, and its taskSupport, when present, is one of \"forbidden\" (the default), \"optional\" or \"required\". " +
		"A client that meets another value cannot tell whether it may or must call the tool as a task. 2026-07-28 moved tasks to an extension and defines no execution (mcpdesc.tool.field-version reports it in documents). Applies to every file shape whose scope includes 2025-11-25.",
	Fix: "write execution as {\"taskSupport\": \"optional\"} with \"forbidden\", \"optional\" or \"required\", or remove it",
})

// taskSupportValues are the values of execution.taskSupport.
var taskSupportValues = []string{"forbidden", "optional", "required"}

// checkExecution checks execution and execution.taskSupport.
func checkExecution(c *ToolContext) {
	if c.Tool.Value == nil {
		return
	}
	raw, has := c.Tool.Value["execution"]
	vs := c.Among(RuleToolTaskSupport.Versions)
	if !has || len(vs) == 0 {
		return
	}
	ptr := c.Ptr("execution")
	obj, ok := raw.(map[string]any)
	if !ok {
		c.Report(RuleToolTaskSupport, ptr, vs,
			"tool execution is %s, not an object: write it as {\"taskSupport\": \"optional\"}, or remove it", jsonType(raw))
		return
	}
	ts, has := obj["taskSupport"]
	if s, isStr := ts.(string); has && (!isStr || !contains(taskSupportValues, s)) {
		c.Report(RuleToolTaskSupport, joinPtr(ptr, "taskSupport"), vs,
			"execution taskSupport %s is not %s: use one of them, or remove it (the default is \"forbidden\")", compactJSON(ts), quoteAlternatives(taskSupportValues))
	}
}
