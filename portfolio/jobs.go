package portfolio

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivertype"
)

// jobQueue is the River queue of the portfolio's jobs.
const jobQueue = "registerdata_portfolio"

// deliveryArgs is the job of one recorded delivery. Its kind and its
// JSON are stored in River's table with the queued jobs, so they keep
// the names of the first version ("event"): a job queued before an
// upgrade is worked after it.
type deliveryArgs struct {
	DeliveryID string `json:"event_id"`
}

// Kind names the job kind in River's table.
func (deliveryArgs) Kind() string { return "registerdata_portfolio_event" }

// InsertOpts puts the job in the portfolio's queue.
func (deliveryArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{Queue: jobQueue} }

// deliveryWorker runs the jobs of deliveries.
type deliveryWorker struct {
	river.WorkerDefaults[deliveryArgs]
	p   *Portfolio
	ran *runs
	// slots holds a token per job running, up to WithWorkers: River
	// claims fetchAhead more jobs than that, which wait here.
	slots chan struct{}
}

// Work checks the delivery's company. When its last attempt fails, the
// portfolio gives up on it, never in silence (giveUp, see CheckFailure).
func (w *deliveryWorker) Work(ctx context.Context, job *river.Job[deliveryArgs]) (err error) {
	if !w.takeSlot(ctx, job.Args.DeliveryID) {
		// Stopped (or out of time) before a worker was free: the job
		// runs again at once, here or in another process, and the wait
		// is not an attempt.
		return river.JobSnooze(0)
	}
	defer func() { <-w.slots }()
	w.ran.begin()
	defer w.ran.end(job.ID)
	id := job.Args.DeliveryID
	start := time.Now()
	ctx, note := withJobNote(ctx)
	defer func() {
		if v := recover(); v != nil {
			// River records the panic; a last attempt is given up first.
			if perr := fmt.Errorf("portfolio: the check of delivery %s panicked: %v", id, v); finalAttempt(ctx, job.JobRow, perr) {
				_ = w.p.giveUp(ctx, job.JobRow, id, perr)
			}
			panic(v)
		}
	}()
	err = w.p.retryJob(ctx, id, w.p.processDelivery(ctx, id))
	final := finalAttempt(ctx, job.JobRow, err)
	if final {
		err = w.p.giveUp(ctx, job.JobRow, id, err)
	}
	w.p.observeJob(ctx, job.JobRow, id, note, start, final, err)
	return err
}

// waitingForSlot, when set, is called with the delivery of a job claimed
// ahead that waits for a worker (tests).
var waitingForSlot func(deliveryID string)

// takeSlot waits for a free worker for the job of delivery id; false
// when ctx ended first.
func (w *deliveryWorker) takeSlot(ctx context.Context, id string) bool {
	select {
	case w.slots <- struct{}{}:
		return true
	default:
	}
	if waitingForSlot != nil {
		waitingForSlot(id)
	}
	select {
	case w.slots <- struct{}{}:
		return true
	case <-ctx.Done():
		return false
	}
}

// deliveryRetry, when set, is the wait before a delivery's retry; zero
// keeps River's policy (1 s, 16 s, 81 s and on: the attempt to the
// fourth power, with a tenth of jitter). Tests set it.
var deliveryRetry time.Duration

// NextRetry is deliveryRetry from now, or River's policy (zero time).
func (w *deliveryWorker) NextRetry(*river.Job[deliveryArgs]) time.Time {
	if deliveryRetry <= 0 {
		return time.Time{}
	}
	return time.Now().Add(deliveryRetry)
}

// Timeout bounds one run of a job to half the rescue time, so a job
// still running is never taken over by another worker.
func (w *deliveryWorker) Timeout(*river.Job[deliveryArgs]) time.Duration {
	return w.p.JobTimeout()
}

// runner is a River client of either engine.
type runner interface {
	Start(ctx context.Context) error
	Stop(ctx context.Context) error
	JobList(ctx context.Context, params *river.JobListParams) (*river.JobListResult, error)
}

// fetchAhead is how many jobs River claims beyond the WithWorkers that
// run at once; they wait for a free worker (deliveryWorker.slots). River
// fetches for free slots only, when a job ends: without a job claimed
// ahead, each job started a fetch later (one worker, the fake answering
// after 2 ms: 0.75 to 0.98 ms between two jobs, of 5.6 to 6.8 ms a
// job; with one ahead, 0.07 to 0.11 ms). With one claimed
// ahead, the next job starts as one ends and the fetch runs meanwhile.
// One is enough to hide a fetch (it takes less than a job) and holds back
// the least from the other processes of a fleet. A job's time (its
// JobTimeout) counts from its claim, its wait included, so a run still
// ends before RescueAfter; a job still waiting when Work stops is put
// back at once (JobSnooze), not counted as an attempt.
const fetchAhead = 1

// fetchCooldown is the least time between two fetches of jobs by one
// worker process: River's least (1 ms), so that no cooldown caps a
// worker. River fetches only for free worker slots: when a fetch filled
// every slot, the next one runs as soon as a job finishes, so a burst
// drains at the pace the jobs run, one fetch per finished job at most.
// New jobs wake the workers at once without waiting for a poll: on
// PostgreSQL River notifies the workers of every insert (LISTEN/NOTIFY,
// itself debounced by River); on SQLite (poll only) the workers find
// them at the next poll. The cooldown spaces the fetches those wake-ups
// cause; a longer one only made a worker wait with a free slot (5 ms
// held one worker to 200 jobs/s, River's default of 100 ms 4 workers
// to 40). The poll (WithPollInterval) stays the fallback for a
// notification lost while the listener reconnects, and the pace of
// SQLite.
const fetchCooldown = river.FetchCooldownMin

// newRunner makes a River client that works the portfolio's queue.
func (p *Portfolio) newRunner(poll time.Duration, ran *runs) (runner, error) {
	workers := river.NewWorkers()
	if err := river.AddWorkerSafely(workers, &deliveryWorker{p: p, ran: ran, slots: make(chan struct{}, p.cfg.workers)}); err != nil {
		return nil, fmt.Errorf("portfolio: setting up the workers: %w", err)
	}
	if err := river.AddWorkerSafely(workers, &alertWorker{p: p, ran: ran}); err != nil {
		return nil, fmt.Errorf("portfolio: setting up the workers: %w", err)
	}
	if err := river.AddWorkerSafely(workers, &digestWorker{p: p}); err != nil {
		return nil, fmt.Errorf("portfolio: setting up the workers: %w", err)
	}
	cfg := &river.Config{
		Logger:               p.cfg.logger,
		Queues:               map[string]river.QueueConfig{jobQueue: {MaxWorkers: p.cfg.workers + fetchAhead}, alertQueue: {MaxWorkers: alertWorkers}},
		Workers:              workers,
		FetchPollInterval:    poll,
		FetchCooldown:        min(poll, fetchCooldown),
		RescueStuckJobsAfter: p.cfg.rescueAfter,
		JobTimeout:           p.JobTimeout(),
	}
	var r runner
	var err error
	if p.engine == enginePostgres {
		r, err = river.NewClient[pgx.Tx](riverpgxv5.New(p.pool), cfg)
	} else {
		cfg.PollOnly = true // SQLite has no LISTEN/NOTIFY
		r, err = river.NewClient[*sql.Tx](riversqlite.New(p.db), cfg)
	}
	if err != nil {
		return nil, fmt.Errorf("portfolio: setting up the workers: %w", err)
	}
	return r, nil
}

// Work runs queued jobs until ctx ends, then stops, letting the jobs in
// progress finish (up to 30 s, after which they are cancelled and run
// again later). Any number of processes may run Work on one PostgreSQL
// database: each job is claimed by one; a job whose worker died is taken
// over after the rescue time (WithRescueAfter) and River's next rescue
// round (River runs one every 30 s), reusing the answers the dead worker
// recorded (see the package documentation). While the database is
// unavailable, at start or later, Work keeps trying until ctx ends (see
// WithLogger) and loses no job: a job the database went away from runs
// again once it is back. It returns nil when ctx ended, or the error
// that kept the workers from starting.
func (p *Portfolio) Work(ctx context.Context) error {
	var ran runs
	r, err := p.startRunner(ctx, p.cfg.pollEvery, &ran)
	if err != nil {
		return err
	}
	<-ctx.Done()
	if r == nil {
		return nil // ctx ended before the database could be reached
	}
	stop, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	if err := r.Stop(stop); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("portfolio: stopping the workers: %w", err)
	}
	return nil
}

// drainPoll is how often Drain looks for jobs.
const drainPoll = 20 * time.Millisecond

// drainList is how many queued jobs Drain reads at each look.
const drainList = 100

// runs counts the runs of jobs a River client made and, for Drain,
// keeps the ids of the jobs whose run ended.
type runs struct {
	n     atomic.Int64
	mu    sync.Mutex
	ended map[int64]bool // nil: not kept (Work)
}

// begin counts a run.
func (r *runs) begin() { r.n.Add(1) }

// end notes that the run of job id ended.
func (r *runs) end(id int64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ended != nil {
		r.ended[id] = true
	}
}

// count is the number of runs.
func (r *runs) count() int { return int(r.n.Load()) }

// over reports whether jobs, those queued and available or running, are
// only jobs whose run here ended: River records a job's outcome in
// batches, up to a quarter of a second after its run, and shows it
// running meanwhile.
func (r *runs) over(jobs []*rivertype.JobRow) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, j := range jobs {
		if j.State != rivertype.JobStateRunning || !r.ended[j.ID] {
			return false
		}
	}
	return true
}

// Drain runs the jobs queued now until none is available or running,
// and returns how many runs it made (a job retried counts each time). A
// job that failed and waits for its retry is left for later. For tests
// and cron jobs; a service runs Work.
func (p *Portfolio) Drain(ctx context.Context) (int, error) {
	ran := runs{ended: map[int64]bool{}}
	r, err := p.newRunner(drainPoll, &ran)
	if err != nil {
		return 0, err
	}
	if err := r.Start(ctx); err != nil {
		return 0, fmt.Errorf("portfolio: starting the workers: %w", err)
	}
	defer func() {
		// Stopping records the outcomes of the runs that ended.
		stop, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
		defer cancel()
		_ = r.Stop(stop)
	}()
	tick := time.NewTicker(drainPoll)
	defer tick.Stop()
	params := river.NewJobListParams().Queues(jobQueue, alertQueue).States(rivertype.JobStateAvailable, rivertype.JobStateRunning).First(drainList)
	available := river.NewJobListParams().Queues(jobQueue, alertQueue).States(rivertype.JobStateAvailable).First(1)
	for {
		select {
		case <-ctx.Done():
			return ran.count(), ctx.Err()
		case <-tick.C:
		}
		// While a job waits, Drain is not done: one job listed says so
		// at a fraction of the cost of the full list.
		waiting, err := r.JobList(ctx, available)
		if err != nil {
			return ran.count(), fmt.Errorf("portfolio: listing the queued jobs: %w", err)
		}
		if len(waiting.Jobs) > 0 {
			continue
		}
		res, err := r.JobList(ctx, params)
		if err != nil {
			return ran.count(), fmt.Errorf("portfolio: listing the queued jobs: %w", err)
		}
		// A full list may hide a job of another process further on.
		if len(res.Jobs) < drainList && ran.over(res.Jobs) {
			return ran.count(), nil
		}
	}
}
