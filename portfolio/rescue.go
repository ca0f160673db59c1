package portfolio

import "time"

// RescueRound is how often River looks for the jobs of workers presumed
// dead (its rescuer's interval, fixed by River): a job whose worker was
// killed runs again at most RescueAfter plus RescueRound after it was
// claimed.
const RescueRound = 30 * time.Second

// RescueAfter is how long a job of p may stay claimed before another
// worker takes it over, its worker presumed dead (WithRescueAfter; one
// minute by default).
func (p *Portfolio) RescueAfter() time.Duration { return p.cfg.rescueAfter }

// JobTimeout bounds one run of a job of p: half of RescueAfter, so that a
// job still running is never taken over by another worker; a run cut off
// runs again.
func (p *Portfolio) JobTimeout() time.Duration { return p.cfg.rescueAfter / 2 }
