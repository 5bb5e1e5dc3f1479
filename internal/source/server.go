package source

// ServerName is the name of the server a file describes: the info.name of
// a readable MCP Description document, "" for every other file (tools/list
// results, JSON-RPC responses, arrays and single tools name no server).
func ServerName(f *File) string {
	if f == nil || f.Fatal() || f.Shape != ShapeDescription {
		return ""
	}
	root, _ := f.Root.(map[string]any)
	info, _ := root["info"].(map[string]any)
	name, _ := info["name"].(string)
	return name
}
