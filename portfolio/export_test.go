package portfolio

// SetAfterFetch sets the function the job of an event runs after its
// answers are recorded in the inbox and before they are compared and
// journalled (nil: none). For the kill tests' worker processes, before
// any work starts.
func SetAfterFetch(f func(eventID string)) { afterFetch = f }

// MatchWalks is how many match walks of imports are running.
func MatchWalks() int64 { return matchWalks.Load() }
