package portfolio

import "iter"

// paged yields every item of a store read a page at a time: read gets
// the page after key (first for the first page), at most size items in
// the order of key; keyOf is an item's key. A page shorter than size is
// the last. Memory stays bounded by one page whatever the store holds.
// A read error is yielded once, after the items read returned with it
// (those before the one it could not read), and ends the loop.
func paged[T, K any](size int, first K, read func(after K) ([]T, error), keyOf func(T) K) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		after := first
		for {
			page, err := read(after)
			for _, it := range page {
				if !yield(it, nil) {
					return
				}
			}
			if err != nil {
				var zero T
				yield(zero, err)
				return
			}
			if len(page) < size {
				return
			}
			after = keyOf(page[len(page)-1])
		}
	}
}
