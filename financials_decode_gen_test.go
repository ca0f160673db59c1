package registerdata_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

// finGen writes random financials answers: row trees of random depth and
// width (lists from one row to far more than a chunk of the decoder's
// row arena), members in random order, some of them twice (a second
// "children" decodes into the list the first one left), keys in other
// cases, unknown keys, nulls, empty lists and maps, repeated and long
// names with escapes, and white space between tokens.
type finGen struct {
	r    *rand.Rand
	b    bytes.Buffer
	rows int // rows the answer may still have
}

func (g *finGen) ws() {
	if g.r.IntN(8) == 0 {
		g.b.WriteString([]string{" ", "\n  ", "\t", "\r\n"}[g.r.IntN(4)])
	}
}

func (g *finGen) key(k string) {
	g.ws()
	if g.r.IntN(20) == 0 {
		k = strings.ToUpper(k[:1]) + k[1:]
	}
	fmt.Fprintf(&g.b, "%q", k)
	g.ws()
	g.b.WriteByte(':')
	g.ws()
}

// object writes the members (each writes its value) in random order,
// one of them twice or not at all now and then, with an unknown member
// now and then.
func (g *finGen) object(members map[string]func()) {
	names := make([]string, 0, len(members))
	for k := range members {
		names = append(names, k)
	}
	g.r.Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
	switch g.r.IntN(6) {
	case 0:
		names = append(names, names[g.r.IntN(len(names))])
	case 1:
		names = names[1:]
	}
	g.b.WriteByte('{')
	for i, k := range names {
		if i > 0 {
			g.b.WriteByte(',')
		}
		g.key(k)
		members[k]()
	}
	if g.r.IntN(10) == 0 {
		if len(names) > 0 {
			g.b.WriteByte(',')
		}
		g.b.WriteString(`"unknown":{"rows":[{"children":[1,"x",null]}]}`)
	}
	g.b.WriteByte('}')
}

func (g *finGen) list(n int, elem func()) {
	switch g.r.IntN(12) {
	case 0:
		g.b.WriteString("null")
		return
	case 1:
		g.b.WriteString("[]")
		return
	}
	g.b.WriteByte('[')
	for i := range n {
		if i > 0 {
			g.b.WriteByte(',')
			g.ws()
		}
		elem()
	}
	g.b.WriteByte(']')
}

var finNames = []string{"Anlagevermögen", "Summe Aktiva", "Forderungen und sonstige Vermögensgegenstände",
	`Kasse \"bar\" \u00e4`, "I. Sachanlagen", strings.Repeat("Rückstellungen für Pensionen ", 6), "", "A"}

func (g *finGen) str() {
	if g.r.IntN(15) == 0 {
		g.b.WriteString("null")
		return
	}
	fmt.Fprintf(&g.b, `"%s%s"`, finNames[g.r.IntN(len(finNames))], []string{"", "", "", "x", "\\n", "é"}[g.r.IntN(6)])
}

func (g *finGen) int() {
	if g.r.IntN(4) == 0 {
		g.b.WriteString("null")
		return
	}
	fmt.Fprint(&g.b, g.r.Int64N(1<<40)-1<<30)
}

// width picks a list length: mostly short, sometimes past a chunk,
// within the rows the answer may still have.
func (g *finGen) width(depth int) int {
	n := 0
	switch {
	case depth > 3:
	case g.r.IntN(10) == 0:
		n = 20 + g.r.IntN(60)
	default:
		n = g.r.IntN(5 - depth)
	}
	n = min(n, g.rows)
	g.rows -= n
	return n
}

func (g *finGen) row(depth int) {
	g.object(map[string]func(){
		"name":           g.str,
		"formatted_name": g.str,
		"current_value":  g.int,
		"previous_value": g.int,
		"children":       func() { g.list(g.width(depth+1), func() { g.row(depth + 1) }) },
	})
}

func (g *finGen) mergedRow(depth int) {
	g.object(map[string]func(){
		"name": g.str,
		"values": func() {
			if g.r.IntN(10) == 0 {
				g.b.WriteString("null")
				return
			}
			g.b.WriteByte('{')
			for i := range g.r.IntN(6) {
				if i > 0 {
					g.b.WriteByte(',')
				}
				g.key(fmt.Sprintf("20%02d-12-31", 18+g.r.IntN(6)))
				g.int()
			}
			g.b.WriteByte('}')
		},
		"children": func() { g.list(g.width(depth+1), func() { g.mergedRow(depth + 1) }) },
	})
}

func (g *finGen) table(row func(int)) {
	g.object(map[string]func(){"rows": func() { g.list(max(1, g.width(0)), func() { row(0) }) }})
}

func (g *finGen) doc() []byte {
	g.b.Reset()
	g.rows = 300
	g.object(map[string]func(){
		"indicators": func() {
			g.list(g.r.IntN(4), func() {
				g.object(map[string]func(){"date": func() { g.b.WriteString(`"2023-12-31"`) }, "revenue": g.int, "employees": g.int})
			})
		},
		"merged": func() {
			g.object(map[string]func(){
				"aktiva": func() { g.table(g.mergedRow) }, "passiva": func() { g.table(g.mergedRow) },
				"guv": func() { g.table(g.mergedRow) },
			})
		},
		"reports": func() {
			g.list(1+g.r.IntN(4), func() {
				g.object(map[string]func(){
					"report_id":       func() { fmt.Fprintf(&g.b, `"r%d"`, g.r.IntN(3)) },
					"report_end_date": func() { g.b.WriteString(`"2023-12-31"`) },
					"aktiva":          func() { g.table(g.row) }, "passiva": func() { g.table(g.row) },
					"guv":     func() { g.table(g.row) },
					"sources": func() { g.list(g.r.IntN(3), func() { g.b.WriteString(`{"html_url":"https://files.example/r.html"}`) }) },
				})
			})
		},
	})
	return bytes.Clone(g.b.Bytes())
}

// TestFinancialsDecodeMatchesEncodingJSON: on generated answers, the
// client's decoder gives exactly what encoding/json gives in the same
// structs (nulls and empty lists and maps as they are), also when an
// answer is decoded into the result of the one before (lists and their
// elements are reused, as encoding/json reuses them) and after a decode
// that failed half way.
func TestFinancialsDecodeMatchesEncodingJSON(t *testing.T) {
	g := &finGen{r: rand.New(rand.NewPCG(31, 4))}
	plainT := plainType(reflect.TypeFor[registerdata.Financials](), map[reflect.Type]reflect.Type{})
	tree := func(v any) any {
		b, err := json.Marshal(v)
		require.NoError(t, err)
		var x any
		require.NoError(t, json.Unmarshal(b, &x))
		return x
	}
	rows := 0
	for i := range 150 {
		var sdk registerdata.Financials
		plain := reflect.New(plainT).Interface()
		for pass := range 2 {
			doc := g.doc()
			require.NoError(t, json.Unmarshal(doc, plain), "%d: %s", i, doc)
			// A decode that fails half way leaves nothing behind for the next.
			require.Error(t, registerdata.DecodeAnswer(doc[:len(doc)/2], new(registerdata.Financials)))
			require.NoError(t, registerdata.DecodeAnswer(doc, &sdk), "%d: %s", i, doc)
			require.Equal(t, tree(plain), tree(&sdk), "answer %d, pass %d: %s", i, pass, doc)
			rows += bytes.Count(doc, []byte(`"current_value"`))
		}
	}
	require.Greater(t, rows, 10_000, "the answers have row trees")
}
