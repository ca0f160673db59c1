package registerdataotel_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/registerdataotel"
)

func TestLogRecordsCarryTheCallsTrace(t *testing.T) {
	var buf bytes.Buffer
	logger := slog.New(registerdataotel.LogHandler(slog.NewJSONHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug})))
	r := newRig(t, registerdata.WithLogger(logger))
	if _, err := r.c.GetCompany(context.Background(), nordlichtID, nil); err != nil {
		t.Fatal(err)
	}
	span := r.ended()[0].SpanContext()
	lines := bytes.Split(bytes.TrimSpace(buf.Bytes()), []byte("\n"))
	var withRoute int
	for _, line := range lines {
		var rec map[string]any
		if err := json.Unmarshal(line, &rec); err != nil {
			t.Fatalf("log line %s: %v", line, err)
		}
		if rec["trace_id"] != span.TraceID().String() || rec["span_id"] != span.SpanID().String() {
			t.Errorf("record %s is not tied to the call's span %v", line, span)
		}
		if rec["route"] == "GET /v1/company/{company_id}" {
			withRoute++
		}
	}
	if len(lines) == 0 || withRoute == 0 {
		t.Fatalf("no record names the route: %s", buf.String())
	}
}
