package searchengine

// index adds (or removes) document d to (or from) every column index.
func (t *table[R]) index(d uint32, add bool) {
	r := doc{&t.docs, d}
	for i, c := range t.cols {
		if c.num != nil {
			if c.num.unbuilt.pending.Load() {
				continue // built from the values on first use
			}
			var one [1]float64
			for _, v := range r.numsOf(i, &one) {
				if add {
					c.num.add(v, d)
				} else {
					c.num.remove(v, d)
				}
			}
			continue
		}
		if c.post.unbuilt.pending.Load() {
			continue // built from the values on first use
		}
		switch v := c.sv[d]; v {
		case 0:
		case manyStrings:
			if add {
				c.post.addMany(c.manyStrs[d], d)
			} else {
				c.post.removeMany(c.manyStrs[d], d)
			}
		default:
			t.post(c.post, v-1, d, add)
		}
	}
	at, n := t.tokAt[d], uint32(t.tokN[d])
	for _, id := range t.tokIDs[at : at+n] {
		t.post(t.tokens, id, d, add)
	}
}

// post adds d to (or removes it from) the posting of value number id in
// ps.
func (t *table[R]) post(ps *postings, id, d uint32, add bool) {
	if add {
		ps.add(id, d)
	} else {
		ps.remove(id, d)
	}
}
