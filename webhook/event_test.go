package webhook

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/enums"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseDecodesEvent(t *testing.T) {
	v := newTestVerifier(t, newTestClock())
	ev, err := v.Parse(signedHeader(testKey, "msg_1", testNow, testBody), testBody)
	require.NoError(t, err)
	assert.Equal(t, "msg_1", ev.ID)
	assert.True(t, ev.Timestamp.Equal(testNow), "Timestamp %v", ev.Timestamp)
	assert.Equal(t, EventTypeMonitorChange, ev.Type)
	assert.Equal(t, enums.EntityTypeCompany, ev.EntityType)
	assert.Equal(t, "DE-HRB-F1103-267645", ev.EntityID)
	assert.Equal(t, []string{"basic"}, ev.Categories)
	assert.True(t, ev.DetectedAt.Equal(time.Date(2025, 3, 14, 9, 0, 0, 0, time.UTC)))
	require.Len(t, ev.Changes, 1)
	assert.Equal(t, "name.name", ev.Changes[0].Path)
	assert.JSONEq(t, `"Muster GmbH"`, string(ev.Changes[0].Before))
	assert.JSONEq(t, `"Muster AG"`, string(ev.Changes[0].After))
	assert.Equal(t, string(testBody), string(ev.Raw), "Raw keeps the exact body")
}

func TestParseIsLenient(t *testing.T) {
	body := []byte(`{"type":"monitor.renamed","entity_type":"partnership","entity_id":"X-1",
		"categories":["basic","satellite_imagery"],"new_field":{"nested":[1,2]},"changes":[{"category":"x","path":"p","before":null,"extra":1}]}`)
	v := newTestVerifier(t, newTestClock())
	ev, err := v.Parse(signedHeader(testKey, "msg_1", testNow, body), body)
	require.NoError(t, err)
	assert.Equal(t, "monitor.renamed", ev.Type)
	assert.Equal(t, enums.EntityType("partnership"), ev.EntityType)
	assert.False(t, ev.EntityType.IsKnown())
	assert.Equal(t, []string{"basic", "satellite_imagery"}, ev.Categories)
	assert.True(t, ev.DetectedAt.IsZero())
	require.Len(t, ev.Changes, 1)
	assert.Equal(t, "null", string(ev.Changes[0].Before))
	assert.Nil(t, ev.Changes[0].After)
	assert.Equal(t, string(body), string(ev.Raw))
}

func TestParseMinimalObject(t *testing.T) {
	body := []byte(` {} `)
	ev, err := newTestVerifier(t, newTestClock()).Parse(signedHeader(testKey, "msg_1", testNow, body), body)
	require.NoError(t, err)
	assert.NotNil(t, ev.Categories, "Categories is never nil")
	assert.Empty(t, ev.Categories)
}

func TestParseRejectsInvalidPayload(t *testing.T) {
	v := newTestVerifier(t, newTestClock())
	for name, body := range map[string]string{
		"empty":              ``,
		"blank":              "  \n",
		"null":               `null`,
		"array":              `[{"type":"monitor.change"}]`,
		"string":             `"monitor.change"`,
		"number":             `42`,
		"truncated":          `{"type":"monitor.change"`,
		"trailing garbage":   `{"type":"monitor.change"} x`,
		"categories string":  `{"categories":"basic"}`,
		"entity_id number":   `{"entity_id":42}`,
		"bad detected_at":    `{"detected_at":"yesterday"}`,
		"changes not a list": `{"changes":{"path":"x"}}`,
	} {
		ev, err := v.Parse(signedHeader(testKey, "msg_1", testNow, []byte(body)), []byte(body))
		assert.ErrorIs(t, err, ErrInvalidPayload, name)
		assert.Nil(t, ev, name)
	}
}

func TestParseVerifiesBeforeDecoding(t *testing.T) {
	v := newTestVerifier(t, newTestClock())
	h := signedHeader(testKey, "msg_1", testNow, testBody)
	_, err := v.Parse(h, []byte(`not json at all`))
	require.ErrorIs(t, err, ErrNoMatchingSignature)
	assert.NotErrorIs(t, err, ErrInvalidPayload)
}

func TestEventEncodesTheWireBody(t *testing.T) {
	want := Event{
		Type:       EventTypeMonitorChange,
		EntityType: enums.EntityTypePerson,
		EntityID:   "P-42",
		Categories: []string{"management_positions"},
		DetectedAt: testNow,
		Changes:    []Change{{Category: "management_positions", Path: "positions[0]", Before: json.RawMessage(`null`), After: json.RawMessage(`{"role":"MD"}`)}},
		ID:         "not encoded",
	}
	body, err := json.Marshal(want)
	require.NoError(t, err)
	var wire map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(body, &wire))
	assert.ElementsMatch(t, []string{"type", "entity_type", "entity_id", "categories", "detected_at", "changes"}, keys(wire))

	got, err := newTestVerifier(t, newTestClock()).Parse(signedHeader(testKey, "msg_9", testNow, body), body)
	require.NoError(t, err)
	assert.Equal(t, "msg_9", got.ID)
	assert.Equal(t, want.Categories, got.Categories)
	assert.Equal(t, want.EntityType, got.EntityType)
	assert.True(t, want.DetectedAt.Equal(got.DetectedAt))
	assert.Equal(t, want.Changes, got.Changes)
}

func keys(m map[string]json.RawMessage) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}
