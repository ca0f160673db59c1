package searchengine

import (
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestStrIndexMatchesMap applies the same random puts and deletes to a
// strIndex and a map, through growth and many deletions (which move
// slots back), and checks after each step that both answer alike for
// every string ever used.
func TestStrIndexMatchesMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	x := newStrIndex(0)
	want := map[string]uint32{}
	var keys []string // number -> string, as a table's ids
	byString := map[string]uint32{}
	for step := range 20_000 {
		s := "k" + strconv.Itoa(rng.IntN(3000))
		switch rng.IntN(3) {
		case 0, 1:
			n, ok := byString[s]
			if !ok {
				n = uint32(len(keys))
				keys = append(keys, s)
				byString[s] = n
			}
			_, held := want[s]
			if fresh := x.put(s, n, keys); fresh == held {
				t.Fatalf("step %d: put(%s) reported new=%v, map held it: %v", step, s, fresh, held)
			}
			want[s] = n
		default:
			x.delete(s, keys)
			delete(want, s)
		}
		if x.len() != len(want) {
			t.Fatalf("step %d: len %d, map %d", step, x.len(), len(want))
		}
		if step%500 == 0 {
			for _, k := range keys {
				got, ok := x.get(k, keys)
				w, wok := want[k]
				if ok != wok || got != w {
					t.Fatalf("step %d: get(%s) = %d, %v; map %d, %v", step, k, got, ok, w, wok)
				}
			}
		}
	}
}
