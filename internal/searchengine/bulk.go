package searchengine

import (
	"runtime"
	"slices"
	"sync"
)

// A bulk load (table.loading) only stores each document's key, values
// and name tokens as put is given them. finish then builds the result
// order and the name words' lists from what is stored, and each field's
// lists are built from it on first use (column.numbers, column.postings),
// in a few passes over pointer-free arrays: cheaper than keeping the
// indexes sorted document by document, and it leaves no spare capacity
// behind.

// finish ends a bulk load: it sorts the live documents into result order
// and builds the name-token lists from it, and ends each column's load
// (see build), in one worker per processor.
func (t *table[R]) finish() {
	t.loading = false
	jobs := []func(){func() { // the longest job, first
		t.buildOrder()
		t.buildTokens()
	}}
	for i := range t.cols {
		c := &t.cols[i]
		jobs = append(jobs, c.build)
	}
	runJobs(jobs)
	t.keys, t.ids = fit(t.keys), fit(t.ids)
	t.tokAt, t.tokN, t.tokIDs = fit(t.tokAt), fit(t.tokN), fit(t.tokIDs)
}

// runJobs runs jobs in one worker per processor and returns when all
// are done.
func runJobs(jobs []func()) {
	next := make(chan func(), len(jobs))
	for _, job := range jobs {
		next <- job
	}
	close(next)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(jobs)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for job := range next {
				job()
			}
		}()
	}
	wg.Wait()
}

// buildOrder sorts the live documents by key.
func (t *table[R]) buildOrder() {
	order := t.order[:0]
	t.alive.each(func(d uint32) bool {
		order = append(order, d)
		return true
	})
	t.order = fit(sortParallel(order, t.cmpDocs, func(part []uint32) {
		sortByString(part, func(d uint32) string { return t.keys[d] })
	}))
	t.rank.Store(nil)
}

// sortParallel sorts s by cmp, which must order no two elements alike,
// on every processor: the parts are sorted at once with sortPart (which
// sorts as cmp does), then merged pairwise. The result is s or a slice of
// the same length.
func sortParallel[T any](s []T, cmp func(a, b T) int, sortPart func([]T)) []T {
	parts := runtime.GOMAXPROCS(0)
	if parts < 2 || len(s) < 1<<15 {
		sortPart(s)
		return s
	}
	size := (len(s) + parts - 1) / parts
	var wg sync.WaitGroup
	for lo := 0; lo < len(s); lo += size {
		wg.Add(1)
		go func(part []T) {
			defer wg.Done()
			sortPart(part)
		}(s[lo:min(lo+size, len(s))])
	}
	wg.Wait()
	dst := make([]T, len(s))
	for ; size < len(s); size *= 2 {
		for lo := 0; lo < len(s); lo += 2 * size {
			wg.Add(1)
			go func(lo int) {
				defer wg.Done()
				mid, hi := min(lo+size, len(s)), min(lo+2*size, len(s))
				merge(dst[lo:hi], s[lo:mid], s[mid:hi], cmp)
			}(lo)
		}
		wg.Wait()
		s, dst = dst, s
	}
	return s
}

// merge writes the sorted a and b, merged, to dst.
func merge[T any](dst, a, b []T, cmp func(a, b T) int) {
	i, j := 0, 0
	for k := range dst {
		if j == len(b) || i < len(a) && cmp(a[i], b[j]) < 0 {
			dst[k], i = a[i], i+1
		} else {
			dst[k], j = b[j], j+1
		}
	}
}

// buildTokens fills the name-token lists in result order, the order a
// name search reads them in.
func (t *table[R]) buildTokens() {
	ps := t.tokens
	each := func(fn func(id, d uint32)) {
		for _, d := range t.order {
			at, n := t.tokAt[d], uint32(t.tokN[d])
			for _, id := range t.tokIDs[at : at+n] {
				fn(id, d)
			}
		}
	}
	ps.bulk(each)
}

// build ends the bulk load of the column: its lists, and the numbering
// of values numbered unchecked, are left for their first use (see
// numbers and postings).
func (c *column) build() {
	if c.num != nil {
		c.nv.fit()
		c.num.docs, c.num.entries = nil, nil
		c.num.prefix.Store(nil)
		c.num.unbuilt.pending.Store(true)
		return
	}
	c.post.expect, c.post.seen = 0, 0
	c.sv = fit(c.sv)
	c.post.unbuilt.pending.Store(true)
}

// postings returns the column's postings, building their lists from the
// documents' values on first use; alive holds the live documents. It is
// safe for concurrent use by searches, which build the lists once.
func (c *column) postings(alive bitset) *postings {
	c.post.unbuilt.build(func() { c.buildLists(alive) })
	return c.post
}

// buildLists fills the column's postings, empty until now, from the live
// documents' values, first numbering the values anew when they were
// numbered unchecked (see uniqueAt). Until then a value may have several
// numbers, which only the lists and the values' look-up (postings.id)
// care about: what a document holds reads the same.
func (c *column) buildLists(alive bitset) {
	if c.post.unchecked {
		canon := c.post.merge()
		for d, v := range c.sv {
			if v != 0 && v != manyStrings {
				c.sv[d] = canon[v-1] + 1
			}
		}
	}
	c.post.bulk(func(fn func(id, d uint32)) {
		for d, v := range c.sv {
			switch {
			case v == 0 || !alive.has(uint32(d)):
			case v == manyStrings:
				for _, s := range c.manyStrs[uint32(d)] {
					id, _ := c.post.id(s)
					fn(id, uint32(d))
				}
			default:
				fn(v-1, uint32(d))
			}
		}
	})
}

// numbers returns the column's numeric index, building it from the
// documents' values on first use; alive holds the live documents. It is
// safe for concurrent use by searches, which build it once.
func (c *column) numbers(alive bitset) *numIndex {
	c.num.unbuilt.build(func() { c.buildNumbers(alive) })
	return c.num
}

// buildNumbers sorts the (value, document) pairs of the live documents
// into the column's numeric index. The pairs are listed by document, and
// the sort is stable, so equal values stay ordered by document.
func (c *column) buildNumbers(alive bitset) {
	x := c.num
	each := func(fn func(v float64, d uint32)) {
		for d := range c.nv.len() {
			switch v := c.nv.get(uint32(d)); {
			case !alive.has(uint32(d)) || same(v, noNumber):
			case same(v, manyNumbers):
				for _, w := range c.manyNums[uint32(d)] {
					fn(w, uint32(d))
				}
			default:
				fn(v, uint32(d))
			}
		}
	}
	n := 0
	each(func(float64, uint32) { n++ })
	pairs := make([]keyed, 0, n)
	each(func(v float64, d uint32) { pairs = append(pairs, keyed{orderKey(v), d}) })
	pairs = radixSort(pairs, make([]keyed, n))
	if x.byDoc != nil {
		x.docs = make([]uint32, n)
		for i, p := range pairs {
			x.docs[i] = p.d
		}
	} else {
		x.entries = make([]numEntry, n)
		for i, p := range pairs {
			x.entries[i] = numEntry{keyValue(p.k), p.d}
		}
	}
	x.prefix.Store(nil)
}

// merge ends unchecked numbering: it numbers the distinct values anew,
// in sorted order, and returns each old number's new one. No posting
// exists yet.
func (ps *postings) merge() (canon []uint32) {
	byValue := make([]uint32, len(ps.vals))
	for i := range byValue {
		byValue[i] = uint32(i)
	}
	sortByString(byValue, func(v uint32) string { return ps.vals[v] })
	canon = make([]uint32, len(ps.vals))
	var vals []string
	for k, old := range byValue {
		if k == 0 || ps.vals[old] != ps.vals[byValue[k-1]] {
			vals = append(vals, ps.vals[old])
		}
		canon[old] = uint32(len(vals) - 1)
	}
	ps.ids = newStrIndex(len(vals))
	for id, v := range vals {
		ps.ids.put(v, uint32(id), vals)
	}
	ps.vals, ps.lists = vals, make([]*posting, len(vals))
	ps.recent, ps.unchecked = [recentSize]recentValue{}, false
	return canon
}

// bulk fills the postings, empty until now, with the (value number,
// document) pairs each lists, twice over: once to size every list, once
// to fill it. A document listed twice in a row for a value is kept once.
// The postings are made in one array and their lists cut from another,
// each with no room to grow: a later change of a list copies it out.
func (ps *postings) bulk(each func(fn func(id, d uint32))) {
	counts := make([]uint32, len(ps.vals))
	each(func(id, _ uint32) { counts[id]++ })
	total, distinct := 0, 0
	for _, n := range counts {
		if n > 0 {
			total, distinct = total+int(n), distinct+1
		}
	}
	docs, made := make([]uint32, total), make([]posting, distinct)
	ps.keys = slices.Grow(ps.keys, distinct)
	for id, n := range counts {
		if n > 0 {
			p := &made[0]
			made = made[1:]
			p.docs, docs = docs[:0:n], docs[n:]
			ps.lists[id] = p
			ps.keys = append(ps.keys, ps.vals[id])
		}
	}
	each(func(id, d uint32) {
		p := ps.lists[id]
		if n := len(p.docs); n == 0 || p.docs[n-1] != d {
			p.docs = append(p.docs, d)
		}
	})
	slices.Sort(ps.keys)
	ps.grams.Store(nil)
}
