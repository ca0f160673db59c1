package registerdata_test

import (
	"bytes"
	"context"
	"encoding"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

// printedForms renders v every way a program might print, log or encode
// it: every fmt verb, slog's JSON and text handlers (as an attribute, in
// a group), encoding/json.
func printedForms(t *testing.T, v any) []string {
	t.Helper()
	var outs []string
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x", "%X", "%d", "%10.3s", "%-8v"} {
		outs = append(outs, fmt.Sprintf(verb, v))
	}
	outs = append(outs, fmt.Sprint(v), fmt.Sprintln(v))
	var logged bytes.Buffer
	for _, h := range []slog.Handler{slog.NewJSONHandler(&logged, nil), slog.NewTextHandler(&logged, nil)} {
		l := slog.New(h)
		l.Info("value", "v", v)
		l.Info("value", slog.Any("v", v), slog.Group("g", slog.Any("v", v)))
		l.With("v", v).Info("with")
	}
	outs = append(outs, logged.String())
	if b, err := json.Marshal(v); err == nil {
		outs = append(outs, string(b))
	}
	return outs
}

// TestSecretNeverShowsItself: a Secret, alone and nested in structs,
// slices, maps and pointers (TransparencyCredentials among them), never
// shows its value through fmt, slog, encoding/json or
// encoding.TextMarshaler (issue 19, defect 11); Reveal gives it.
func TestSecretNeverShowsItself(t *testing.T) {
	const value = "hunter2-SECRET-value"
	s := registerdata.Secret(value)
	creds := registerdata.TransparencyCredentials{Username: "kyc@example.com", Password: value}
	type wrapper struct {
		Name  string
		Creds registerdata.TransparencyCredentials
		Key   registerdata.Secret
		List  []registerdata.Secret
	}
	for name, v := range map[string]any{
		"secret":            s,
		"pointer":           &s,
		"credentials":       creds,
		"credentials ptr":   &creds,
		"nested":            wrapper{Name: "n", Creds: creds, Key: s, List: []registerdata.Secret{s}},
		"nested ptr":        &wrapper{Creds: creds, Key: s},
		"slice":             []registerdata.TransparencyCredentials{creds, creds},
		"map":               map[string]registerdata.Secret{"k": s},
		"anonymous struct":  struct{ P registerdata.Secret }{s},
		"slice of wrappers": []wrapper{{Creds: creds}},
	} {
		for _, out := range printedForms(t, v) {
			assert.NotContains(t, out, value, "%s: %s", name, out)
			assert.NotContains(t, out, hex.EncodeToString([]byte(value))[:16], "%s: hex: %s", name, out)
		}
	}
	text, err := encoding.TextMarshaler(s).MarshalText()
	require.NoError(t, err)
	assert.Equal(t, "[REDACTED]", string(text))
	assert.Equal(t, value, s.Reveal())
	assert.Equal(t, "", registerdata.Secret("").String(), "a missing secret shows as missing")

	var decoded registerdata.TransparencyCredentials
	require.NoError(t, json.Unmarshal([]byte(`{"username":"u","password":"p"}`), &decoded))
	assert.Equal(t, "p", decoded.Password.Reveal(), "decoding reads the value")
}

// TestCredentialsAreSentInFull: the request encoder, and only it, spells
// the password out.
func TestCredentialsAreSentInFull(t *testing.T) {
	var got []byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got, _ = io.ReadAll(r.Body)
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(srv.Close)
	c, err := registerdata.NewClient(registerdata.WithAPIKey("k"), registerdata.WithBaseURL(srv.URL))
	require.NoError(t, err)
	require.NoError(t, c.SetTransparencyCredentials(context.Background(), registerdata.TransparencyCredentials{Username: "u@example.com", Password: `pw"with\quotes`}))
	var body map[string]string
	require.NoError(t, json.Unmarshal(got, &body))
	assert.Equal(t, `pw"with\quotes`, body["password"])
	assert.Equal(t, "u@example.com", body["username"])
}

// TestErrorsNeverQuoteTheRequestsSecrets: the service's error answer
// quotes the request (the password as sent, JSON-escaped, and the API
// key); neither err.Error(), APIError.Message, Code nor Body carries them
// (issue 19, defect 10).
func TestErrorsNeverQuoteTheRequestsSecrets(t *testing.T) {
	const key = "sk_live_KEY-4711"
	const password = `pa"ss-SECRET-0815`
	for _, status := range []int{http.StatusBadRequest, http.StatusUnauthorized, http.StatusInternalServerError} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			sent, _ := io.ReadAll(r.Body)
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(status)
			msg, _ := json.Marshal(fmt.Sprintf("bad login in %s (auth %s, raw %s)", sent, r.Header.Get("Authorization"), password))
			fmt.Fprintf(w, `{"error":{"code":%s,"message":%s}}`, msg, msg)
		}))
		c, err := registerdata.NewClient(registerdata.WithAPIKey(key), registerdata.WithBaseURL(srv.URL), registerdata.WithMaxRetries(0))
		require.NoError(t, err)
		err = c.SetTransparencyCredentials(context.Background(), registerdata.TransparencyCredentials{Username: "u@example.com", Password: password})
		srv.Close()
		require.Error(t, err)
		var apiErr *registerdata.APIError
		require.ErrorAs(t, err, &apiErr)
		escaped := strings.Trim(string(must(json.Marshal(password))), `"`)
		for _, out := range append(printedForms(t, err), err.Error(), apiErr.Message, apiErr.Code, string(apiErr.Body), fmt.Sprintf("%+v", *apiErr)) {
			for _, secret := range []string{key, password, escaped} {
				assert.NotContains(t, out, secret, "status %d: %s", status, out)
			}
		}
		assert.Contains(t, apiErr.Message, "bad login", "the rest of the message stays")
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestClientNeverPrintsTheKey prints a client in every way a user might.
func TestClientNeverPrintsTheKey(t *testing.T) {
	const key = "sk_live_VERYSECRET123"
	c, err := registerdata.NewClient(registerdata.WithAPIKey(key), registerdata.WithBaseURL("https://api.test"))
	require.NoError(t, err)
	deref := reflect.ValueOf(c).Elem() // the Client struct itself, as a dump would walk it
	var outs []string
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x"} {
		outs = append(outs, fmt.Sprintf(verb, c), fmt.Sprintf(verb, deref))
	}
	var logged bytes.Buffer
	slog.New(slog.NewJSONHandler(&logged, nil)).Info("client", "client", c, "deref", deref)
	slog.New(slog.NewTextHandler(&logged, nil)).Info("client", slog.Any("client", c))
	outs = append(outs, logged.String())
	for _, out := range outs {
		assert.NotContains(t, out, "VERYSECRET", out)
		assert.NotContains(t, out, "5645525953454352455431323", out, "hex of the key") // hex of "VERYSECRET12"
	}
	assert.Contains(t, fmt.Sprint(c), "api.test", "the description still says which service")
}
