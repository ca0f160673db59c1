package matchtext_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/internal/matchtext"
)

func TestVATIDCheckDigit(t *testing.T) {
	for _, ok := range []string{"DE318274655", "DE811203318", "DE136695976", "ATU12345678", ""} {
		require.Empty(t, matchtext.VATIDProblem(ok), ok)
	}
	for _, bad := range []string{"DE318274650", "DE318274651", "DE136695970", "DE12345678", "DE1234567890", "DE12345678X"} {
		require.NotEmpty(t, matchtext.VATIDProblem(bad), bad)
	}
}

func TestLEICheckDigits(t *testing.T) {
	for _, ok := range []string{"529900HELIOSENERGY23", "5493001KJTIIGC8Y1R12", "7LTWFZYICNSX8D621K86"} {
		require.Empty(t, matchtext.LEIProblem(ok), ok)
	}
	for _, bad := range []string{"529900HELIOSENRGY21", "5493001KJTIIGC8Y1R13", "391200NORDLICHT00X47", "5493001KJTIIGC8Y1R1", "5493001KJTIIGC8Y1R1!"} {
		require.NotEmpty(t, matchtext.LEIProblem(bad), bad)
	}
}

// TestFakeIdentifiersPassTheirChecks holds the fake's own data to the
// checks the matcher makes: every VAT id and LEI of the register passes.
func TestFakeIdentifiersPassTheirChecks(t *testing.T) {
	srv := fake.NewServer(fake.WithHardCases())
	defer srv.Close()
	seen := 0
	for _, id := range srv.CompanyIDs() {
		c, _ := srv.Company(id)
		if c.Contact != nil && c.Contact.VATID != "" {
			seen++
			require.Empty(t, matchtext.VATIDProblem(c.Contact.VATID), id)
		}
		if c.LEI != "" {
			seen++
			require.Empty(t, matchtext.LEIProblem(c.LEI), id)
		}
	}
	require.GreaterOrEqual(t, seen, 10)
}
