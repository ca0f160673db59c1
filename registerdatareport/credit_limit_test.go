package registerdatareport_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/registerdatareport"
)

// TestBuildMaxCreditsHoldsWhenAPaidCallIsRetried is defect 7 of issue 29
// for the dossier: a paid call whose answer is lost was charged, and its
// retry is a second write that Options.MaxCredits must pay for too.
func TestBuildMaxCreditsHoldsWhenAPaidCallIsRetried(t *testing.T) {
	for _, limit := range []int64{20, 30, 40} {
		t.Run(fmt.Sprint(limit), func(t *testing.T) {
			srv, c, clk := newFake(t)
			// Every answer about beneficial owners, insolvencies and
			// financials is lost: each write is charged and retried.
			for _, p := range []string{"/v1/company/" + nordlicht + "/ubo", "/v1/company/" + nordlicht + "/financials", "/v1/search/insolvency"} {
				require.NoError(t, srv.InjectFault(fake.Fault{PathPrefix: p, Drop: true, Probability: 1}))
			}
			d, _ := build(t, c, clk, nordlicht, registerdatareport.Options{MaxCredits: limit})
			assert.LessOrEqual(t, c.CreditsSpent(), limit, "the client counted more than the limit")
			assert.LessOrEqual(t, d.Credits, limit)
			assert.Equal(t, c.CreditsSpent(), d.Credits)
			assert.Contains(t, flagCodes(d), registerdatareport.FlagIncomplete)
		})
	}
}
