package portfolio_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/changes"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/redflags"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hostileEntry is a journal entry whose register text tries to mention
// the channel, make links and format text.
func hostileEntry() *portfolio.Event {
	ch := changes.Change{Category: enums.PreferenceBasic, Kind: changes.Modified, Field: "name", Before: "Nordlicht GmbH", After: "<!channel> *Evil* <http://evil|click> [x](http://evil) GmbH & Co"}
	return &portfolio.Event{Seq: 42, CompanyID: nordlicht, Name: "<!here> _Nordlicht_ <b>GmbH</b>", Refs: []string{"C-1"},
		Changes: []changes.Change{ch}, Sentences: []string{ch.String()},
		Raised:  []redflags.Flag{{Code: redflags.FlagLiquidation, Reason: "liquidators <@U123> and **Evil** <http://evil|click>"}},
		Cleared: []redflags.Flag{}, At: time.Date(2025, 6, 2, 9, 0, 0, 0, time.UTC)}
}

// recorded compares got with the recorded example testdata/alerts/name
// (written anew with REGISTERDATA_UPDATE_TESTDATA=1).
func recorded(t *testing.T, name string, got []byte) {
	t.Helper()
	var pretty bytes.Buffer
	require.NoError(t, json.Indent(&pretty, got, "", "  "))
	pretty.WriteByte('\n')
	path := filepath.Join("testdata", "alerts", name)
	if os.Getenv("REGISTERDATA_UPDATE_TESTDATA") == "1" {
		require.NoError(t, os.WriteFile(path, pretty.Bytes(), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, string(want), pretty.String())
}

func TestASlackMessageShowsHostileRegisterTextAsText(t *testing.T) {
	b, err := portfolio.SlackMessage(hostileEntry(), "https://workplace.bank.example/")
	require.NoError(t, err)
	recorded(t, "slack.json", b)
	var m struct {
		Text   string `json:"text"`
		Blocks []struct {
			Type string `json:"type"`
			Text *struct {
				Type string `json:"type"`
				Text string `json:"text"`
			} `json:"text"`
			Elements []struct {
				Type string `json:"type"`
				Text string `json:"text"`
			} `json:"elements"`
		} `json:"blocks"`
	}
	require.NoError(t, json.Unmarshal(b, &m))
	assert.NotContains(t, m.Text, "<", "the notification text (mrkdwn) has no mention or link")
	assert.Contains(t, m.Text, "&lt;!here&gt;")
	for _, bl := range m.Blocks {
		if bl.Text != nil {
			assert.Equal(t, "plain_text", bl.Text.Type, "register text only in plain_text: no mention, link or markdown")
		}
		for _, el := range bl.Elements {
			assert.Equal(t, "<https://workplace.bank.example/|Open the workplace>", el.Text, "the only link is the workplace's")
		}
	}
	assert.Contains(t, m.Blocks[1].Text.Text, "<http://evil|click>", "shown as the text it is")
}

func TestATeamsMessageShowsHostileRegisterTextAsText(t *testing.T) {
	b, err := portfolio.TeamsMessage(hostileEntry(), "https://workplace.bank.example/")
	require.NoError(t, err)
	recorded(t, "teams.json", b)
	var m struct {
		Type        string `json:"type"`
		Attachments []struct {
			ContentType string `json:"contentType"`
			Content     struct {
				Type string `json:"type"`
				Body []struct {
					Type    string `json:"type"`
					Inlines []struct {
						Type string `json:"type"`
						Text string `json:"text"`
					} `json:"inlines"`
				} `json:"body"`
				Actions []struct {
					URL string `json:"url"`
				} `json:"actions"`
			} `json:"content"`
		} `json:"attachments"`
	}
	require.NoError(t, json.Unmarshal(b, &m))
	assert.Equal(t, "message", m.Type)
	require.Len(t, m.Attachments, 1)
	assert.Equal(t, "application/vnd.microsoft.card.adaptive", m.Attachments[0].ContentType)
	var all []string
	for _, el := range m.Attachments[0].Content.Body {
		assert.Equal(t, "RichTextBlock", el.Type)
		for _, in := range el.Inlines {
			assert.Equal(t, "TextRun", in.Type, "register text only in TextRuns, which Teams shows without markdown")
			all = append(all, in.Text)
		}
	}
	assert.Contains(t, strings.Join(all, "\n"), "**Evil**")
	require.Len(t, m.Attachments[0].Content.Actions, 1)
	assert.Equal(t, "https://workplace.bank.example/", m.Attachments[0].Content.Actions[0].URL, "the only link is the workplace's")
}
