package fake

import (
	"fmt"
	"net/http"
	"net/url"
	"sync"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/internal/monitoring"
	"github.com/registerdata/registerdata-go/webhook"
)

// Monitoring in the fake follows the rules of the service's
// specification, with the choices it leaves open made as follows (see also
// the monitoring engine's package documentation):
//
//   - POST /v1/monitor answers 201 with the monitor; 400 for an invalid
//     body (the rules of MonitorRequest.Validate) or when no webhook
//     endpoint is configured (WithWebhookEndpoint or SetWebhookEndpoint,
//     the dashboard setting), 402 when the balance is below the price, 403
//     when the account's plan lacks monitoring, 404 for an unknown entity
//     and 409 when the account already monitors the entity.
//   - Billing: the create charges the first month; each later month is
//     charged at the monthly anniversary of the creation on the fake clock.
//     A monthly charge the balance cannot cover disables the monitor.
//   - Checks, billing and delivery attempts happen as the clock is
//     advanced, inside Clock.Advance (or POST /_fake/clock/advance): when it
//     returns, every delivery attempt that fell due has been made. A clock
//     that follows wall time runs them only when advanced.
//   - Deliveries are POSTed to the endpoint with the webhook-id,
//     webhook-timestamp and webhook-signature headers, time out after
//     DeliveryTimeout, count as delivered on any 2xx (redirects are not
//     followed) and are retried on the fake clock following
//     DeliveryRetrySchedule with the same webhook id.

// DeliveryTimeout is how long the fake waits for a webhook endpoint to
// answer a delivery, as the service does.
const DeliveryTimeout = 15 * time.Second

// DeliveryRetrySchedule is when the attempts of a delivery are made: the
// first at once, each later one that long after the previous failure. It
// has eight entries: a delivery is given up after eight failed attempts.
func DeliveryRetrySchedule() []time.Duration {
	return append([]time.Duration(nil), monitoring.RetrySchedule...)
}

// monitorState is the fake's monitoring: the engine and the webhook
// endpoint it delivers to.
type monitorState struct {
	engine    *monitoring.Engine
	client    *http.Client
	timeout   time.Duration // DeliveryTimeout; shorter in tests
	inspector inspector

	mu       sync.Mutex
	endpoint string
	secret   string
}

func installMonitoring(s *Server) {
	st := extState[monitorState](s)
	st.endpoint, st.secret = s.cfg.webhookURL, s.cfg.webhookSecret
	st.timeout = DeliveryTimeout
	st.client = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	st.inspector.now = s.clock.Now
	st.engine = monitoring.New(monitoring.Hooks{
		Now: s.clock.Now,
		Charge: func(key string, n int64) bool {
			_, ok := s.accounts.debit(key, n)
			return ok
		},
		MonitoringPlan: s.accounts.monitoringPlan,
		Prices:         s.prices,
		CheckEndpoint:  st.checkEndpoint,
		CompanyExists: func(id string) bool {
			_, ok := s.store.get(id)
			return ok
		},
		PersonExists: s.personExists,
		Send:         st.send,
		NewID:        func() string { return "msg_" + s.random.text() },
	})
	st.engine.SetDeliveryLog(s.cfg.deliveryLog)
	s.observe(st.engine.Observe)
	s.clock.onAdvance(func(_, to time.Time) { st.engine.RunUntil(to) })
	s.onClose(st.client.CloseIdleConnections)
	s.monitorRoutes(st)
}

// personExists reports whether a natural person with the UUID id
// represents any company of the register (as the search index, kept
// current with every change, knows them) or holds a stake in one.
func (s *Server) personExists(id string) bool {
	if s.searchIndex().HasPerson(id) {
		return true
	}
	np, err := s.ownerDetails(id) // a person who only holds shares
	return err == nil && np != nil
}

// checkEndpoint says whether deliveries could be sent: an absolute http or
// https address and a secret that signs.
func (st *monitorState) checkEndpoint() error {
	st.mu.Lock()
	endpoint, secret := st.endpoint, st.secret
	st.mu.Unlock()
	return validEndpoint(endpoint, secret)
}

func validEndpoint(endpoint, secret string) error {
	if endpoint == "" {
		return fmt.Errorf("no webhook endpoint is set (fake: WithWebhookEndpoint, SetWebhookEndpoint or PUT /_fake/webhook)")
	}
	u, err := url.Parse(endpoint)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("the webhook endpoint %q is not an absolute http or https address", endpoint)
	}
	if _, err := webhook.Sign(secret, "msg_check", time.Unix(0, 0), nil); err != nil {
		return fmt.Errorf("the signing secret cannot sign: %w", err)
	}
	return nil
}

func (s *Server) monitoring() *monitorState { return extState[monitorState](s) }

// SetWebhookEndpoint changes where notifications are delivered and the
// secret that signs them (whsec_ followed by base64, as the dashboard
// shows it), like the dashboard setting of the service. It applies to
// attempts made from now on, retries included. It fails, changing
// nothing, on an address that is not absolute http(s) or a secret that is
// not base64.
func (s *Server) SetWebhookEndpoint(endpoint, secret string) error {
	if err := validEndpoint(endpoint, secret); err != nil {
		return fmt.Errorf("fake: %w", err)
	}
	st := s.monitoring()
	st.mu.Lock()
	defer st.mu.Unlock()
	st.endpoint, st.secret = endpoint, secret
	return nil
}

// SetMonitoringPlan changes whether the plan of the API key key includes
// monitoring. Turning it off disables every monitor of the key, as a
// downgrade does: they stay listed with disabled true, deliver nothing
// and are not charged. Turning it on again re-enables nothing; see
// EnableMonitors.
func (s *Server) SetMonitoringPlan(key string, monitoring bool) {
	s.accounts.setMonitoringPlan(key, monitoring)
	if !monitoring {
		s.monitoring().engine.Downgrade(key)
	}
}

// WithoutMonitoring gives the seeded key a plan without monitoring, as
// most accounts of the service have (monitoring is early access there,
// enabled on request): creating a monitor answers 403, billing nothing.
// SetMonitoringPlan turns it on again.
func WithoutMonitoring() Option {
	return withSetup(func(s *Server) { s.accounts.setMonitoringPlan(s.APIKey, false) })
}

// EnableMonitors is the operator's re-enabling of the key's monitor of
// entityID, or of all its monitors when entityID is empty. It fails when
// the key's plan lacks monitoring or, for a given entityID, when there is
// no such monitor. It charges nothing; billing resumes at the next
// monthly anniversary.
func (s *Server) EnableMonitors(key, entityID string) error {
	if err := s.monitoring().engine.Enable(key, entityID); err != nil {
		return fmt.Errorf("fake: %w", err)
	}
	return nil
}

// Monitors returns the monitors of the API key key, as GET /v1/monitor
// lists them.
func (s *Server) Monitors(key string) []registerdata.Monitor {
	return s.monitoring().engine.List(key)
}

// Deliveries returns a copy of every delivery record kept, oldest
// first: the log holds the latest DefaultDeliveryLog records (see
// WithDeliveryLog and DroppedDeliveries).
func (s *Server) Deliveries() []Delivery {
	return deliveriesOf(s.monitoring().engine.Deliveries())
}

// DefaultDeliveryLog is how many delivery records the fake keeps unless
// WithDeliveryLog says otherwise.
const DefaultDeliveryLog = monitoring.DefaultDeliveryLog

// WithDeliveryLog bounds the delivery log (Deliveries, GET
// /_fake/deliveries) to n records; n < 1 keeps the default,
// DefaultDeliveryLog. Beyond it the oldest records are dropped, finished
// ones before pending ones (a dropped pending delivery is not attempted
// again); DroppedDeliveries counts them.
func WithDeliveryLog(n int) Option {
	return func(c *config) { c.deliveryLog = n }
}

// DroppedDeliveries returns how many delivery records were dropped to
// keep the delivery log within its bound; GET /_fake/deliveries reports
// it in the X-Dropped-Deliveries header.
func (s *Server) DroppedDeliveries() int {
	return s.monitoring().engine.Dropped()
}
