package registerdataotel_test

import (
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/registerdataotel"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
)

// TestNewObserverAsDesignFixesIt spells the call as DESIGN.md writes it:
// one value, usable as the client's observer.
func TestNewObserverAsDesignFixesIt(t *testing.T) {
	tp, mp := sdktrace.NewTracerProvider(), sdkmetric.NewMeterProvider()
	o := registerdataotel.NewObserver(registerdataotel.WithTracerProvider(tp), registerdataotel.WithMeterProvider(mp))
	var _ registerdata.Observer = o
	if _, err := registerdata.NewClient(registerdata.WithAPIKey("k"), registerdata.WithObserver(o)); err != nil {
		t.Fatal(err)
	}
	if registerdataotel.NewObserver() == nil {
		t.Fatal("NewObserver with the global providers returned nil")
	}
}
