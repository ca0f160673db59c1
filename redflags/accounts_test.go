package redflags_test

import (
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/redflags"
	"github.com/stretchr/testify/assert"
)

// kgWithoutAccounts is a KG incorporated long ago that filed no accounts,
// with the personally liable partners given.
func kgWithoutAccounts(partners ...registerdata.Representative) *registerdata.Company {
	co := healthy()
	co.LegalForm = enums.LegalFormKG
	co.Indicators = nil
	co.Representation = partners
	return co
}

func partner(name string, typ enums.RepresentativeType) registerdata.Representative {
	return registerdata.Representative{Name: name, Type: typ, Role: enums.RolePersonalLiableDirector, StartDate: day("2010-01-01")}
}

// TestAKGWithANaturalPersonFullyLiableOwesNoAccounts: a KG must publish
// its accounts only when no natural person is fully liable (a GmbH & Co.
// KG). A natural-person partner beside a GmbH partner, in the register's
// representatives or among the general partners of the ownership tree,
// means no "no annual accounts" flag; the GmbH partner alone means one.
func TestAKGWithANaturalPersonFullyLiableOwesNoAccounts(t *testing.T) {
	gmbh := partner("Muster Verwaltungs GmbH", enums.RepresentativeTypeLegalPerson)
	person := partner("Erika Muster", enums.RepresentativeTypeNaturalPerson)

	corporate := redflags.Input{Company: kgWithoutAccounts(gmbh)}
	assert.True(t, redflags.CorporateGeneralPartnerOnly(corporate))
	assert.Equal(t, []string{redflags.FlagNoFinancials}, codes(redflags.Evaluate(corporate, today)), "a GmbH & Co. KG owes accounts")

	for _, order := range [][]registerdata.Representative{{gmbh, person}, {person, gmbh}} {
		in := redflags.Input{Company: kgWithoutAccounts(order...)}
		assert.False(t, redflags.CorporateGeneralPartnerOnly(in), "%s first", order[0].Name)
		assert.Empty(t, redflags.Evaluate(in, today), "a natural person is fully liable: no accounts owed (%s first)", order[0].Name)
	}

	// Without representatives, from the general partners of the tree.
	general := func(name string, typ enums.RepresentativeType) *registerdata.OwnershipNode {
		return &registerdata.OwnershipNode{Owner: &registerdata.Owner{Name: name, Type: typ, RelationType: enums.RelationTypeGeneralPartner}, Depth: 1}
	}
	tree := func(children ...*registerdata.OwnershipNode) *registerdata.OwnershipTree {
		return &registerdata.OwnershipTree{Root: &registerdata.OwnershipNode{Children: children}}
	}
	corporate = redflags.Input{Company: kgWithoutAccounts(), Ownership: tree(general("Muster Verwaltungs GmbH", enums.RepresentativeTypeLegalPerson))}
	assert.Equal(t, []string{redflags.FlagNoFinancials}, codes(redflags.Evaluate(corporate, today)))
	for _, children := range [][]*registerdata.OwnershipNode{
		{general("Muster Verwaltungs GmbH", enums.RepresentativeTypeLegalPerson), general("Erika Muster", enums.RepresentativeTypeNaturalPerson)},
		{general("Erika Muster", enums.RepresentativeTypeNaturalPerson), general("Muster Verwaltungs GmbH", enums.RepresentativeTypeLegalPerson)},
	} {
		in := redflags.Input{Company: kgWithoutAccounts(), Ownership: tree(children...)}
		assert.False(t, redflags.CorporateGeneralPartnerOnly(in))
		assert.Empty(t, redflags.Evaluate(in, today), "a natural general partner in the tree: no accounts owed")
	}
}
