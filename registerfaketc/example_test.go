package registerfaketc_test

import (
	"context"
	"fmt"
	"log"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/registerfaketc"
)

// Start the fake's image, look a company up through the SDK and move the
// fake's clock a day on. The image is built and loaded first:
//
//	go run ./.ci/images -out /tmp/images
//	podman load -i /tmp/images/registerfake.tar
func Example() {
	ctx := context.Background()
	c, err := registerfaketc.Run(ctx, "localhost/registerfake:0.2.0", registerfaketc.WithSeed(7))
	defer func() { _ = c.Terminate(ctx) }()
	if err != nil {
		log.Fatal(err)
	}
	base, err := c.BaseURL(ctx)
	if err != nil {
		log.Fatal(err)
	}
	client, err := registerdata.NewClient(registerdata.WithBaseURL(base), registerdata.WithAPIKey(c.APIKey()))
	if err != nil {
		log.Fatal(err)
	}
	company, err := client.GetCompany(ctx, "DE-HRB-F1103-267645", nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(company.Name.Name)
	if err := c.AdvanceClock(ctx, 24*time.Hour); err != nil {
		log.Fatal(err)
	}
}
