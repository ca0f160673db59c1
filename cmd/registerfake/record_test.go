package main

import (
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
)

const richID = "DE-HRB-F1103-267645"

// session is what a team's code does against the service: lookups of
// companies, owners, financials, a person and a proceeding. It returns
// each answer as JSON without the presigned addresses, which differ by
// design.
func session(t *testing.T, c *registerdata.Client, companies []string, person, proceeding string) []string {
	t.Helper()
	ctx := context.Background()
	var out []string
	keep := func(v any, err error) {
		t.Helper()
		require.NoError(t, err)
		b, err := json.Marshal(v)
		require.NoError(t, err)
		out = append(out, string(b))
	}
	for _, id := range companies {
		co, err := c.GetCompany(ctx, id, nil)
		if co != nil {
			co.Sources = nil
		}
		keep(co, err)
	}
	owners, err := c.GetOwners(ctx, richID, nil)
	if owners != nil {
		owners.Sources = nil
	}
	keep(owners, err)
	fin, err := c.GetFinancials(ctx, richID)
	if fin != nil {
		for i := range fin.Reports {
			fin.Reports[i].Sources = nil
		}
	}
	keep(fin, err)
	keep(c.GetPerson(ctx, person))
	keep(c.GetInsolvency(ctx, proceeding))
	return out
}

// TestRecordAndReplay records a session against an upstream (a second
// fake standing for the real service), replays the recording with
// -data, and gets the same answers; the upstream key is in no file.
func TestRecordAndReplay(t *testing.T) {
	const upstreamKey = "upstream-secret-key-7f3a9c"
	upstream := fake.NewServer(fake.WithAPIKey(upstreamKey))
	defer upstream.Close()
	direct, err := registerdata.NewClient(registerdata.WithBaseURL(upstream.URL), registerdata.WithAPIKey(upstreamKey))
	require.NoError(t, err)

	// The session: Nordlicht, a director of it with every company of
	// their positions, and a company in insolvency with its proceeding.
	rich, ok := upstream.Company(richID)
	require.True(t, ok)
	person := *rich.Representation[0].ID
	p, err := direct.GetPerson(context.Background(), person)
	require.NoError(t, err)
	companies := []string{richID}
	for _, pos := range p.ManagementPositions {
		if pos.RegisterID != richID {
			companies = append(companies, pos.RegisterID)
		}
	}
	var proceeding string
	for _, id := range upstream.CompanyIDs() {
		if c, _ := upstream.Company(id); len(c.Insolvencies) > 0 {
			companies, proceeding = append(companies, id), c.Insolvencies[0].ID
			break
		}
	}
	require.NotEmpty(t, proceeding)

	dir := t.TempDir()
	t.Setenv(upstreamKeyEnv, upstreamKey)
	base, _, stop := startRun(t, "-record", dir, "-upstream", upstream.URL)
	viaProxy, err := registerdata.NewClient(registerdata.WithBaseURL(base), registerdata.WithAPIKey("any-key"))
	require.NoError(t, err)
	recorded := session(t, viaProxy, companies, person, proceeding)
	require.NoError(t, stop())

	files := 0
	require.NoError(t, filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		assert.NotContains(t, string(b), upstreamKey, "the key is written nowhere (%s)", path)
		assert.NotContains(t, string(b), "signature=", "presigned addresses are left out (%s)", path)
		files++
		return nil
	}))
	assert.Equal(t, len(companies)+4, files, "one file per recorded answer")

	t.Setenv(upstreamKeyEnv, "")
	replayBase, replayKey, stopReplay := startRun(t, "-data", dir, "-curated=false")
	replay, err := registerdata.NewClient(registerdata.WithBaseURL(replayBase), registerdata.WithAPIKey(replayKey))
	require.NoError(t, err)
	replayed := session(t, replay, companies, person, proceeding)
	require.Len(t, replayed, len(recorded))
	for i := range recorded {
		assert.JSONEq(t, recorded[i], replayed[i], "answer %d", i)
	}
	require.NoError(t, stopReplay())
}

func TestRecordRefusesWithoutKeyOrUpstream(t *testing.T) {
	t.Setenv(upstreamKeyEnv, "")
	err := run(context.Background(), []string{"-addr", "127.0.0.1:0", "-record", t.TempDir(), "-upstream", "http://127.0.0.1:9"}, nil, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "$"+upstreamKeyEnv)
	t.Setenv(upstreamKeyEnv, "k")
	err = run(context.Background(), []string{"-addr", "127.0.0.1:0", "-record", t.TempDir()}, nil, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "go together")
	err = run(context.Background(), []string{"-addr", "127.0.0.1:0", "-record", t.TempDir(), "-upstream", "ftp://x"}, nil, nil)
	require.Error(t, err)
	assert.True(t, strings.Contains(err.Error(), "absolute http"))
}

func TestRecordTargetRefusesHostileIDs(t *testing.T) {
	assert.Equal(t, filepath.Join("companies", richID+".json"), recordTarget("/v1/company/"+richID))
	for _, p := range []string{"/v1/company/../x", "/v1/company/a b", "/v1/person/not-a-uuid", "/v1/company/" + richID + "/holdings", "/v1/insolvency/..", "/v1/search/company"} {
		assert.Empty(t, recordTarget(p), p)
	}
}
