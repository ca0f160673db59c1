package fake_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"os"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
)

// A fake serving your own register: the example directory of the
// repository, without the curated companies.
func ExampleWithData() {
	srv := fake.NewServer(fake.WithData(os.DirFS("testdata/example-register")), fake.WithoutCurated())
	defer srv.Close()
	c, _ := registerdata.NewClient(registerdata.WithBaseURL(srv.URL), registerdata.WithAPIKey(srv.APIKey))

	ctx := context.Background()
	holdings, err := c.GetCompanyHoldings(ctx, "DE-HRB-F1103-500001")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, h := range holdings.Holdings {
		fmt.Printf("Beispiel Holding GmbH holds %s (%.0f %%)\n", h.Name, *h.PercentageShare*100)
	}
	fmt.Println(srv.CompanyIDs())
	// Output:
	// Beispiel Holding GmbH holds Beispiel Software GmbH (75 %)
	// [DE-HRB-F1103-500001 DE-HRB-F1103-500002 DE-HRB-D2601-500003]
}

// Save a fake's state and start another from it.
func ExampleServer_Snapshot() {
	srv := fake.NewServer(fake.WithClock(fake.NewClock(time.Date(2025, 6, 2, 9, 0, 0, 0, time.UTC))))
	srv.SetCredits(srv.APIKey, 4711)
	srv.Clock().Advance(48 * time.Hour)

	var state bytes.Buffer
	if err := srv.Snapshot(&state); err != nil {
		fmt.Println(err)
		return
	}
	srv.Close()

	restored := fake.NewServer(fake.WithSnapshot(&state))
	defer restored.Close()
	fmt.Println(restored.Credits(restored.APIKey), restored.Clock().Now())
	// Output:
	// 4711 2025-06-04 09:00:00 +0000 UTC
}

// Five percent of company lookups answer 503, the same ones on every run
// of the same seed.
func ExampleFault_probability() {
	srv := fake.NewServer(fake.WithSeed(42))
	defer srv.Close()
	if err := srv.InjectFault(fake.Fault{PathPrefix: "/v1/company/", Method: http.MethodGet, Probability: 0.05, Status: 503}); err != nil {
		fmt.Println(err)
		return
	}
	failed := 0
	for range 200 {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+"/v1/company/DE-HRB-F1103-267645", nil)
		req.Header.Set("Authorization", "Bearer "+srv.APIKey)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			fmt.Println(err)
			return
		}
		res.Body.Close()
		if res.StatusCode == http.StatusServiceUnavailable {
			failed++
		}
	}
	fmt.Println(failed > 0 && failed < 30)
	// Output: true
}
