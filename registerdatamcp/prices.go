package registerdatamcp

import (
	"fmt"

	"github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// priceText writes the client's price of route as tool descriptions say
// it ("25 credits"), so that an agent reads the prices the server bills
// by (registerdata.WithPrices), never a number written by hand.
func priceText(c *registerdata.Client, route string) string {
	return fmt.Sprintf("%d credits", c.Prices().Of(route, false))
}

// realtimeCredits is the price of route with realtime=true.
func realtimeCredits(c *registerdata.Client, route string) string {
	return fmt.Sprintf("%d credits", c.Prices().Of(route, true))
}

// monitorCredits says what a weekly and a daily monitor cost.
func monitorCredits(c *registerdata.Client) string {
	p := c.Prices()
	return fmt.Sprintf("Costs %d credits (weekly) or %d (daily) now, and %d or %d every month while the monitor is active",
		p.Monitor(enums.UpdateFrequencyWeekly), p.Monitor(enums.UpdateFrequencyDaily),
		p.MonitorMonthly(enums.UpdateFrequencyWeekly), p.MonitorMonthly(enums.UpdateFrequencyDaily))
}
