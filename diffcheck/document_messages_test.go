package diffcheck

import (
	"strings"
	"testing"
)

// TestResourceRemovedHintNamesAnotherURI: a removed resource's message
// points at a resource of the same name only when that one is at another
// uri (a variant of the same uri whose scope lost a version is no move).
func TestResourceRemovedHintNamesAnotherURI(t *testing.T) {
	t.Parallel()
	base := boundDoc(t, `"resources": [{"uri": "x://a", "name": "a"}]`)
	head := boundDoc(t, `"resources": [{"uri": "x://a", "name": "a", "protocolVersions": ["2025-11-25"]}]`)
	got := CompareDocument(base, head)
	if len(got) != 1 || got[0].Rule != RuleResourceRemoved.ID {
		t.Fatalf("got %v, want one %s", got, RuleResourceRemoved.ID)
	}
	if strings.Contains(got[0].Message, "now at") {
		t.Errorf("message points at the same uri: %s", got[0].Message)
	}
}
