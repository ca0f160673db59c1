package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/fake"
)

// TestListPrintsTheCuratedRegister: registerfake -list prints the curated
// register, one company a line after a header, as the package
// documentation shows it, and serves nothing (issue 34, item 14).
func TestListPrintsTheCuratedRegister(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(context.Background(), []string{"-list"}, &out, nil))
	list, err := fake.CuratedRegister()
	require.NoError(t, err)
	lines := strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
	require.Len(t, lines, len(list)+1)
	assert.Regexp(t, `^ID +NAME +SHOWS$`, lines[0])
	for i, c := range list {
		assert.True(t, strings.HasPrefix(lines[i+1], c.ID+" "), lines[i+1])
		assert.Contains(t, lines[i+1], c.Name)
		assert.True(t, strings.HasSuffix(lines[i+1], c.Shows), lines[i+1])
	}
	assert.NotContains(t, out.String(), "listening", "-list serves nothing")
}
