package searchengine

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAddManyRemoveManyMatchOneByOne puts documents holding many values
// (some shared, some twice, some new) into one postings with addMany and
// into another value by value, removes some again, and checks that both
// hold the same sorted keys and the same documents per value.
func TestAddManyRemoveManyMatchOneByOne(t *testing.T) {
	many, one := newPostings(), newPostings()
	docs := make([][]string, 6)
	for d := range docs {
		for i := range 200 {
			docs[d] = append(docs[d], fmt.Sprintf("v%03d", (i*7+d*31)%300))
		}
		docs[d] = append(docs[d], docs[d][0]) // one value twice
	}
	check := func(step string) {
		t.Helper()
		require.True(t, slices.IsSorted(many.keys), step)
		require.Equal(t, one.keys, many.keys, step)
		for _, v := range many.keys {
			assert.Equal(t, one.posting(v).docs, many.posting(v).docs, "%s: %s", step, v)
		}
	}
	for d, vs := range docs {
		for _, v := range vs {
			many.intern(v)
			one.add(one.intern(v), uint32(d))
		}
		many.addMany(vs, uint32(d))
		check(fmt.Sprintf("after adding document %d", d))
	}
	for _, d := range []int{3, 0, 5} {
		for _, v := range docs[d] {
			id, _ := one.id(v)
			one.remove(id, uint32(d))
		}
		many.removeMany(docs[d], uint32(d))
		check(fmt.Sprintf("after removing document %d", d))
	}
	many.removeMany([]string{"never-seen", "v001"}, 99) // unknown values and documents change nothing
	check("after removing what is not there")
	for _, d := range []int{1, 2, 4} {
		many.removeMany(docs[d], uint32(d))
	}
	assert.Empty(t, many.keys)
}
