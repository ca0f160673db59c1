package fake

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"strconv"

	"github.com/registerdata/registerdata-go/internal/monitoring"
	"github.com/registerdata/registerdata-go/webhook"
)

// deliveryUserAgent identifies the fake's deliveries to the endpoint.
const deliveryUserAgent = "registerdata-fake-webhooks/1"

// send makes one delivery attempt: it signs m with the endpoint's secret
// and POSTs it, waiting at most DeliveryTimeout for the answer. The answer's body is
// drained (up to 64 KiB) and ignored.
func (st *monitorState) send(m monitoring.Message) monitoring.Outcome {
	st.mu.Lock()
	endpoint, secret := st.endpoint, st.secret
	st.mu.Unlock()
	if endpoint == "" {
		return monitoring.Outcome{Err: errors.New("no webhook endpoint is configured")}
	}
	h, err := webhook.SignedHeaders(secret, m.ID, m.Timestamp, m.Body)
	if err != nil {
		return monitoring.Outcome{Err: err}
	}
	ctx, cancel := context.WithTimeout(context.Background(), st.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, bytes.NewReader(m.Body))
	if err != nil {
		return monitoring.Outcome{Err: err}
	}
	for k, vs := range h {
		req.Header[k] = vs
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", deliveryUserAgent)
	resp, err := st.client.Do(req)
	if err != nil {
		return monitoring.Outcome{Err: err}
	}
	head, _ := io.ReadAll(io.LimitReader(resp.Body, deliveryBodyKept))
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	_ = resp.Body.Close()
	return monitoring.Outcome{Status: resp.StatusCode, Body: head}
}

// deliveryBodyKept is how much of an endpoint's answer a DeliveryAttempt
// keeps.
const deliveryBodyKept = 512

// handleDeliveries answers GET /_fake/deliveries with a JSON array of
// every delivery record kept, oldest first, and the number of records
// dropped from the bounded log in the X-Dropped-Deliveries header.
// ?entity_id= keeps those of one entity.
func (s *Server) handleDeliveries(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Dropped-Deliveries", strconv.Itoa(s.DroppedDeliveries()))
	all := s.Deliveries()
	id := r.URL.Query().Get("entity_id")
	items := make([]Delivery, 0, len(all))
	for _, d := range all {
		if id == "" || d.EntityID == id {
			items = append(items, d)
		}
	}
	writeJSON(w, http.StatusOK, items)
}
