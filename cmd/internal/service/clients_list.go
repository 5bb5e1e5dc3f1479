package service

import "github.com/mcpschema/mcpschema/validate"

// ClientProfile is a client profile with its constraints, what `mcpschema
// rules --clients` lists.
type ClientProfile struct {
	*validate.ClientProfile
	// Constraints are the profile's constraints, sorted by rule id.
	Constraints []*validate.ClientConstraint
}

// ClientProfiles returns every client profile with its constraints,
// defaults first.
func ClientProfiles() []ClientProfile {
	all := validate.ClientConstraints()
	var out []ClientProfile
	for _, p := range validate.ClientProfiles() {
		cp := ClientProfile{ClientProfile: p}
		for _, c := range all {
			if c.Profile == p {
				cp.Constraints = append(cp.Constraints, c)
			}
		}
		out = append(out, cp)
	}
	return out
}

// LookupClient returns the client profile with the given id.
func LookupClient(id string) (ClientProfile, bool) {
	for _, p := range ClientProfiles() {
		if p.ID == id {
			return p, true
		}
	}
	return ClientProfile{}, false
}

// ClientIDs are the ids of every client profile.
func ClientIDs() []string { return validate.ClientIDs() }
