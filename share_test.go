package registerdata_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

// TestSharePercentIsOneScale: the same 50 % stake, as the service writes
// it for an owner (50), a beneficial owner (50) and a holding (0.5),
// reads as 50 from each; an absent share is reported as unknown.
func TestSharePercentIsOneScale(t *testing.T) {
	var o registerdata.Owner
	var u registerdata.BeneficialOwner
	var h registerdata.Holding
	require.NoError(t, json.Unmarshal([]byte(`{"name":"A","percentage_share":50}`), &o))
	require.NoError(t, json.Unmarshal([]byte(`{"name":"A","percentage_share":50}`), &u))
	require.NoError(t, json.Unmarshal([]byte(`{"name":"A","percentage_share":0.5}`), &h))
	for name, got := range map[string]func() (float64, bool){"owner": o.SharePercent, "ubo": u.SharePercent, "holding": h.SharePercent} {
		p, ok := got()
		assert.True(t, ok, name)
		assert.InDelta(t, 50.0, p, 1e-9, name)
	}
	for name, got := range map[string]func() (float64, bool){
		"owner": registerdata.Owner{}.SharePercent, "ubo": registerdata.BeneficialOwner{}.SharePercent, "holding": registerdata.Holding{}.SharePercent,
	} {
		p, ok := got()
		assert.False(t, ok, name)
		assert.Zero(t, p, name)
	}
}

// A holding's share is a fraction on the wire, an owner's a percent;
// SharePercent reads both on the percent scale.
func ExampleHolding_SharePercent() {
	var h registerdata.Holding
	var o registerdata.Owner
	_ = json.Unmarshal([]byte(`{"name":"Beispiel GmbH","percentage_share":0.25}`), &h)
	_ = json.Unmarshal([]byte(`{"name":"Muster AG","percentage_share":25}`), &o)
	hp, _ := h.SharePercent()
	op, _ := o.SharePercent()
	fmt.Printf("holding %.0f %%, owner %.0f %%, same stake: %t\n", hp, op, hp == op)
	// Output: holding 25 %, owner 25 %, same stake: true
}
