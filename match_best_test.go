package registerdata

import "testing"

// bestOf runs best over candidates with the given scores; ident marks
// the ones an identifier of the query resolved to.
func bestOf(scores []float64, ident []bool) string {
	m := &matcher{o: MatchOptions{MinScore: DefaultMatchMinScore}, cands: map[string]*matchCand{}}
	for i, s := range scores {
		c := &matchCand{res: CompanySearchResult{CompanyID: string(rune('A' + i))}, score: s, ident: ident[i]}
		m.cands[c.res.CompanyID] = c
		m.order = append(m.order, c)
	}
	if b := m.best(); b != nil {
		return b.res.CompanyID
	}
	return ""
}

// TestBestIdentifierVeto: when an identifier of the query names another
// company, there is no Best, however well a name fits.
func TestBestIdentifierVeto(t *testing.T) {
	if got := bestOf([]float64{1, 0.5}, []bool{false, true}); got != "" {
		t.Errorf("the name fits A (1) and the VAT id names B: Best = %q, want none", got)
	}
	if got := bestOf([]float64{1, 0.5}, []bool{false, false}); got != "A" {
		t.Errorf("no identifier: Best = %q, want A", got)
	}
	if got := bestOf([]float64{0.99, 0.5}, []bool{true, false}); got != "A" {
		t.Errorf("the identifier names the top candidate: Best = %q, want A", got)
	}
}

// TestBestNeedsClearLead: the top candidate must lead the next by 0.05.
func TestBestNeedsClearLead(t *testing.T) {
	for _, c := range []struct {
		scores []float64
		want   string
	}{
		{[]float64{0.96, 0.92}, ""},  // 0.04 ahead: too close
		{[]float64{0.96, 0.94}, ""},  // 0.02 ahead
		{[]float64{0.90, 0.885}, ""}, // 0.015 ahead
		{[]float64{0.96, 0.90}, "A"}, // 0.06 ahead
		{[]float64{1, 0.85}, "A"},
		{[]float64{0.84, 0.1}, ""}, // below MinScore
	} {
		if got := bestOf(c.scores, []bool{false, false}); got != c.want {
			t.Errorf("scores %v: Best = %q, want %q", c.scores, got, c.want)
		}
	}
}
