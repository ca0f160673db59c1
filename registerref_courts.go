package registerdata

import (
	"strings"
	"sync"

	"github.com/registerdata/registerdata-go/internal/courts"
)

// courtSpelling is one spelling of a court's name as folded words.
type courtSpelling struct {
	words []string
	court courts.Court
}

// courtsByFirstWord indexes every spelling of every court of the table
// by its first folded word, so a text is scanned once.
var courtsByFirstWord = sync.OnceValue(func() map[string][]courtSpelling {
	out := map[string][]courtSpelling{}
	for _, c := range courts.All() {
		for _, n := range append([]string{c.Name}, c.Aliases...) {
			ws := strings.Fields(courts.Fold(n))
			if len(ws) > 0 {
				out[ws[0]] = append(out[ws[0]], courtSpelling{ws, c})
			}
		}
	}
	return out
})

// courtLabels are the words that announce a court ("Amtsgericht Köln",
// "des Amtsgerichts Köln", "Registergericht: Köln", "AG Köln") or follow
// it ("Köln (Amtsgericht)").
var courtLabels = map[string]bool{
	"amtsgericht": true, "amtsgerichts": true, "amtsgerichtes": true, "ag": true, "registergericht": true,
	"registergerichts": true, "gericht": true, "beim": true, "court": true,
}

// findCourt finds the court a register text names: among every spelling
// of every court of the table found in it, one a label announces wins,
// then one a label follows, then one without, then the longer spelling, then the
// first. ok is false when the text names no court of the table.
func findCourt(text string) (courts.Court, bool) {
	ws := strings.Fields(courts.Fold(text))
	index := courtsByFirstWord()
	var best courts.Court
	bestRank, found := -1, false
	for i, w := range ws {
		for _, sp := range index[w] {
			n := len(sp.words)
			if i+n > len(ws) || !equalWords(ws[i:i+n], sp.words) {
				continue
			}
			rank := 2 * n
			switch {
			case i > 0 && courtLabels[ws[i-1]]:
				rank += 100
			case i+n < len(ws) && (ws[i+n] == "amtsgericht" || ws[i+n] == "registergericht"):
				rank += 50 // "Köln (Amtsgericht)"; a label before a name counts more
			}
			if rank > bestRank {
				best, bestRank, found = sp.court, rank, true
			}
		}
	}
	return best, found
}

func equalWords(a, b []string) bool {
	for i := range b {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
