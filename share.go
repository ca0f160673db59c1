package registerdata

// The service writes one kind of stake on two scales: an owner's and a
// beneficial owner's percentage_share is a percent (50 means 50 %), a
// holding's a fraction (0.5 means 50 %). SharePercent reads each on the
// percent scale, so stakes from any of them compare directly.

// SharePercent returns the owner's stake in percent (50 means 50 %) and
// true, or 0 and false when the service gives no share (a general
// partner without capital share).
func (o Owner) SharePercent() (float64, bool) { return percent(o.PercentageShare, 1) }

// SharePercent returns the beneficial owner's effective stake in percent
// (50 means 50 %) and true, or 0 and false when the service gives no
// exact share (see PercentageShare and MaxPercentageShare).
func (b BeneficialOwner) SharePercent() (float64, bool) { return percent(b.PercentageShare, 1) }

// SharePercent returns the holding's stake in percent (50 means 50 %,
// where PercentageShare holds 0.5) and true, or 0 and false when the
// service gives no share.
func (h Holding) SharePercent() (float64, bool) { return percent(h.PercentageShare, 100) }

func percent(p *float64, scale float64) (float64, bool) {
	if p == nil {
		return 0, false
	}
	return *p * scale, true
}
