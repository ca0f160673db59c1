package portfolio_test

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/internal/rusage"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/require"
)

// The sizes of the scale benchmarks (these and BenchmarkEvents's
// -event-rows): small by default, for CI's run-once step; the issue's
// figures are measured with
//
//	go test -run '^$' -bench 'ImportByID|ImportByName|Events' -benchtime 1x . \
//	    -args -import-rows 100000 -name-rows 10000 -event-rows 1000000
var (
	importRows = flag.Int("import-rows", 2000, "rows BenchmarkImportByID imports by company id")
	nameRows   = flag.Int("name-rows", 400, "rows BenchmarkImportByName matches by name")
)

// BenchmarkImportByID imports -import-rows rows by company id, the
// portfolio's way (Import) and the floor's (benchImportFloor: the same
// rows through database/sql on the same driver with the portfolio's
// connection settings), interleaved in one process (A B A B), on each
// engine, each side into an empty store of its own every round: rows/s of
// each side and "ratio", the portfolio's rows/s over the floor's. The
// cpu-us/row of each side is the processor time of the whole process
// while the side runs, which other processes on a shared machine do not
// stretch as they stretch rows/s. PostgreSQL is a cluster with fsync on
// (benchPostgresDSN).
func BenchmarkImportByID(b *testing.B) {
	b.Run("sqlite", func(b *testing.B) {
		benchImportByID(b, func(b *testing.B) (string, *sql.DB) {
			dir := b.TempDir()
			bare, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "bare.db")+"?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_pragma=foreign_keys(1)&_txlock=immediate")
			require.NoError(b, err)
			bare.SetMaxOpenConns(1)
			b.Cleanup(func() { bare.Close() })
			return "sqlite:" + filepath.Join(dir, "portfolio.db"), bare
		}, "?")
	})
	b.Run("postgres", func(b *testing.B) {
		benchImportByID(b, func(b *testing.B) (string, *sql.DB) {
			dsn := benchPostgresDSN(b)
			return dsn, rawDB(b, dsn)
		}, "$")
	})
}

// benchImportByID runs both sides of BenchmarkImportByID on the stores
// that stores gives each round (a portfolio DSN and a database for the
// floor); mark is the engine's placeholder prefix.
func benchImportByID(b *testing.B, stores func(*testing.B) (string, *sql.DB), mark string) {
	rows := *importRows
	srv, c, clk := newFake(b, fake.WithGenerated(rows))
	ids := srv.CompanyIDs()[:rows]
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	var mine, floor, mineCPU, floorCPU time.Duration
	for i := range b.N {
		b.StopTimer()
		dsn, bare := stores(b)
		p := open(b, dsn, c, clk)
		in := make([]portfolio.Row, rows)
		for j, id := range ids {
			in[j] = portfolio.Row{Ref: fmt.Sprintf("B%d-%06d", i, j), CompanyID: id, Tags: []string{"bench"}}
		}
		f := newImportFloor(b, bare, mark)
		b.StartTimer()

		t0, c0 := time.Now(), rusage.CPU()
		n := 0
		for r, err := range p.Import(ctx, seqOf(in...), portfolio.ImportOptions{}) {
			if err != nil || r.Status != portfolio.Matched {
				b.Fatalf("row %d: %v %v", n, r.Status, err)
			}
			n++
		}
		mine += time.Since(t0)
		mineCPU += rusage.CPU() - c0

		t0, c0 = time.Now(), rusage.CPU()
		m := f.write(ctx, b, in)
		floor += time.Since(t0)
		floorCPU += rusage.CPU() - c0

		b.StopTimer()
		require.Equal(b, rows, n)
		require.Equal(b, rows, m)
		var stored int
		require.NoError(b, bare.QueryRowContext(ctx, `SELECT count(*) FROM bare_entries`).Scan(&stored))
		require.Equal(b, rows, stored, "the floor stored every row")
		p.Close()
		b.StartTimer()
	}
	b.StopTimer()
	b.ReportMetric(float64(rows*b.N)/mine.Seconds(), "portfolio-rows/s")
	b.ReportMetric(float64(rows*b.N)/floor.Seconds(), "floor-rows/s")
	b.ReportMetric(floor.Seconds()/mine.Seconds(), "ratio")
	b.ReportMetric(float64(mineCPU.Microseconds())/float64(rows*b.N), "portfolio-cpu-us/row")
	b.ReportMetric(float64(floorCPU.Microseconds())/float64(rows*b.N), "floor-cpu-us/row")
}

// importFloor writes rows by company id as a program that knows nothing
// of the portfolio would, on the bare driver: per batch of
// portfolio.ImportBatch rows (the rows Import commits together), one
// query reading the stored refs of the batch (what Import must know
// before it decides a row), then one transaction with one INSERT per row
// of the columns an entry has (ref, company id, status, score, tags as
// JSON, the row's fingerprint, added and updated times), into a table
// with the portfolio's index on the company id, through statements
// prepared once. It is the floor: no matching, no review data, no results
// to hand back, nothing but the reads and writes any import by id must
// make.
type importFloor struct {
	db             *sql.DB
	stored, insert *sql.Stmt
	mark           func(i int) string // the engine's placeholder of argument i (from 1)
}

// newImportFloor creates the floor's table on db and prepares its
// statements.
func newImportFloor(b *testing.B, db *sql.DB, mark string) *importFloor {
	_, err := db.Exec(`CREATE TABLE bare_entries (ref text PRIMARY KEY, company_id text NOT NULL, status text NOT NULL, score real NOT NULL,
		tags text NOT NULL, fingerprint text NOT NULL, added_at bigint NOT NULL, updated_at bigint NOT NULL)`)
	require.NoError(b, err)
	_, err = db.Exec(`CREATE INDEX bare_entries_company ON bare_entries (company_id)`)
	require.NoError(b, err)
	f := &importFloor{db: db, mark: func(i int) string { return mark + strconv.Itoa(i) }}
	if mark == "?" {
		// SQLite's driver looks each numbered placeholder up by a scan
		// of the statement's names: the IN list's are anonymous.
		f.mark = func(int) string { return "?" }
	}
	f.insert, err = db.Prepare(fmt.Sprintf(`INSERT INTO bare_entries (ref, company_id, status, score, tags, fingerprint, added_at, updated_at)
		VALUES (%[1]s1, %[1]s2, %[1]s3, %[1]s4, %[1]s5, %[1]s6, %[1]s7, %[1]s7)`, mark))
	require.NoError(b, err)
	b.Cleanup(func() { f.insert.Close() })
	f.stored, err = db.Prepare(f.storedSQL(portfolio.ImportBatch))
	require.NoError(b, err)
	b.Cleanup(func() { f.stored.Close() })
	return f
}

// storedSQL reads the stored refs among n.
func (f *importFloor) storedSQL(n int) string {
	marks := make([]string, n)
	for i := range marks {
		marks[i] = f.mark(i + 1)
	}
	return `SELECT ref FROM bare_entries WHERE ref IN (` + strings.Join(marks, ", ") + `)`
}

// write stores rows and returns how many it stored.
func (f *importFloor) write(ctx context.Context, b *testing.B, rows []portfolio.Row) int {
	n := 0
	for len(rows) > 0 {
		batch := rows[:min(len(rows), portfolio.ImportBatch)]
		rows = rows[len(batch):]
		known, err := f.storedRefs(ctx, batch)
		if err != nil {
			b.Fatal(err)
		}
		tx, err := f.db.BeginTx(ctx, nil)
		if err != nil {
			b.Fatal(err)
		}
		ins := tx.StmtContext(ctx, f.insert)
		now := time.Now().UnixMicro()
		for _, r := range batch {
			if known[r.Ref] {
				continue
			}
			tags, _ := json.Marshal(r.Tags)
			sum := sha256.Sum256([]byte(r.CompanyID))
			if _, err := ins.ExecContext(ctx, r.Ref, r.CompanyID, "matched", 1.0, string(tags), hex.EncodeToString(sum[:16]), now); err != nil {
				b.Fatal(err)
			}
			n++
		}
		if err := tx.Commit(); err != nil {
			b.Fatal(err)
		}
	}
	return n
}

// storedRefs are the refs of batch stored already, read in one query.
func (f *importFloor) storedRefs(ctx context.Context, batch []portfolio.Row) (map[string]bool, error) {
	args := make([]any, len(batch))
	for i, r := range batch {
		args[i] = r.Ref
	}
	var rs *sql.Rows
	var err error
	if len(batch) == portfolio.ImportBatch {
		rs, err = f.stored.QueryContext(ctx, args...)
	} else {
		rs, err = f.db.QueryContext(ctx, f.storedSQL(len(batch)), args...)
	}
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	known := map[string]bool{}
	for rs.Next() {
		var ref string
		if err := rs.Scan(&ref); err != nil {
			return nil, err
		}
		known[ref] = true
	}
	return known, rs.Err()
}

// BenchmarkImportByName matches -name-rows rows by name and city through
// MatchCompaniesSeq against the fake at 2 ms latency, concurrency 8, into
// SQLite; rows/s is the figure (the target is 1,000 or more). The fake
// runs in the process: cpu-us/row is the processor time of the whole
// process (SDK, fake, store) per row, which other processes on a shared
// machine do not stretch as they stretch rows/s. "shared" is Import as it
// is, asking each autocomplete text once; "each-asked" gives the matches
// a Suggestions cache that keeps nothing, so every match asks its own
// texts (what rows that share no word cost).
func BenchmarkImportByName(b *testing.B) {
	rows := *nameRows
	srv, c, clk := newFake(b, fake.WithGenerated(rows), fake.WithLatency(2*time.Millisecond, 2*time.Millisecond))
	in := nameRowsOf(srv, rows)
	for _, bc := range []struct {
		name  string
		match *registerdata.MatchOptions
	}{{"shared", nil}, {"each-asked", &registerdata.MatchOptions{Suggestions: keepsNothing{}}}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			var total, cpu time.Duration
			for range b.N {
				b.StopTimer()
				p := open(b, sqliteDSN(b), c, clk)
				b.StartTimer()
				t0, c0 := time.Now(), rusage.CPU()
				importAll(b, p, in, portfolio.ImportOptions{Match: bc.match, Batch: registerdata.BatchOptions{Concurrency: 8}})
				total += time.Since(t0)
				cpu += rusage.CPU() - c0
				b.StopTimer()
				p.Close()
				b.StartTimer()
			}
			b.ReportMetric(float64(rows*b.N)/total.Seconds(), "rows/s")
			b.ReportMetric(float64(cpu.Microseconds())/float64(rows*b.N), "cpu-us/row")
		})
	}
}

// keepsNothing is a Cache that never holds an answer.
type keepsNothing struct{}

func (keepsNothing) Get(context.Context, string) ([]byte, bool, error) { return nil, false, nil }
func (keepsNothing) Set(context.Context, string, []byte) error         { return nil }

// nameRowsOf names the first n generated companies of srv by name and
// city.
func nameRowsOf(srv *fake.Server, n int) []portfolio.Row {
	var in []portfolio.Row
	for j, id := range srv.CompanyIDs()[:n] {
		co, _ := srv.Company(id)
		in = append(in, portfolio.Row{Ref: fmt.Sprintf("N%06d", j), Query: registerdata.MatchQuery{Name: co.Name.Name, City: co.Address.City}})
	}
	return in
}
