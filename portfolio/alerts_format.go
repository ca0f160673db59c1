package portfolio

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"

	"github.com/registerdata/registerdata-go/redflags"
)

// WithWorkplaceURL sets the address of the reviewers' web workplace
// (https://..., as people reach it): Slack and Teams alerts link to it.
// Without it they carry no link.
func WithWorkplaceURL(u string) Option {
	return func(c *config) {
		if pu, err := url.Parse(u); err == nil && (pu.Scheme == "https" || pu.Scheme == "http") && pu.Host != "" {
			c.workplace = pu.String()
		}
	}
}

// alertLines is what a person reads of entry e: a heading (company name
// and id), then what changed and the flags raised and cleared. Plain
// text: each format escapes it.
func alertLines(e *Event, test bool) (string, []string) {
	name := e.Name
	if name == "" {
		name = "(no name)"
	}
	head := fmt.Sprintf("%s (%s)", name, e.CompanyID)
	if test {
		head = "Test message: " + head
	}
	var lines []string
	for _, f := range e.Raised {
		lines = append(lines, fmt.Sprintf("Flag raised (%s): %s: %s", redflags.SeverityOf(f.Code), f.Code, f.Reason))
	}
	for _, f := range e.Cleared {
		lines = append(lines, fmt.Sprintf("Flag cleared: %s", f.Code))
	}
	const most = 10
	for i, s := range e.Sentences {
		if i == most {
			lines = append(lines, fmt.Sprintf("and %d more changes", len(e.Sentences)-most))
			break
		}
		lines = append(lines, s)
	}
	if e.Failed != nil {
		lines = append(lines, "The check failed: the portfolio gave up on it.")
	}
	if len(lines) == 0 {
		lines = append(lines, "Checked: nothing changed.")
	}
	for i := range lines {
		lines[i] = clipText(lines[i], 300)
	}
	return clipText(head, 300), lines
}

// slackEscape escapes text for Slack's mrkdwn, as Slack documents it:
// &, < and > as entities, so "<!channel>" or "<http://evil|click>"
// show as text and make no mention and no link.
func slackEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}

// slackMessage is entry e as a Slack incoming-webhook message: its text
// in plain_text blocks (no mentions, links or markdown from register
// text), the notification text escaped, and a link to the workplace
// when its address is set.
func slackMessage(e *Event, workplace string, test bool) ([]byte, error) {
	head, lines := alertLines(e, test)
	type text struct {
		Type  string `json:"type"`
		Text  string `json:"text"`
		Emoji *bool  `json:"emoji,omitempty"`
	}
	type block struct {
		Type     string `json:"type"`
		Text     *text  `json:"text,omitempty"`
		Elements []text `json:"elements,omitempty"`
	}
	no := false
	blocks := []block{
		{Type: "header", Text: &text{Type: "plain_text", Text: clipText(head, 150), Emoji: &no}},
		{Type: "section", Text: &text{Type: "plain_text", Text: clipText(strings.Join(lines, "\n"), 3000), Emoji: &no}},
	}
	if workplace != "" {
		blocks = append(blocks, block{Type: "context", Elements: []text{{Type: "mrkdwn", Text: "<" + slackEscape(workplace) + "|Open the workplace>"}}})
	}
	return json.Marshal(struct {
		Text        string  `json:"text"`
		Mrkdwn      bool    `json:"mrkdwn"`
		Blocks      []block `json:"blocks"`
		UnfurlLinks bool    `json:"unfurl_links"`
		UnfurlMedia bool    `json:"unfurl_media"`
	}{Text: slackEscape(head), Blocks: blocks})
}

// teamsMessage is entry e as a Microsoft Teams incoming-webhook message:
// an Adaptive Card whose register text is in TextRuns, which Teams shows
// without markdown; the link to the workplace is an action.
func teamsMessage(e *Event, workplace string, test bool) ([]byte, error) {
	head, lines := alertLines(e, test)
	type run struct {
		Type   string `json:"type"`
		Text   string `json:"text"`
		Weight string `json:"weight,omitempty"`
	}
	type element struct {
		Type    string `json:"type"`
		Inlines []run  `json:"inlines"`
	}
	body := []element{{Type: "RichTextBlock", Inlines: []run{{Type: "TextRun", Text: head, Weight: "Bolder"}}}}
	for _, l := range lines {
		body = append(body, element{Type: "RichTextBlock", Inlines: []run{{Type: "TextRun", Text: l}}})
	}
	type action struct {
		Type  string `json:"type"`
		Title string `json:"title"`
		URL   string `json:"url"`
	}
	type card struct {
		Schema  string    `json:"$schema"`
		Type    string    `json:"type"`
		Version string    `json:"version"`
		Body    []element `json:"body"`
		Actions []action  `json:"actions,omitempty"`
	}
	c := card{Schema: "http://adaptivecards.io/schemas/adaptive-card.json", Type: "AdaptiveCard", Version: "1.4", Body: body}
	if workplace != "" {
		c.Actions = []action{{Type: "Action.OpenUrl", Title: "Open the workplace", URL: workplace}}
	}
	type attachment struct {
		ContentType string `json:"contentType"`
		ContentURL  any    `json:"contentUrl"`
		Content     card   `json:"content"`
	}
	return json.Marshal(struct {
		Type        string       `json:"type"`
		Attachments []attachment `json:"attachments"`
	}{Type: "message", Attachments: []attachment{{ContentType: "application/vnd.microsoft.card.adaptive", Content: c}}})
}
