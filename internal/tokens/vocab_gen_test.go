package tokens

import (
	"bytes"
	"flag"
	"os"
	"testing"

	"github.com/tiktoken-go/tokenizer/codec"
)

var update = flag.Bool("update", false, "rewrite o200k_base.tokens from the pinned module")

// moduleVocabulary lays out the pinned module's o200k_base vocabulary
// as vocabFile is.
func moduleVocabulary(t testing.TB) []byte {
	enc := codec.NewO200kBase()
	var tokens []string
	missing := 0
	for r := uint(0); missing <= 64; r++ { // past the last rank, a run of ranks without a token
		tok, err := enc.Decode([]uint{r})
		if err != nil {
			missing++
			tokens = append(tokens, "")
			continue
		}
		missing = 0
		tokens = append(tokens, tok)
	}
	for len(tokens) > 0 && tokens[len(tokens)-1] == "" {
		tokens = tokens[:len(tokens)-1]
	}
	return writeVocab(tokens)
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
