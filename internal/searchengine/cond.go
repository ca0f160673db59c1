package searchengine

import (
	"cmp"
	"math/bits"
	"slices"
)

// cond is one compiled search condition. Its candidates are either the
// union of postings, a span of a numeric index, or (scan) every document,
// to be checked with match.
type cond struct {
	est   int // upper bound of the matching documents
	lists []*posting
	num   *numIndex
	a, b  int
	scan  bool
	keyed bool // lists are in row key (result) order, not document order
	// disjoint: no document is in two of lists, so est is the exact
	// number of matches, and a document matches when its one value in
	// column col is one of values (sorted value numbers); see setDisjoint.
	disjoint bool
	col      int
	values   []uint32
	match    func(r doc) bool
}

// ordered returns the condition's one list in result order, if it has
// exactly one such list.
func (c *cond) ordered() []uint32 {
	if c.keyed && len(c.lists) == 1 {
		return c.lists[0].docs
	}
	return nil
}

// candidates appends the documents the condition may match to dst. The
// result may hold duplicates.
func (c *cond) candidates(dst []uint32, order []uint32) []uint32 {
	switch {
	case c.scan:
		return append(dst, order...)
	case c.num != nil:
		for i := c.a; i < c.b; i++ {
			dst = append(dst, c.num.docAt(i))
		}
		return dst
	}
	for _, p := range c.lists {
		dst = append(dst, p.docs...)
	}
	return dst
}

// shared returns the documents matching c as a posting's shared set,
// which callers must not modify, when c is one posting large enough to
// keep one.
func (c *cond) shared(n int) (bitset, bool) {
	if allShared([]*cond{c}, n) {
		return c.lists[0].bitset(n), true
	}
	return nil, false
}

// fill sets the documents matching c in dst (cleared, sized for n).
func (c *cond) fill(dst bitset, n int) bitset {
	if c.num != nil {
		c.num.fill(dst, n, c.a, c.b)
		return dst
	}
	for _, p := range c.lists {
		if len(p.docs) >= n/64 {
			dst.or(p.bitset(n))
			continue
		}
		for _, d := range p.docs {
			dst.set(d)
		}
	}
	return dst
}

// sparseShare: when the most selective condition matches at most this
// fraction of the documents, the search checks its candidates one by one
// instead of intersecting bitsets; when every other condition is a
// posting with a shared set (see shared), only at denseShare, as
// intersecting those word by word costs about a sixty-fourth of a check
// per document.
const (
	sparseShare = 32
	denseShare  = 1024
)

// allShared reports whether every condition of cs is a posting with a
// shared set (see shared).
func allShared(cs []*cond, n int) bool {
	for _, c := range cs {
		if c.scan || c.num != nil || len(c.lists) != 1 || len(c.lists[0].docs) < n/64 {
			return false
		}
	}
	return true
}

// run finds the documents matching every condition and returns the
// page [skip, skip+limit) of them in row key order, and their number.
// It never sorts more than the page needs: it walks a list kept in result
// order, or it selects the first skip+limit matches by rank and sorts
// only those.
func (t *table[R]) run(conds []*cond, skip, limit int) (page []uint32, total int) {
	n := t.size()
	if len(conds) == 0 {
		return window(t.order, skip, limit), t.live
	}
	slices.SortStableFunc(conds, func(x, y *cond) int {
		return compareBool(x.scan, y.scan)*2 + cmp.Compare(x.est, y.est)
	})
	driver := conds[0]
	var matches []uint32
	switch {
	case driver.est == 0:
		return nil, 0
	case len(conds) == 1 && driver.ordered() != nil:
		return window(driver.ordered(), skip, limit), driver.est
	case len(conds) == 1 && driver.disjoint && walkIsCheaper(skip+limit, driver.est, len(t.order)):
		// The count is known: the page is read from the result order,
		// checking documents one by one, at a cost that does not grow
		// with the table.
		return t.walkMatching(driver, skip, limit), driver.est
	case !driver.scan && driver.est*sparseShare <= n && (driver.est*denseShare <= n || !allShared(conds[1:], n)):
		cands := driver.candidates(make([]uint32, 0, driver.est), t.order)
		if driver.num != nil || len(driver.lists) != 1 || driver.keyed {
			slices.Sort(cands)
			cands = slices.Compact(cands)
		} // else one posting: sorted by document, no duplicates
		matches = t.check(cands, conds[1:])
	default:
		// Each condition as a set, intersected word by word while
		// counting, and the page read by walking the result order: a
		// search allocates and writes no set of its own unless it must
		// list every match.
		sets, scans, release := t.condSets(conds, n)
		defer release()
		if len(scans) == 0 {
			total = countAll(sets)
			src := t.order
			if o := driver.ordered(); o != nil {
				src = o
			}
			if total == 0 {
				return nil, 0
			}
			// Collecting every match first intersects the sets into a
			// scratch one: a pass over a word of each.
			words := (n + 63) / 64 * len(sets)
			if walkIsCheaper(skip+limit, total, len(src)) || (skip+limit)*len(src)/total*len(sets) < words {
				return walkAll(src, sets, skip, limit), total
			}
		}
		acc := t.bits()
		defer t.release(acc)
		copy(acc, sets[0])
		clear(acc[min(len(acc), len(sets[0])):])
		for _, s := range sets[1:] {
			acc.and(s)
		}
		acc.each(func(d uint32) bool {
			matches = append(matches, d)
			return true
		})
		matches = t.check(matches, scans)
	}
	total = len(matches)
	if skip >= total {
		return nil, total
	}
	return firstInOrder(matches, t.ranks(), skip+limit)[skip:], total
}

// condSets returns the documents matching each condition that is not a
// scan, as sets (a posting's shared set where one serves, else one filled
// in a scratch set that release gives back), and the scans; with only
// scans, the one set is every live document.
func (t *table[R]) condSets(conds []*cond, n int) (sets []bitset, scans []*cond, release func()) {
	var scratch []bitset
	for _, c := range conds {
		if c.scan {
			scans = append(scans, c)
			continue
		}
		if s, ok := c.shared(n); ok {
			sets = append(sets, s)
			continue
		}
		tmp := t.bits()
		scratch = append(scratch, tmp)
		sets = append(sets, c.fill(tmp, n))
	}
	if len(sets) == 0 {
		sets = append(sets, t.alive)
	}
	return sets, scans, func() {
		for _, b := range scratch {
			t.release(b)
		}
	}
}

// countAll returns the number of documents in every one of sets.
func countAll(sets []bitset) int {
	if len(sets) == 1 {
		return sets[0].count()
	}
	w := len(sets[0])
	for _, s := range sets[1:] {
		w = min(w, len(s))
	}
	total := 0
	switch len(sets) { // the common cases, without an inner loop
	case 2:
		a, b := sets[0][:w], sets[1][:w]
		for i := range a {
			total += bits.OnesCount64(a[i] & b[i])
		}
		return total
	case 3:
		a, b, c := sets[0][:w], sets[1][:w], sets[2][:w]
		for i := range a {
			total += bits.OnesCount64(a[i] & b[i] & c[i])
		}
		return total
	}
	for i := range w {
		x := sets[0][i]
		for _, s := range sets[1:] {
			x &= s[i]
		}
		total += bits.OnesCount64(x)
	}
	return total
}

// walkAll returns the page [skip, skip+limit) of the documents of src (in
// result order) that are in every one of sets, reading src only as far
// as needed.
func walkAll(src []uint32, sets []bitset, skip, limit int) []uint32 {
	if len(sets) == 1 {
		return walk(src, sets[0], skip, limit)
	}
	var page []uint32
next:
	for _, d := range src {
		for _, s := range sets {
			if !s.has(d) {
				continue next
			}
		}
		if skip > 0 {
			skip--
			continue
		}
		page = append(page, d)
		if len(page) == limit {
			break
		}
	}
	return page
}

// setDisjoint marks c disjoint when the documents of column ci hold one
// value each and the values of its lists, vals, are distinct: then a
// document is in at most one of c's lists, the one of its value.
func (t *table[R]) setDisjoint(c *cond, ci int, vals []string) {
	col := &t.cols[ci]
	if len(col.manyStrs) > 0 {
		return
	}
	ids := make([]uint32, len(vals))
	for i, v := range vals {
		ids[i], _ = col.post.id(v)
	}
	slices.Sort(ids)
	if len(slices.Compact(ids)) != len(vals) {
		return
	}
	c.disjoint, c.col, c.values = true, ci, ids
}

// walkMatching returns the page [skip, skip+limit) of the live documents
// matching c, in result order, reading the order only as far as needed.
func (t *table[R]) walkMatching(c *cond, skip, limit int) []uint32 {
	var page []uint32
	sv := t.cols[c.col].sv
	for _, d := range t.order {
		v := sv[d]
		if v == 0 || v == manyStrings {
			continue
		}
		if _, in := slices.BinarySearch(c.values, v-1); !in {
			continue
		}
		if skip > 0 {
			skip--
			continue
		}
		page = append(page, d)
		if len(page) == limit {
			break
		}
	}
	return page
}

// check keeps the documents of ds that match every condition of cs.
func (t *table[R]) check(ds []uint32, cs []*cond) []uint32 {
	out := ds[:0]
next:
	for _, d := range ds {
		if !t.alive.has(d) {
			continue
		}
		for _, c := range cs {
			if !c.match(doc{&t.docs, d}) {
				continue next
			}
		}
		out = append(out, d)
	}
	return out
}

// walkIsCheaper estimates whether walking the src documents (a superset
// of the matches, in result order) until the page is full costs less than
// collecting all matches and selecting the need first of them.
func walkIsCheaper(need, total, src int) bool {
	if total == 0 {
		return false
	}
	walk := need * src / total
	collect := 2*total + need*bits.Len(uint(need))
	return walk < collect
}

// walk returns the page [skip, skip+limit) of the documents of src (in
// result order) that are in set, reading src only as far as needed.
func walk(src []uint32, set bitset, skip, limit int) []uint32 {
	var page []uint32
	for _, d := range src {
		if !set.has(d) {
			continue
		}
		if skip > 0 {
			skip--
			continue
		}
		page = append(page, d)
		if len(page) == limit {
			break
		}
	}
	return page
}

func window(ds []uint32, skip, limit int) []uint32 {
	if skip >= len(ds) {
		return nil
	}
	return ds[skip:min(len(ds), skip+limit)]
}

func compareBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case b:
		return -1
	}
	return 1
}
