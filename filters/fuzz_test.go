package filters

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// generic is the generic method set both builders share, over the
// builder type B, so the fuzz target drives them the same way.
type generic[B any] struct {
	eq       func(B, Field, string) B
	in       func(B, Field, ...string) B
	between  func(B, Field, string, string) B
	atLeast  func(B, Field, string) B
	atMost   func(B, Field, string) B
	keywords func(B, Field, ...string) B
	build    func(B) ([]Filter, error)
	list     func(B) list
}

var (
	companyOps = generic[CompanyBuilder]{CompanyBuilder.Eq, CompanyBuilder.In, CompanyBuilder.Between,
		CompanyBuilder.AtLeast, CompanyBuilder.AtMost, CompanyBuilder.Keywords, CompanyBuilder.Build,
		func(b CompanyBuilder) list { return b.fs }}
	personOps = generic[PersonBuilder]{PersonBuilder.Eq, PersonBuilder.In, PersonBuilder.Between,
		PersonBuilder.AtLeast, PersonBuilder.AtMost, PersonBuilder.Keywords, PersonBuilder.Build,
		func(b PersonBuilder) list { return b.fs }}
)

// maxOps bounds the filters one fuzz input adds.
const maxOps = 16

// run applies ops to an empty builder, two bytes per filter: the first
// picks a method (byte % 6), the second a field (byte % count: a known
// field, the fuzzed name, or ""). a and b are the values; for In and
// Keywords they are split on commas, so lists with empty entries occur.
func run[B any](g generic[B], ops []byte, field, a, b string) B {
	var bld B
	names := make([]Field, 0, len(fieldTable)+2)
	for _, fi := range fieldTable {
		names = append(names, fi.Name)
	}
	names = append(names, Field(field), "")
	for i := 0; i+1 < len(ops) && i < 2*maxOps; i += 2 {
		op, f := ops[i], names[int(ops[i+1])%len(names)]
		switch op % 6 {
		case 0:
			bld = g.eq(bld, f, a)
		case 1:
			bld = g.in(bld, f, strings.Split(a, ",")...)
		case 2:
			bld = g.between(bld, f, a, b)
		case 3:
			bld = g.atLeast(bld, f, a)
		case 4:
			bld = g.atMost(bld, f, b)
		case 5:
			bld = g.keywords(bld, f, strings.Split(b, ",")...)
		}
	}
	return bld
}

// check builds bld twice and checks what any result must satisfy.
func check[B any](t *testing.T, g generic[B], scope Scope, bld B) {
	out, err := g.build(bld)
	again, errAgain := g.build(bld)
	require.Equal(t, out, again, "Build twice")
	require.Equal(t, fmtErr(err), fmtErr(errAgain), "Build twice")
	raw := g.list(bld)
	require.Equal(t, fmtErr(err), fmtErr(Validate(scope, raw)), "Build and Validate disagree")

	if err != nil {
		require.Nil(t, out)
		var joined interface{ Unwrap() []error }
		require.True(t, errors.As(err, &joined))
		for _, e := range joined.Unwrap() {
			var fe *FilterError
			require.ErrorAs(t, e, &fe)
			require.True(t, fe.Index >= 0 && fe.Index < len(raw), "index %d of %d", fe.Index, len(raw))
			require.Equal(t, raw[fe.Index].Field, fe.Field)
			require.NotEmpty(t, fe.Problem)
			require.NotContains(t, fe.Error(), "\n", "a message must stay on one line")
		}
		return
	}
	require.Len(t, out, len(raw))
	require.NoError(t, Validate(scope, out), "built filters must re-validate")
	body, err := json.Marshal(out)
	require.NoError(t, err)
	var decoded []Filter
	require.NoError(t, json.Unmarshal(body, &decoded))
	require.NoError(t, Validate(scope, decoded), "built filters must re-validate after a JSON round trip: %s", body)
	assert.Equal(t, len(out), len(decoded))
}

func fmtErr(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func FuzzBuild(f *testing.F) {
	f.Add(false, []byte{0, 0, 1, 47, 2, 14}, "brand_new", "active", "2024-01-01")
	f.Add(true, []byte{2, 41, 3, 48, 4, 45}, "", "1970-01-01", "1960-01-01")
	f.Add(false, []byte{1, 6, 5, 9}, "x", "a,,b", "")
	f.Fuzz(func(t *testing.T, person bool, ops []byte, field, a, b string) {
		if person {
			check(t, personOps, ScopePerson, run(personOps, ops, field, a, b))
		} else {
			check(t, companyOps, ScopeCompany, run(companyOps, ops, field, a, b))
		}
	})
}
