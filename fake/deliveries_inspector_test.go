package fake

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestInspectorIsBounded: bins, requests per bin and bytes are bounded,
// the oldest dropped first.
func TestInspectorIsBounded(t *testing.T) {
	srv, _ := newTestServer(t)
	in := &srv.monitoring().inspector
	in.mu.Lock()
	in.maxBins, in.maxRequests, in.maxBytes = 2, 3, 64<<10
	in.mu.Unlock()
	post := func(bin, body string) {
		require.Equal(t, http.StatusOK, do(t, http.MethodPost, srv.InspectorURL(bin), "", body).status)
	}
	for i := range 5 {
		post("a", fmt.Sprintf(`{"n": %d}`, i))
	}
	got := srv.InspectedRequests("a")
	require.Len(t, got, 3, "requests per bin")
	assert.Equal(t, `{"n": 2}`, got[0].Body, "the oldest went first")

	post("b", `{}`)
	post("c", `{}`)
	assert.Empty(t, srv.InspectedRequests("a"), "the least recently used bin went first")
	assert.Len(t, srv.InspectedRequests("c"), 1)

	big := `"` + strings.Repeat("x", 30<<10) + `"`
	post("b", big)
	post("c", big)
	post("c", big)
	in.mu.Lock()
	kept := in.bytes
	in.mu.Unlock()
	assert.LessOrEqual(t, kept, 64<<10)
	assert.Len(t, srv.InspectedRequests("b"), 0, "the oldest requests anywhere went first")
	assert.Len(t, srv.InspectedRequests("c"), 2)
}
