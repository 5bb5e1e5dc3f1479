package mcpdesc

// SnapshotMarker is the root extension of an MCP Description document
// written by `mcpschema snapshot --format mcpdesc`: an object whose
// protocolVersion is the version the server negotiated (MCP Description
// 0.8.0 section 14.2 lets the root carry x-* members).
const SnapshotMarker = "x-mcpschema-snapshot"
