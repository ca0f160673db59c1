package portfolio_test

import (
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
)

// TestAJobRunsForLessThanItsRescueTime: a job never runs as long as the
// time after which another worker takes it over, with the default rescue
// time and a set one, so that a slow job is not run twice at once.
func TestAJobRunsForLessThanItsRescueTime(t *testing.T) {
	_, c, clk := newFake(t)
	p := open(t, sqliteDSN(t), c, clk)
	assert.Equal(t, time.Minute, p.RescueAfter(), "the default")
	assert.Less(t, p.JobTimeout(), p.RescueAfter())
	p = open(t, sqliteDSN(t), c, clk, portfolio.WithRescueAfter(20*time.Second))
	assert.Equal(t, 20*time.Second, p.RescueAfter(), "WithRescueAfter is kept")
	assert.Less(t, p.JobTimeout(), p.RescueAfter())
	assert.Positive(t, p.JobTimeout())
}
