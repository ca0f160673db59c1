package changes_test

import (
	"bytes"
	"context"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/changes"
	"github.com/registerdata/registerdata-go/enums"
)

// TestInsolvencyEventDiff publishes an event through AddInsolvencyEvent
// and through the /_fake/ route: the company's diff shows the
// proceeding's new status under insolvencies, and Insolvency the event.
func TestInsolvencyEventDiff(t *testing.T) {
	srv, _, c, _ := fakeWithReceiver(t, nil)
	ctx := context.Background()
	var procID, companyID string
	for _, id := range srv.InsolvencyIDs() {
		if p, ok := srv.Insolvency(id); ok && p.CompanyID != nil && p.CurrentStatus == enums.InsolvencyStatusPreliminary {
			procID, companyID = id, *p.CompanyID
			break
		}
	}
	require.NotEmpty(t, procID, "the fake has a preliminary proceeding of a company")
	before, _ := srv.Company(companyID)
	pb, _ := srv.Insolvency(procID)
	require.NoError(t, srv.AddInsolvencyEvent(procID, registerdata.InsolvencyEvent{EventType: enums.InsolvencyEventTypeProceedingsOpened}))
	after, _ := srv.Company(companyID)
	pa, _ := srv.Insolvency(procID)
	cs := changes.Company(&before, &after)
	assert.Subset(t, keysOf(cs), []string{"insolvencies/modified/insolvencies.current_status"})
	for _, ch := range cs {
		assert.Equal(t, enums.PreferenceInsolvencies, ch.Category, ch.String())
	}
	assert.Contains(t, keysOf(changes.Insolvency(&pb, &pa)), "insolvencies/added/insolvency.events")

	// The same through the HTTP control route.
	resp, err := http.Post(srv.URL+"/_fake/insolvencies/"+procID+"/events", "application/json", bytes.NewReader([]byte(`{"event_type":"proceedings_opened"}`)))
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusCreated, resp.StatusCode)
	pc, _ := srv.Insolvency(procID)
	assert.Equal(t, []string{"insolvencies/added/insolvency.events"}, keysOf(changes.Insolvency(&pa, &pc)))
	_ = c
	_ = ctx
}
