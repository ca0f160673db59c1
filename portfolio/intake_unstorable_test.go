package portfolio_test

import (
	"context"
	"database/sql"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/webhook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestADeliveryTheDatabaseCanNeverStoreIsRefusedWith400: a verified
// delivery whose id, entity or body no database column can hold (a NUL
// character, bytes that are not UTF-8) is refused with 400, so the
// service stops delivering it, and the reason is logged; nothing is
// recorded, on either engine. A 503 would have the service retry it
// for ever while the database is up.
func TestADeliveryTheDatabaseCanNeverStoreIsRefusedWith400(t *testing.T) {
	cases := map[string][]byte{
		"a NUL in entity_id":       []byte(`{"type":"monitor.change","entity_type":"company","entity_id":"DE-HRB-\u0000-1","categories":["basic"]}`),
		"a NUL in entity_type":     []byte(`{"type":"monitor.change","entity_type":"comp\u0000any","entity_id":"` + nordlicht + `","categories":["basic"]}`),
		"a NUL in a category":      []byte(`{"type":"monitor.change","entity_type":"company","entity_id":"` + nordlicht + `","categories":["ba\u0000sic"]}`),
		"a 0xff byte in the body":  []byte("{\"type\":\"monitor.change\",\"entity_type\":\"company\",\"entity_id\":\"" + nordlicht + "\",\"categories\":[\"basic\"],\"note\":\"\xff\"}"),
		"a 0xff byte in entity_id": []byte("{\"type\":\"monitor.change\",\"entity_type\":\"company\",\"entity_id\":\"DE-\xff\",\"categories\":[\"basic\"]}"),
	}
	engines(t, func(t *testing.T, dsn string) {
		_, c, clk := newFake(t)
		logs := &logWatch{}
		p := open(t, dsn, c, clk, portfolio.WithLogger(slog.New(logs)))
		v, err := webhook.NewVerifier(secret)
		require.NoError(t, err)
		rcv := httptest.NewServer(p.Handler(v))
		defer rcv.Close()
		for name, body := range cases {
			a := postAnswer(t, rcv.URL, delivery{id: "msg_" + strings.ReplaceAll(name, " ", "_"), body: body})
			assert.Equal(t, http.StatusBadRequest, a.status, "%s: refused for good, not retried", name)
		}
		assert.True(t, logs.logged("cannot store"), "the reason is logged")
		// A good delivery after them is recorded: the database is fine.
		good := delivery{id: "msg_good", body: []byte(`{"type":"monitor.change","entity_type":"company","entity_id":"` + nordlicht + `","categories":["basic"]}`)}
		assert.Equal(t, http.StatusNoContent, postAnswer(t, rcv.URL, good).status)
		n, err := p.Drain(context.Background())
		require.NoError(t, err)
		assert.Equal(t, 1, n, "only the good delivery was enqueued")
	})
}

// TestADeliveryAPostgreSQLDatabaseCannotEncodeIsRefusedWith400: on a
// database whose encoding cannot hold a character of a delivery (LATIN1
// has no Japanese; the client speaks UTF-8), PostgreSQL refuses the value
// whatever the retry: the receiver answers 400 with the reason logged,
// not the 503 of an outage.
func TestADeliveryAPostgreSQLDatabaseCannotEncodeIsRefusedWith400(t *testing.T) {
	dsn := postgresDSN(t)
	admin, err := sql.Open("pgx", dsn)
	require.NoError(t, err)
	defer admin.Close()
	const name = "pf_latin1"
	_, err = admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
	require.NoError(t, err)
	_, err = admin.Exec("CREATE DATABASE " + name + " ENCODING 'LATIN1' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0")
	require.NoError(t, err)
	t.Cleanup(func() { _, _ = admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)") })

	latin1 := withDatabase(t, dsn, name)
	if strings.Contains(latin1, "?") {
		latin1 += "&client_encoding=UTF8"
	} else {
		latin1 += "?client_encoding=UTF8"
	}
	_, c, clk := newFake(t)
	logs := &logWatch{}
	p := open(t, latin1, c, clk, portfolio.WithLogger(slog.New(logs)))
	v, err := webhook.NewVerifier(secret)
	require.NoError(t, err)
	rcv := httptest.NewServer(p.Handler(v))
	defer rcv.Close()
	d := delivery{id: "msg_kana", body: []byte(`{"type":"monitor.change","entity_type":"company","entity_id":"` + nordlicht + `","categories":["basic"],"note":"日本"}`)}
	a := postAnswer(t, rcv.URL, d)
	assert.Equal(t, http.StatusBadRequest, a.status)
	assert.Empty(t, a.retryAfter)
	assert.True(t, logs.logged("cannot store"), "the reason is logged")
	d.id, d.body = "msg_latin", []byte(`{"type":"monitor.change","entity_type":"company","entity_id":"`+nordlicht+`","categories":["basic"],"note":"Löwe"}`)
	assert.Equal(t, http.StatusNoContent, postAnswer(t, rcv.URL, d).status, "what the encoding holds is recorded")
}
