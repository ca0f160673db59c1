package web

import (
	"cmp"
	"errors"
	"net/http"
	"strconv"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/portfolio"
)

// subscribersData is the subscribers page: every subscriber with what
// was sent, waits and is dead, and the severities to choose from.
type subscribersData struct {
	Subscribers []subscriberRow
	Severities  []string
}

// subscriberRow is one subscriber as the page shows it: never its URL's
// path (a Slack or Teams URL's path is its credential) nor its secret.
type subscriberRow struct {
	portfolio.Subscriber
	Where     string // the URL's scheme and host, or the mail recipients
	HasSecret bool
}

// subscribers lists where the journal's alerts go, how many were sent,
// wait and are dead, with the forms to add, remove and replay.
func (s *server) subscribers(w http.ResponseWriter, r *http.Request, who Principal) {
	d := subscribersData{Severities: []string{"", "review", "high"}}
	for sub, err := range s.p.Subscribers(r.Context()) {
		if err != nil {
			s.fail(w, r, who, "reading the subscribers", err)
			return
		}
		d.Subscribers = append(d.Subscribers, subscriberRow{Subscriber: sub, Where: sub.Destination(), HasSecret: sub.Secret != ""})
	}
	s.render(w, r, who, "subscribers", "Alert subscribers", d)
}

// addSubscriber adds the subscriber of the form. The secret comes in a
// password field and is never shown again.
func (s *server) addSubscriber(w http.ResponseWriter, r *http.Request, who Principal) {
	sub := portfolio.Subscriber{
		Name:        strings.TrimSpace(r.PostFormValue("name")),
		URL:         strings.TrimSpace(r.PostFormValue("url")),
		Secret:      registerdata.Secret(strings.TrimSpace(r.PostFormValue("secret"))),
		MinSeverity: r.PostFormValue("min_severity"),
		Digest:      r.PostFormValue("digest"),
	}
	for _, t := range strings.Split(r.PostFormValue("tags"), ",") {
		if t = strings.TrimSpace(t); t != "" {
			sub.Tags = append(sub.Tags, t)
		}
	}
	if err := s.p.AddSubscriber(as(r, who), sub); err != nil {
		s.fail(w, r, who, "adding a subscriber", subscriberErr(err))
		return
	}
	done(w, r, "/subscribers", "subscriber-added")
}

// removeSubscriber removes the subscriber of the form: nothing more is
// sent to it.
func (s *server) removeSubscriber(w http.ResponseWriter, r *http.Request, who Principal) {
	name := r.PostFormValue("name")
	if name == "" {
		s.fail(w, r, who, "removing a subscriber", refuse("The form names no subscriber: open the subscribers page and use its form."))
		return
	}
	if err := s.p.RemoveSubscriber(as(r, who), name); err != nil {
		s.fail(w, r, who, "removing a subscriber", subscriberErr(err))
		return
	}
	done(w, r, "/subscribers", "subscriber-removed")
}

// replaySubscriber sends the journal entries after the form's entry
// number again to the subscriber, the dead ones included; the workers
// send them.
func (s *server) replaySubscriber(w http.ResponseWriter, r *http.Request, who Principal) {
	name := r.PostFormValue("name")
	since, err := strconv.ParseInt(strings.TrimSpace(cmp.Or(r.PostFormValue("since"), "0")), 10, 64)
	if name == "" || err != nil || since < 0 {
		s.fail(w, r, who, "replaying alerts", refuse("The form needs a subscriber and an entry number (0 or more): open the subscribers page and use its form."))
		return
	}
	if _, err := s.p.ReplayAlerts(as(r, who), name, since); err != nil {
		s.fail(w, r, who, "replaying alerts", subscriberErr(err))
		return
	}
	done(w, r, "/subscribers", "replayed")
}

// subscriberErr is err in words for the admin when the portfolio
// refused the subscriber.
func subscriberErr(err error) error {
	switch {
	case errors.Is(err, portfolio.ErrInvalidSubscriber):
		return refuse("%s", strings.TrimPrefix(err.Error(), "portfolio: "))
	case errors.Is(err, portfolio.ErrNoSubscriber):
		return refuse("There is no such subscriber: someone may have removed it already.")
	}
	return err
}
