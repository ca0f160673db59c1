package matchtext_test

import (
	"errors"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/internal/matchtext"
)

func FuzzNameSimilarity(f *testing.F) {
	for _, s := range []string{"Nordlicht Solar-Technik GmbH i.L.", "Müller & Söhne KG", "e. K.", "\xff\xfe", "GmbH & Co. KG", "i. L. i. G."} {
		f.Add(s, "Nordlicht Solartechnik GmbH")
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		na, nb := matchtext.Normalize(a), matchtext.Normalize(b)
		s := matchtext.NameSimilarity(na, nb)
		if s < 0 || s > 1 || s != s {
			t.Fatalf("nameSimilarity(%q, %q) = %v, outside [0, 1]", a, b, s)
		}
		if na.Joined != "" && matchtext.NameSimilarity(na, na) != 1 {
			t.Fatalf("%q is not equal to itself", a)
		}
		if _, err := registerdata.ParseRegisterReference(a); err != nil && !errors.Is(err, registerdata.ErrInvalidRequest) {
			t.Fatalf("ParseRegisterReference(%q): %v", a, err)
		}
	})
}
