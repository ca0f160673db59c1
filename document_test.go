package registerdata

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRealtimeDocumentFileDateForms(t *testing.T) {
	for body, want := range map[string]*Date{
		`{"category":"current_printout","file_date":"2021-03-12","file_name":"a.pdf","url":"u"}`:           {Year: 2021, Month: 3, Day: 12},
		`{"category":"current_printout","file_date":"2021-03-12T08:00:00Z","file_name":"a.pdf","url":"u"}`: {Year: 2021, Month: 3, Day: 12},
		`{"category":"current_printout","file_date":null,"file_name":"a.pdf","url":"u"}`:                   nil,
		`{"category":"current_printout","file_date":"","file_name":"a.pdf","url":"u"}`:                     nil,
	} {
		var d RealtimeDocument
		require.NoError(t, d.UnmarshalJSON([]byte(body)), body)
		assert.Equal(t, want, d.FileDate, body)
	}
	var d RealtimeDocument
	assert.Error(t, d.UnmarshalJSON([]byte(`{"file_date": 12}`)), "a number is not a date")
}
