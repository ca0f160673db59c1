package contract

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMissingRequired(t *testing.T) {
	missing, err := MissingRequired("Company", []byte(company(t, nil)))
	require.NoError(t, err)
	assert.Empty(t, missing, "the fixture has every required property")

	doc := company(t, func(m map[string]any) {
		delete(m, "sources")                         // top level
		delete(obj(m, "register"), "register_court") // nested object
		delete(first(m, "indicators"), "employees")  // array item, nullable
		delete(obj(m, "contact"), "website_url")     // through a nullable allOf
		delete(obj(first(m, "representation"), "role_detail"), "label_en")
		m["merged_into"] = nil // null: nothing below it is required
	})
	missing, err = MissingRequired("Company", []byte(doc))
	require.NoError(t, err)
	assert.ElementsMatch(t, []string{
		"/sources",
		"/register/register_court",
		"/indicators/0/employees",
		"/contact/website_url",
		"/representation/0/role_detail/label_en",
	}, missing)
}

func TestMissingRequiredBadInput(t *testing.T) {
	_, err := MissingRequired("Company", []byte(`{"id": `))
	assert.ErrorContains(t, err, "not JSON")
	_, err = MissingRequired("NoSuchSchema", []byte(`{}`))
	assert.ErrorContains(t, err, "components/schemas")

	missing, err := MissingRequired("Company", []byte(`[1, "two", null]`))
	require.NoError(t, err, "a document of the wrong shape has nothing to walk")
	assert.Empty(t, missing)
}
