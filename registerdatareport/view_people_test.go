package registerdatareport_test

import (
	"bytes"
	"regexp"
	"testing"

	"github.com/registerdata/registerdata-go/registerdatareport"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"
)

func TestDossierDirectShareholdersTable(t *testing.T) {
	_, c, clk := newFake(t)
	_, b := build(t, c, clk, nordlicht, registerdatareport.Options{})
	doc := parse(t, b)
	assert.Equal(t, []string{"Name", "Kind", "Share", "Nominal amount", "Since"}, headersOf(t, doc, "ownership", "shareholders"))
	rows := rowsOf(t, doc, "ownership", "shareholders")
	require.Len(t, rows, 2, "one row per direct owner")
	assert.Equal(t, "Helios Energie Holding AG", rows[0][0])
	assert.Contains(t, rows[0][1], "company")
	assert.Equal(t, "60 %", rows[0][2])
	assert.Regexp(t, `^[\d,]+ EUR$`, rows[0][3])
	assert.Regexp(t, `^Katrin Albersborn \d{4}-\d{2}-\d{2}$`, rows[1][0], "a person's date of birth under the name")
	assert.Contains(t, rows[1][1], "natural person")
	assert.Equal(t, "40 %", rows[1][2])
}

func TestDossierDatesOfBirthWherePersonsAreListed(t *testing.T) {
	_, c, clk := newFake(t)
	_, b := build(t, c, clk, nordlichtService, registerdatareport.Options{IncludePersons: true})
	doc := parse(t, b)
	born := regexp.MustCompile(`born (\d{4}-\d{2}-\d{2}|\d{4})`)
	bos := rowsOf(t, doc, "beneficial-owners", "bos")
	require.NotEmpty(t, bos)
	for _, r := range bos {
		if r[1] == "natural person" {
			assert.Regexp(t, born, r[0], "beneficial owner %q", r[0])
		}
	}
	reps := rowsOf(t, doc, "representatives", "reps")
	require.NotEmpty(t, reps)
	assert.Regexp(t, born, reps[0][0], "a representative who is a person shows the date of birth")
	assert.NotRegexp(t, born, reps[len(reps)-1][0], "an entity has none")
}

func TestDossierRoleLabelsNotCodes(t *testing.T) {
	_, c, clk := newFake(t)
	_, b := build(t, c, clk, nordlichtService, registerdatareport.Options{IncludePersons: true})
	section := text(byID(t, parse(t, b), "representatives"))
	for _, code := range []string{"DIRECTOR", "PROKURA", "PROKURA_JOINT", "SHAREHOLDER", "_"} {
		assert.NotContains(t, section, code)
	}
	assert.Contains(t, section, "(DE-HRB-F1103-267645), Managing Director, since 2014-09-02", "another position is labelled")
}

func TestDossierSummaryVerdictAndReviewerBlock(t *testing.T) {
	_, c, clk := newFake(t)
	for _, tc := range []struct {
		id, level string
	}{
		{nordlichtService, "review"},
		{pfalzblick, "high risk"},
	} {
		d, b := build(t, c, clk, tc.id, registerdatareport.Options{})
		doc := parse(t, b)
		v := byID(t, doc, "verdict")
		assert.Equal(t, tc.level, attr(v, "data-verdict"), tc.id)
		var reasons []string
		for _, li := range find(v, func(n *html.Node) bool { return n.Data == "li" }) {
			reasons = append(reasons, attr(li, "data-code"))
		}
		assert.Equal(t, flagCodes(d), reasons, "the reasons are the red flags")
		// The verdict comes before every section, the review after all.
		assert.Less(t, bytes.Index(b, []byte(`id="verdict"`)), bytes.Index(b, []byte(`id="red-flags"`)))
		review := byID(t, doc, "review")
		assert.Greater(t, bytes.Index(b, []byte(`id="review"`)), bytes.Index(b, []byte(`id="provenance"`)))
		for _, want := range []string{"Reviewer (name)", "Date", "Decision", "approve", "reject", "Signature"} {
			assert.Contains(t, text(review), want)
		}
	}
	// No red flags: no findings.
	d, _ := build(t, c, clk, nordlicht, registerdatareport.Options{})
	d.RedFlags = nil
	var buf bytes.Buffer
	require.NoError(t, d.WriteHTML(&buf))
	assert.Equal(t, "no findings", attr(byID(t, parse(t, buf.Bytes()), "verdict"), "data-verdict"))
	assert.Regexp(t, `@page\{@bottom-right\{content:"Page " counter\(page\) " of " counter\(pages\)`, buf.String(), "page numbers in print")
}
