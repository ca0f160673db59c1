package registerdatareport_test

import (
	"context"
	"io"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/registerdatareport"
)

// TestNamesAsDesignFixesThem spells Build, Options, Dossier and RedFlag
// as DESIGN.md writes them.
func TestNamesAsDesignFixesThem(t *testing.T) {
	srv := fake.NewServer()
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	if err != nil {
		t.Fatal(err)
	}
	var d *registerdatareport.Dossier
	d, err = registerdatareport.Build(context.Background(), c, "DE-HRB-F1103-267645",
		registerdatareport.Options{Depth: 5, IncludePersons: false, MaxCredits: 0})
	if err != nil {
		t.Fatal(err)
	}
	var credits int64 = d.Credits
	var flags []registerdatareport.RedFlag = d.RedFlags
	var _ = registerdatareport.RedFlag{Code: "", Reason: ""}
	_ = flags
	if credits != c.CreditsSpent() {
		t.Errorf("Dossier.Credits %d, the client spent %d", credits, c.CreditsSpent())
	}
	if err := d.WriteHTML(io.Discard); err != nil {
		t.Fatal(err)
	}
}
