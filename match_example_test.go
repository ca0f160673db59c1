package registerdata_test

import (
	"context"
	"fmt"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
)

func ExampleClient_MatchCompany() {
	srv := fake.NewServer()
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL),
		registerdata.WithCache(registerdata.NewMemoryCache(1000, time.Hour)))
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	// A customer record as a CRM holds it: the name spelt loosely, the
	// register reference in the form of an imprint.
	q := registerdata.MatchQuery{Name: "NORDLICHT Solar-Technik Gesellschaft mit beschränkter Haftung", City: "Berlin", Register: "AG Charlottenburg (HRB 267645 B)"}
	m, err := c.MatchCompany(ctx, q, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(m.Best.CompanyID, m.Best.Score, m.Credits)
	for _, r := range m.Best.Reasons {
		fmt.Println("-", r)
	}
	// A register number alone costs one search, which shows that no
	// other court has that number.
	m, err = c.MatchCompany(ctx, registerdata.MatchQuery{Register: "HRB 267645"}, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(m.Best.CompanyID, m.Credits, m.Best.Reasons)
	// Output:
	// DE-HRB-F1103-267645 1 0
	// - name equal after normalisation
	// - legal form equal: GmbH
	// - city equal: Berlin
	// - register number and court equal
	// DE-HRB-F1103-267645 10 [register number equal; no other company has it]
}

func ExampleParseRegisterReference() {
	for _, s := range []string{"AG Charlottenburg (HRB 267645 B)", "Registergericht: Köln, HRA 1234", "GnR 873 Stuttgart"} {
		ref, err := registerdata.ParseRegisterReference(s)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%s %s at %s (%s)\n", ref.Type, ref.Number, ref.Court, ref.CourtCode)
	}
	// Output:
	// HRB 267645 at Berlin (Charlottenburg) (F1103)
	// HRA 1234 at Köln (R3306)
	// GnR 873 at Stuttgart (B8534)
}

// A VAT id that fails its check digit is not looked up: the match says
// so in Match.Ignored and spends nothing on it.
func ExampleMatch_ignored() {
	srv := fake.NewServer()
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	if err != nil {
		panic(err)
	}
	q := registerdata.MatchQuery{Name: "Nordlicht Solartechnik GmbH", VATID: "DE 318 274 650"}
	m, err := c.MatchCompany(context.Background(), q, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(m.Best.CompanyID, m.Credits)
	fmt.Println(m.Ignored)
	// Output:
	// DE-HRB-F1103-267645 0
	// [the VAT id DE318274650 fails its check digit (ISO 7064 MOD 11,10): look for a typo]
}

// ParseRegisterReference finds the court inside the sentence of an
// imprint.
func ExampleParseRegisterReference_sentence() {
	ref, err := registerdata.ParseRegisterReference("eingetragen im Handelsregister des Amtsgerichts Köln unter HRB 41209")
	if err != nil {
		panic(err)
	}
	fmt.Println(ref, ref.CourtCode)
	// Output: HRB 41209, Köln R3306
}

// A loop of MatchCompany calls over customer records that share words
// ("Nordlicht" here) can give its matches one cache of autocomplete
// answers, so each word is asked once; MatchCompaniesSeq does this for
// its walk by itself. Only the free answers are kept: paid calls are
// asked and billed as before.
func ExampleMatchOptions_suggestions() {
	srv := fake.NewServer()
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	if err != nil {
		panic(err)
	}
	o := &registerdata.MatchOptions{Suggestions: registerdata.NewMemoryCache(1000, 10*time.Minute)}
	var info registerdata.ResponseInfo
	for _, name := range []string{"Nordlicht Solartechnik GmbH", "Nordlicht Solartechnik", "NORDLICHT SOLARTECHNIK GMBH"} {
		m, err := c.MatchCompany(context.Background(), registerdata.MatchQuery{Name: name}, o, registerdata.WithResponseInfo(&info))
		if err != nil {
			panic(err)
		}
		fmt.Println(m.Best.CompanyID, "cached:", info.Cached)
	}
	// Output:
	// DE-HRB-F1103-267645 cached: false
	// DE-HRB-F1103-267645 cached: true
	// DE-HRB-F1103-267645 cached: true
}
