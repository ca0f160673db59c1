package registerdata_test

import (
	"context"
	"errors"
	"fmt"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
)

func ExampleClient_GetCompany() {
	srv := fake.NewServer() // in production: registerdata.NewClient() with $REGISTERDATA_API_KEY
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	if err != nil {
		panic(err)
	}

	co, err := c.GetCompany(context.Background(), "DE-HRB-F1103-267645", nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(co.Register.RegisterType, co.Register.RegisterNumber, co.Status)
	fmt.Println("credits spent:", c.CreditsSpent())
	// Output:
	// HRB 267645 active
	// credits spent: 10
}

func ExampleWithCreditBudget() {
	srv := fake.NewServer()
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL),
		registerdata.WithCreditBudget(15))
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	_, err = c.GetCompany(ctx, "DE-HRB-F1103-267645", nil)
	fmt.Println("first lookup:", err)
	_, err = c.GetCompany(ctx, "DE-HRB-F1103-267645", nil)
	fmt.Println("second lookup refused:", errors.Is(err, registerdata.ErrBudgetExceeded))
	fmt.Println("credits spent:", c.CreditsSpent())
	// Output:
	// first lookup: <nil>
	// second lookup refused: true
	// credits spent: 10
}

func ExampleAPIError() {
	srv := fake.NewServer()
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	if err != nil {
		panic(err)
	}
	_, err = c.GetCompany(context.Background(), "DE-HRB-X0000-1", nil)
	var apiErr *registerdata.APIError
	if errors.As(err, &apiErr) {
		fmt.Println(apiErr.StatusCode, errors.Is(err, registerdata.ErrNotFound))
	}
	// Output: 404 true
}
