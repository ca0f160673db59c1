package matchtext

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestNormalizeNameKept: a kept form is the name's own, the first time
// and when read back, for more names than there are slots (names
// displace one another) and from several goroutines at once; a name
// longer than maxNormalizedName is normalised but not kept.
func TestNormalizeNameKept(t *testing.T) {
	forms := []string{"GmbH", "GmbH & Co. KG", "e.K.", "AG i.L.", "UG (haftungsbeschränkt)", "Gesellschaft mit beschränkter Haftung"}
	var names []string
	for i := range 2 * normalizedSlots {
		names = append(names, fmt.Sprintf("Müller %d Bau %s", i, forms[i%len(forms)]))
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for round := range 2 {
				for i := g; i < len(names); i += 4 {
					if got, want := NormalizeKept(names[i]), Normalize(names[i]); !assert.Equal(t, want, got, "round %d: %q", round, names[i]) {
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	long := strings.Repeat("Nord", maxNormalizedName/4) + " Bau GmbH"
	assert.Equal(t, Normalize(long), NormalizeKept(long))
	slot := &normalizedNames.slots[hashSlot(long)]
	if e := slot.Load(); e != nil {
		assert.NotEqual(t, long, e.name, "a long name is not kept")
	}
	kept := names[7]
	NormalizeKept(kept)
	e := normalizedNames.slots[hashSlot(kept)].Load()
	if assert.NotNil(t, e) {
		assert.Equal(t, kept, e.name, "a name asked for last is kept")
	}
}
