package main

import (
	"context"
	"io"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/portfolio/web"
	"github.com/registerdata/registerdata-go/registerdatareport"
)

// webDossier is the workplace's "open the dossier": registerdatareport's
// dossier of a company through c, within the credits the person
// confirmed. A dossier that fails after spending reports what c counted
// meanwhile (other requests of the server may add to that figure; it
// never undercounts).
func webDossier(c *registerdata.Client) web.DossierFunc {
	return func(ctx context.Context, id string, maxCredits int64, w io.Writer) (int64, error) {
		before := c.CreditsSpent()
		d, err := registerdatareport.Build(ctx, c, id, registerdatareport.Options{MaxCredits: maxCredits})
		if err != nil {
			return c.CreditsSpent() - before, err
		}
		return d.Credits, d.WriteHTML(w)
	}
}
