package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/fake"
)

func TestListScenariosPrintsEachWithItsStepsWithin80Columns(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(context.Background(), []string{"-list-scenarios"}, &out, io.Discard))
	text := out.String()
	for i, line := range strings.Split(text, "\n") {
		assert.LessOrEqual(t, utf8.RuneCountInString(line), 80, "line %d is wider than a terminal: %q", i+1, line)
	}
	words := strings.Join(strings.Fields(text), " ") // as read, whatever the wrapping
	for _, sc := range fake.Scenarios() {
		assert.Regexp(t, `(?m)^`+sc.Name+`$`, text)
		assert.Contains(t, words, strings.Join(strings.Fields(sc.Summary), " "))
		for _, st := range sc.Steps {
			assert.Regexp(t, `(?m)^  `+regexp.QuoteMeta(offset(st.Offset))+` +`, text)
			assert.Contains(t, words, strings.Join(strings.Fields(st.What), " "))
		}
	}
	assert.Contains(t, text, "+64d")
	assert.NotContains(t, text, "listening", "-list-scenarios serves nothing")
}

func TestRunRefusesAnUnknownScenario(t *testing.T) {
	err := run(context.Background(), []string{"-addr", "127.0.0.1:0", "-scenario", "bankruptcy"}, io.Discard, io.Discard)
	require.Error(t, err)
	for _, n := range fake.ScenarioNames() {
		assert.Contains(t, err.Error(), n)
	}
}

// control sends a control request and decodes the JSON answer into v.
func control(t *testing.T, method, url, body string, v any) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.NoError(t, json.NewDecoder(res.Body).Decode(v))
}

func TestRunPlaysAScenarioAsTheClockAdvances(t *testing.T) {
	baseURL, _, stop := startRun(t, "-scenario", "rename-move", "-seed", "1")
	var st fake.ScenarioState
	control(t, "GET", baseURL+"/_fake/scenario", "", &st)
	require.NotEmpty(t, st.CompanyID)
	assert.False(t, st.Steps[0].Done)

	var co struct {
		Name struct{ Name string } `json:"name"`
	}
	control(t, "POST", baseURL+"/_fake/clock/advance", `{"seconds": 432000}`, &struct{}{}) // five days: past the rename
	control(t, "GET", baseURL+"/_fake/companies/"+st.CompanyID, "", &co)
	assert.NotEqual(t, st.CompanyName, co.Name.Name, "renamed")
	control(t, "GET", baseURL+"/_fake/scenario", "", &st)
	assert.True(t, st.Steps[0].Done)
	assert.False(t, st.Steps[1].Done, "the move comes on day 18")
	require.NoError(t, stop())
}
