package web

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/portfolio"
)

// registerView is the register data of a company's page, from the
// snapshot of its last check: plain strings the template escapes.
type registerView struct {
	FetchedAt       time.Time
	Name            string
	LegalForm       string
	Status          string
	Register        string
	Address         string
	Incorporated    string
	Capital         string
	Purpose         string
	Representatives []string
	Owners          []string
	OwnersAsked     bool
}

// registerOf reads the stored snapshot of company id: nil, nil when no
// check has stored one yet.
func (s *server) registerOf(ctx context.Context, id string) (*registerView, error) {
	snap, err := s.p.Snapshot(ctx, id)
	if errors.Is(err, portfolio.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return viewRegister(snap, registerdata.DateOf(s.now())), nil
}

// viewRegister is what the page shows of snap, the representatives as
// of today.
func viewRegister(snap portfolio.Snapshot, today registerdata.Date) *registerView {
	co := snap.Company
	v := &registerView{
		FetchedAt: snap.FetchedAt,
		Name:      co.Name.Name,
		LegalForm: string(co.LegalForm),
		Status:    string(co.Status),
		Register:  strings.TrimSpace(string(co.Register.RegisterType) + " " + co.Register.RegisterNumber + ", " + co.Register.RegisterCourt),
		Address:   address(co.Address),
	}
	if !co.IncorporatedAt.IsZero() {
		v.Incorporated = co.IncorporatedAt.String()
	}
	if co.Capital != nil {
		v.Capital = strconv.FormatFloat(co.Capital.Amount, 'f', -1, 64) + " " + string(co.Capital.Currency)
	}
	if co.Purpose != nil {
		v.Purpose = co.Purpose.Purpose
	}
	for _, rep := range co.CurrentRepresentatives(today) {
		line := rep.Name
		if rep.Role != "" {
			line += " (" + string(rep.Role) + ")"
		}
		v.Representatives = append(v.Representatives, line)
	}
	if snap.Owners != nil {
		v.OwnersAsked = true
		for _, o := range snap.Owners.Owners {
			line := o.Name
			if o.PercentageShare != nil {
				line += fmt.Sprintf(": %s %%", strconv.FormatFloat(*o.PercentageShare, 'f', -1, 64))
			}
			v.Owners = append(v.Owners, line)
		}
	}
	return v
}

// address is an address on one line.
func address(a registerdata.CompanyAddress) string {
	var parts []string
	for _, s := range []string{a.Street, strings.TrimSpace(a.PostalCode + " " + a.City), a.Country} {
		if s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, ", ")
}
