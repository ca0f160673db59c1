package fake

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ubosByName maps each beneficial owner's name to its share (percentage
// or, when that is null, max percentage; -1 for fictitious ones).
func ubosByName(t *testing.T, s *Server, id string) map[string]float64 {
	t.Helper()
	us, err := s.beneficialOwners(id)
	require.NoError(t, err)
	out := map[string]float64{}
	for _, u := range us {
		switch {
		case u.PercentageShare != nil:
			out[u.Name] = *u.PercentageShare
		case u.MaxPercentageShare != nil:
			out[u.Name] = *u.MaxPercentageShare
		default:
			out[u.Name] = -1
		}
	}
	return out
}

func TestBeneficialOwnersOfCuratedCompanies(t *testing.T) {
	s, _ := newTestServer(t)
	// Through three levels: Katrin Albers 40 % directly in Nordlicht Solartechnik.
	assert.Equal(t, map[string]float64{"Katrin Albers": 40}, ubosByName(t, s, "DE-HRB-F1103-315870"))
	// Helios AG (served only with best_available) counts: Jonas Petersen 30 %.
	assert.Equal(t, map[string]float64{"Jonas Petersen": 30}, ubosByName(t, s, "DE-HRB-D2601-198433"))
	// Cross-holding: Arne Jessen holds exactly 25 %, not above the threshold.
	assert.Equal(t, map[string]float64{"Sophie Claassen": 55}, ubosByName(t, s, "DE-HRB-K1101-170234"))
	// Limited partners: only the maximum share is given.
	kg, err := s.beneficialOwners("DE-HRA-R3306-28817")
	require.NoError(t, err)
	require.Len(t, kg, 2)
	for _, u := range kg {
		assert.Nil(t, u.PercentageShare, u.Name)
		assert.NotNil(t, u.MaxPercentageShare, u.Name)
	}
	// Public owner: nobody qualifies, the director is the fictitious one.
	assert.Equal(t, map[string]float64{"Dominik Frey": -1}, ubosByName(t, s, "DE-HRA-B8534-9120"))
	_, err = s.beneficialOwners("DE-HRB-X0000-1")
	assert.ErrorIs(t, err, ErrUnknownCompany)
}
