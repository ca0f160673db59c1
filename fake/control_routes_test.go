package fake

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestControlRoutesListsEveryControl keeps the help list in step with the
// routes: a control route registered without a line in controlRouteList
// fails here.
func TestControlRoutesListsEveryControl(t *testing.T) {
	srv, _ := newTestServer(t)
	var listed []string
	for _, r := range ControlRoutes() {
		listed = append(listed, strings.TrimSpace(r.Method+" "+r.Path))
		assert.True(t, strings.HasPrefix(r.Path, "/_fake/"), r.Path)
		assert.NotEmpty(t, r.Doc, r.Path)
	}
	assert.ElementsMatch(t, srv.controls, listed)
}
