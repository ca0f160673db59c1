package registerdata_test

import (
	"context"
	"encoding/json"
	"fmt"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
)

// Do calls an endpoint by its path, here the owners of a company, read as
// raw JSON, and then decoded into a struct of only the fields wanted.
func ExampleClient_Do() {
	srv := fake.NewServer()
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	if err != nil {
		panic(err)
	}
	ctx := context.Background()

	var raw json.RawMessage
	err = c.Do(ctx, "GET", "/v1/company/DE-HRB-F1103-267645/owners", nil, &raw,
		registerdata.WithCost(registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners", false))) // without WithCost: UnpublishedPrice
	if err != nil {
		panic(err)
	}
	var owners struct {
		CompanyID string `json:"company_id"`
		Owners    []struct {
			Name string `json:"name"`
		} `json:"owners"`
	}
	if err := json.Unmarshal(raw, &owners); err != nil {
		panic(err)
	}
	fmt.Println(owners.CompanyID, len(owners.Owners) > 0)

	var credits struct {
		Used int64 `json:"used"`
	}
	err = c.Do(ctx, "GET", "/v1/credits", nil, &credits, registerdata.WithCost(registerdata.DefaultPrices().Of("GET /v1/credits", false)))
	fmt.Println(err, "spent:", c.CreditsSpent())
	// Output:
	// DE-HRB-F1103-267645 true
	// <nil> spent: 10
}

// WithHeader adds a header of your own to one call of any method.
func ExampleWithHeader() {
	srv := fake.NewServer()
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	if err != nil {
		panic(err)
	}
	var info registerdata.ResponseInfo
	co, err := c.GetCompany(context.Background(), "DE-HRB-F1103-267645", nil,
		registerdata.WithHeader("X-Correlation-Id", "order-4711"),
		registerdata.WithResponseInfo(&info))
	if err != nil {
		panic(err)
	}
	fmt.Println(co.ID, info.StatusCode)

	_, err = c.GetCompany(context.Background(), "DE-HRB-F1103-267645", nil,
		registerdata.WithHeader("Authorization", "Bearer other"))
	fmt.Println(err)
	// Output:
	// DE-HRB-F1103-267645 200
	// registerdata: invalid request: WithHeader("Authorization"): the API key is sent by the client; use WithAPIKey
}

// routeLogger is an Observer that prints each call's route and result.
type routeLogger struct{}

func (routeLogger) CallStart(ctx context.Context, call registerdata.CallInfo) context.Context {
	return ctx
}

func (routeLogger) CallEnd(_ context.Context, call registerdata.CallInfo, res registerdata.CallResult) {
	fmt.Println(call.Route, res.StatusCode, "charged", res.Charged, "cached", res.Cached)
}

// An Observer sees every call with its route (the path template, never
// an id), the credits it was charged and whether the cache answered.
func ExampleWithObserver() {
	srv := fake.NewServer()
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL),
		registerdata.WithObserver(routeLogger{}),
		registerdata.WithCache(registerdata.NewMemoryCache(100, 0)))
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	for range 2 {
		if _, err := c.GetCompany(ctx, "DE-HRB-F1103-267645", nil); err != nil {
			panic(err)
		}
	}
	// Output:
	// GET /v1/company/{company_id} 200 charged 10 cached false
	// GET /v1/company/{company_id} 0 charged 0 cached true
}
