package changes

import (
	"github.com/registerdata/registerdata-go/enums"
)

// differ collects the changes of one comparison.
type differ struct {
	out []Change
}

// add appends a change of field (of subject) from before to after, display
// values, unless they are equal: "" on one side makes it Added or Removed.
func (d *differ) add(cat enums.Preference, field, subject, before, after string) {
	if before == after {
		return
	}
	k := Modified
	switch {
	case before == "":
		k = Added
	case after == "":
		k = Removed
	}
	d.out = append(d.out, Change{Category: cat, Kind: k, Field: field, Subject: subject, Before: before, After: after})
}

// modified appends a Modified change even when a side is "" (a value that
// is empty but present, such as an empty city).
func (d *differ) modified(cat enums.Preference, field, subject, before, after string) {
	if before == after {
		return
	}
	d.out = append(d.out, Change{Category: cat, Kind: Modified, Field: field, Subject: subject, Before: orNone(before), After: orNone(after)})
}

func (d *differ) change(c Change) { d.out = append(d.out, c) }

// pair matches the members of two lists by identity and calls fn once per
// identity: with both members when it is in both lists, with nil for the
// side it is missing from. Order does not matter. Members sharing a key
// (two owners without id and of the same name) are matched first with an
// equal member of the other side, then in list order.
//
// fn is not called for members equal and at the same place in both lists:
// every caller reports nothing for equal members.
func pair[T any, K comparable](before, after []T, key func(*T) K, equal func(*T, *T) bool, fn func(b, a *T)) {
	if len(before) == len(after) {
		i := 0
		for i < len(before) && equal(&before[i], &after[i]) {
			i++
		}
		if i == len(before) {
			return
		}
	}
	idx := make(map[K][]int, len(before))
	for i := range before {
		k := key(&before[i])
		idx[k] = append(idx[k], i)
	}
	used := make([]bool, len(before))
	var pending []int // after members whose key has several before members and no equal one yet
	for j := range after {
		k := key(&after[j])
		cands := idx[k]
		switch {
		case len(cands) == 0:
			fn(nil, &after[j])
		case len(cands) == 1 && !used[cands[0]]:
			used[cands[0]] = true
			fn(&before[cands[0]], &after[j])
		default:
			found := -1
			for _, i := range cands {
				if !used[i] && equal(&before[i], &after[j]) {
					found = i
					break
				}
			}
			if found >= 0 {
				used[found] = true
				fn(&before[found], &after[j])
			} else {
				pending = append(pending, j)
			}
		}
	}
	for _, j := range pending {
		found := -1
		for _, i := range idx[key(&after[j])] {
			if !used[i] {
				found = i
				break
			}
		}
		if found < 0 {
			fn(nil, &after[j])
			continue
		}
		used[found] = true
		fn(&before[found], &after[j])
	}
	for i := range before {
		if !used[i] {
			fn(&before[i], nil)
		}
	}
}

// history compares two histories of values (names, addresses, ...) as
// multisets: order is ignored. When the current value changed
// (currentChanged), an entry added that is the new current value (was)
// and an entry removed that is the old current value (is) explain
// themselves, so they are not reported again: the change of the current
// value says it, read forwards or backwards. Every other entry added or
// removed is reported.
func history[T comparable](d *differ, cat enums.Preference, field string, before, after []T, was, is *T, currentChanged bool, show func(T) string) {
	if len(before) == len(after) {
		same := true
		for i := range before {
			if before[i] != after[i] {
				same = false
				break
			}
		}
		if same {
			return
		}
	}
	count := make(map[T]int, len(before))
	for _, v := range before {
		count[v]++
	}
	var added []T
	for _, v := range after {
		if count[v] > 0 {
			count[v]--
			continue
		}
		added = append(added, v)
	}
	oldExplained, newExplained := !currentChanged || was == nil, !currentChanged || is == nil
	for _, v := range before {
		if count[v] > 0 {
			count[v]--
			if !oldExplained && v == *was {
				oldExplained = true // explained once
				continue
			}
			d.change(Change{Category: cat, Kind: Removed, Field: field, Subject: show(v)})
		}
	}
	for _, v := range added {
		if !newExplained && v == *is {
			newExplained = true
			continue
		}
		d.change(Change{Category: cat, Kind: Added, Field: field, Subject: show(v)})
	}
}
