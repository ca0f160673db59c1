package portfolio_test

import (
	"context"
	"strings"
	"testing"

	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// dsnForms are DSNs in every form pgx reads a password from, each with
// the password it carries and what RedactDSN must show of it.
var dsnForms = []struct {
	name, dsn, password string
	redacted            string // "": an ambiguous DSN, no exact redaction
}{
	{"url user info", "postgres://kyc:Hunter2pw@db.example:5432/kyc", "Hunter2pw", "postgres://kyc:xxxxx@db.example:5432/kyc"},
	{"postgresql scheme", "postgresql://kyc:Hunter2pw@db.example/kyc", "Hunter2pw", "postgresql://kyc:xxxxx@db.example/kyc"},
	{"url user info percent-encoded", "postgres://kyc:p%40ss%2Fw0rd@db.example/kyc", "p@ss/w0rd", "postgres://kyc:xxxxx@db.example/kyc"},
	{"url user info with an unencoded @", "postgres://kyc:p@ssw0rd@db.example/kyc", "p@ssw0rd", "postgres://kyc:xxxxx@db.example/kyc"},
	{"url user info with an unencoded /", "postgres://kyc:pa/ssw0rd@db.example/kyc", "pa/ssw0rd", "postgres://kyc:xxxxx@db.example/kyc"},
	{"query parameter", "postgres://kyc@db.example/kyc?sslmode=disable&password=Hunter2pw", "Hunter2pw", "postgres://kyc@db.example/kyc?sslmode=disable&password=xxxxx"},
	{"query parameter first", "postgres://kyc@db.example/kyc?password=Hunter2pw&sslmode=disable", "Hunter2pw", "postgres://kyc@db.example/kyc?password=xxxxx&sslmode=disable"},
	{"query parameter with an encoded key", "postgres://kyc@db.example/kyc?pass%77ord=Hunter2pw", "Hunter2pw", "postgres://kyc@db.example/kyc?pass%77ord=xxxxx"},
	{"sslpassword query parameter", "postgres://kyc@db.example/kyc?sslpassword=Hunter2pw", "Hunter2pw", "postgres://kyc@db.example/kyc?sslpassword=xxxxx"},
	{"query parameter behind an @ in another value", "postgres://kyc@db.example/kyc?password=Hunter2pw&application_name=a@b", "Hunter2pw", ""},
	{"several hosts", "postgres://kyc:Hunter2pw@db.example:5432,db2.example:5432/kyc", "Hunter2pw", "postgres://kyc:xxxxx@db.example:5432,db2.example:5432/kyc"},
	{"keyword/value", "host=db.example port=5432 user=kyc password=Hunter2pw dbname=kyc", "Hunter2pw", "host=db.example port=5432 user=kyc password=xxxxx dbname=kyc"},
	{"keyword/value last", "host=db.example password=Hunter2pw", "Hunter2pw", "host=db.example password=xxxxx"},
	{"keyword/value spaced", "host=db.example password = Hunter2pw dbname=kyc", "Hunter2pw", "host=db.example password = xxxxx dbname=kyc"},
	{"keyword/value quoted", "host=db.example password='Hunter 2pw' dbname=kyc", "Hunter 2pw", "host=db.example password='xxxxx' dbname=kyc"},
	{"keyword/value quoted with an escaped quote", `host=db.example password='Hun\'ter 2pw' dbname=kyc`, `Hun'ter 2pw`, "host=db.example password='xxxxx' dbname=kyc"},
	{"keyword/value unterminated quote", "host=db.example password='Hunter 2pw", "Hunter 2pw", "host=db.example password='xxxxx"},
	{"keyword/value escaped space", `host=db.example password=Hunter\ 2pw dbname=kyc`, "Hunter 2pw", "host=db.example password=xxxxx dbname=kyc"},
	{"keyword/value sslpassword", "host=db.example sslpassword=Hunter2pw", "Hunter2pw", "host=db.example sslpassword=xxxxx"},
	{"mistyped scheme", "postgress://kyc:Hunter2pw@db.example/kyc", "Hunter2pw", "postgress://kyc:xxxxx@db.example/kyc"},
	{"scheme without //", "postgres:/kyc:Hunter2pw@db.example/kyc", "Hunter2pw", ""},
}

func TestRedactDSNHidesThePasswordOfEveryForm(t *testing.T) {
	for _, f := range dsnForms {
		t.Run(f.name, func(t *testing.T) {
			got := portfolio.RedactDSN(f.dsn)
			assert.NotContains(t, got, f.password)
			for _, piece := range strings.Fields(f.password) {
				if len(piece) > 2 {
					assert.NotContains(t, got, piece, "no piece of the password")
				}
			}
			if f.redacted == "" {
				return // an ambiguous DSN: masked generously
			}
			assert.Equal(t, f.redacted, got, "the rest of the DSN is kept")
			assert.Contains(t, portfolio.DSNSecrets(f.dsn), f.password, "DSNSecrets gives the password as the server reads it")
		})
	}
}

func TestRedactDSNKeepsWhatCarriesNoPassword(t *testing.T) {
	for _, dsn := range []string{
		"sqlite:portfolio.db",
		"sqlite:/srv/kyc/user:pass@host.db", // a file name is no user information
		"sqlite:/srv/kyc/password=x.db",
		"postgres://kyc@db.example:5432/kyc?sslmode=require",
		"postgres://db.example/kyc",
		"host=db.example user=kyc dbname=kyc",
		"",
	} {
		assert.Equal(t, dsn, portfolio.RedactDSN(dsn))
		assert.Empty(t, portfolio.DSNSecrets(dsn), dsn)
	}
}

// TestOpenNeverShowsAPassword opens a database that cannot be reached
// or read, in every form of DSN, and reads the error.
func TestOpenNeverShowsAPassword(t *testing.T) {
	_, c, _ := newFake(t)
	const pw = "Sw0rdfish-7"
	for _, dsn := range []string{
		"postgres://kyc:" + pw + "@127.0.0.1:1/kyc?connect_timeout=2",
		"postgres://kyc@127.0.0.1:1/kyc?connect_timeout=2&password=" + pw,
		"postgres://kyc@127.0.0.1:1/kyc?password=" + pw + "&connect_timeout=2",
		"postgres://kyc:" + pw + "@127.0.0.1:notaport/kyc",                     // pgx cannot parse it
		"postgres://kyc@127.0.0.1:1/kyc?password=" + pw + "&connect_timeout=x", // nor this
		"postgres://kyc:Sw0rd/fish-7@127.0.0.1:1/kyc",                          // an unencoded '/'
		"host=127.0.0.1 port=1 user=kyc password=" + pw + " dbname=kyc",
		"host=127.0.0.1 port=1 user=kyc password='" + pw + " x' dbname=kyc",
		"mysql://kyc:" + pw + "@127.0.0.1:1/kyc",
	} {
		_, err := portfolio.Open(context.Background(), dsn, c)
		require.Error(t, err, dsn)
		assert.NotContains(t, err.Error(), pw, dsn)
		assert.NotContains(t, err.Error(), "fish-7", dsn)
		assert.Contains(t, err.Error(), "127.0.0.1", "the error still names the database")
	}
}

// TestOpenNeverShowsPGPASSWORD: pgx reads $PGPASSWORD for a DSN without
// a password; no error of Open shows it.
func TestOpenNeverShowsPGPASSWORD(t *testing.T) {
	const pw = "Sw0rdfish-env"
	t.Setenv("PGPASSWORD", pw)
	_, c, _ := newFake(t)
	for _, dsn := range []string{
		"postgres://kyc@127.0.0.1:1/kyc?connect_timeout=2",
		"postgres://kyc@127.0.0.1:notaport/kyc",
		"host=127.0.0.1 port=1 user=kyc",
	} {
		_, err := portfolio.Open(context.Background(), dsn, c)
		require.Error(t, err, dsn)
		assert.NotContains(t, err.Error(), pw, dsn)
	}
}
