package validate

// DefaultClients are the ids of the profiles reported when no clients are named.
func DefaultClients() []string {
	var out []string
	for _, p := range clientProfiles {
		if p.Default {
			out = append(out, p.ID)
		}
	}
	return out
}
