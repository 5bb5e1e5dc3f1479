package load

import (
	"errors"
	"fmt"
	"os"

	"github.com/mcpschema/mcpschema/internal/source"
)

// ReadWorkFile reads and parses one matched file, as source.ReadFile
// does; a file that cannot be read becomes a file with that problem.
func ReadWorkFile(m WorkFile, lim source.Limits) *source.File {
	data, f := ReadWorkBytes(m, lim)
	if f != nil {
		return f
	}
	return source.Parse(m.Display, data, lim)
}

// ReadWorkBytes reads a matched file's bytes (at most lim.MaxBytes+1, zero:
// source.DefaultLimits.MaxBytes); a file that cannot be read comes back as
// a file with that problem instead.
func ReadWorkBytes(m WorkFile, lim source.Limits) ([]byte, *source.File) {
	lim = lim.WithDefaults()
	if m.Problem != "" {
		return nil, source.Unreadable(m.Display, m.Problem)
	}
	data, err := source.ReadLimited(m.Abs, m.Display, lim.MaxBytes)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, source.Unreadable(m.Display, fmt.Sprintf("cannot read file: %v", err))
	}
	return data, nil
}
