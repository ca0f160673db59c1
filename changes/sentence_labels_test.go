package changes

import (
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// TestDerivedLabelsStayBoundedAndOwnTheirKeys: labels made from fields'
// names are kept for at most derivedMax fields of at most derivedLen
// bytes, each under a key of its own (not a part of the text the field
// came from), and a kept label reads as a new one would.
func TestDerivedLabelsStayBoundedAndOwnTheirKeys(t *testing.T) {
	for _, k := range []Kind{Added, Removed, Modified} {
		for _, f := range []string{"status", "legal_form", "contact.email", "contact.social_media.xing", "representation.end_date"} {
			first, again := labelOf(f, k), labelOf(f, k)
			if first.the != again.the || first.joined != again.joined || first.left != again.left || first.of != again.of {
				t.Fatalf("labelOf(%q, %s) kept %+v, made %+v", f, k, again, first)
			}
			if want := deriveLabel(f).l.the; first.the != want {
				t.Fatalf("labelOf(%q, %s).the = %q, want %q", f, k, first.the, want)
			}
		}
	}
	if l := labelOf("status", Added); l.joined != "was added to the status" {
		t.Fatalf("an added member's verb after the label was kept: %q", l.joined)
	}

	text := strings.Repeat("x", 100) + "kept_field" // a field inside a longer text
	field := text[100:]
	labelOf(field, Modified)
	if _, ok := derivedLabels.Load("kept_field"); !ok {
		t.Fatal("a short field's label was not kept")
	}
	derivedLabels.Range(func(k, _ any) bool {
		if s := k.(string); s == "kept_field" && unsafe.StringData(s) == unsafe.StringData(field) {
			t.Fatal("the kept key shares the text the field came from")
		}
		return true
	})

	long := strings.Repeat("y", derivedLen+1)
	labelOf(long, Modified)
	if _, ok := derivedLabels.Load(long); ok {
		t.Fatalf("a field of %d bytes was kept", len(long))
	}

	for i := range derivedMax + 100 {
		labelOf("hostile_"+strconv.Itoa(i), Modified)
	}
	n := 0
	derivedLabels.Range(func(any, any) bool { n++; return true })
	if n > derivedMax {
		t.Fatalf("%d labels kept, at most %d", n, derivedMax)
	}
}
