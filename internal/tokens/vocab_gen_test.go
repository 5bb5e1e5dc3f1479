package tokens

import (
	"bytes"
	"encoding/binary"
	"flag"
	"os"
	"testing"

	"github.com/tiktoken-go/tokenizer/codec"
)

var update = flag.Bool("update", false, "rewrite o200k_base.tokens from the pinned module")

// moduleVocabulary writes the pinned module's o200k_base vocabulary in
// vocab.go's format: for each rank from 0, its token's length (uvarint; 0
// for a rank without a token) and bytes.
func moduleVocabulary(t testing.TB) []byte {
	enc := codec.NewO200kBase()
	var out bytes.Buffer
	var n [binary.MaxVarintLen64]byte
	missing := 0
	for r := uint(0); ; r++ {
		tok, err := enc.Decode([]uint{r})
		if err != nil {
			missing++
			if missing > 64 { // past the last rank
				break
			}
			out.Write(n[:binary.PutUvarint(n[:], 0)])
			continue
		}
		missing = 0
		out.Write(n[:binary.PutUvarint(n[:], uint64(len(tok)))])
		out.WriteString(tok)
	}
	// drop the trailing ranks without a token
	b := out.Bytes()
	for len(b) > 0 && b[len(b)-1] == 0 {
		b = b[:len(b)-1]
	}
	return b
}

// TestVocabularyIsTheModules: the embedded vocabulary (o200k_base.tokens)
// is the pinned module's, rank for rank: go.mod pins the module, and this
// pins the file to it. Regenerate with -update after upgrading the module.
func TestVocabularyIsTheModules(t *testing.T) {
	want := moduleVocabulary(t)
	if *update {
		if err := os.WriteFile("o200k_base.tokens", want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal([]byte(vocabFile), want) {
		t.Fatalf("o200k_base.tokens (%d bytes) is not the module's vocabulary (%d bytes): go test ./internal/tokens -run TestVocabularyIsTheModules -update", len(vocabFile), len(want))
	}
}
