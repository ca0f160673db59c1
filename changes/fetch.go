package changes

import (
	"context"
	"errors"
	"fmt"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// fetch gets the parts p of an entity and the credits they cost.
func (k *checker) fetch(ctx context.Context, t enums.EntityType, id string, p parts) (s snapshot, credits int64, err error) {
	var infos []*registerdata.ResponseInfo
	info := func() (registerdata.CallOption, *registerdata.ResponseInfo) {
		ri := new(registerdata.ResponseInfo)
		infos = append(infos, ri)
		return registerdata.WithResponseInfo(ri), ri
	}
	defer func() {
		// An answer from the client's cache may be the record already
		// seen: the change it hides would never be reported.
		for _, ri := range infos {
			if ri.Cached && ri.StatusCode == 0 && err == nil {
				s, err = snapshot{}, fmt.Errorf("changes: the client answered for %s from its cache (WithCache): give the Watcher and Poll a client without a cache, which fetches the current records", id)
			}
		}
	}()
	if p&partCompany != 0 {
		o, ri := info()
		s.Company, err = k.c.GetCompany(ctx, id, nil, o)
		credits += ri.Charged
		if err != nil {
			return s, credits, fmt.Errorf("changes: fetching company %s: %w", id, err)
		}
		s.Company.Sources = []registerdata.Source{} // presigned anew on every fetch
	}
	if p&partOwners != 0 {
		o, ri := info()
		s.Owners, err = k.c.GetOwners(ctx, id, nil, o)
		credits += ri.Charged
		if errors.Is(err, registerdata.ErrNotFound) {
			// An AG or SE: its owners are the best available data.
			o, ri = info()
			s.Owners, err = k.c.GetOwners(ctx, id, &registerdata.GetOwnersParams{BestAvailable: true}, o)
			credits += ri.Charged
		}
		if err != nil {
			return s, credits, fmt.Errorf("changes: fetching the owners of %s: %w", id, err)
		}
		s.Owners.Sources = []registerdata.Source{}
	}
	if p&partHoldings != 0 {
		o, ri := info()
		if t == enums.EntityTypePerson {
			s.Holdings, err = k.c.GetPersonHoldings(ctx, id, o)
		} else {
			s.Holdings, err = k.c.GetCompanyHoldings(ctx, id, o)
		}
		credits += ri.Charged
		if err != nil {
			return s, credits, fmt.Errorf("changes: fetching the holdings of %s: %w", id, err)
		}
	}
	if p&partPerson != 0 {
		o, ri := info()
		s.Person, err = k.c.GetPerson(ctx, id, o)
		credits += ri.Charged
		if err != nil {
			return s, credits, fmt.Errorf("changes: fetching person %s: %w", id, err)
		}
	}
	if p&partInsolvencies != 0 && s.Company != nil {
		s.Insolvencies = make(map[string]*registerdata.Insolvency, len(s.Company.Insolvencies))
		for _, sum := range s.Company.Insolvencies {
			o, ri := info()
			in, ierr := k.c.GetInsolvency(ctx, sum.ID, o)
			credits += ri.Charged
			if ierr != nil {
				return s, credits, fmt.Errorf("changes: fetching insolvency proceeding %s of %s: %w", sum.ID, id, ierr)
			}
			s.Insolvencies[sum.ID] = in
		}
	}
	return s, credits, nil
}

// entityTypeOf guesses the type of an id: a UUID is a person, anything
// else a company.
func entityTypeOf(id string) enums.EntityType {
	if len(id) == 36 && strings.Count(id, "-") == 4 && id[8] == '-' && id[13] == '-' && id[18] == '-' && id[23] == '-' {
		return enums.EntityTypePerson
	}
	return enums.EntityTypeCompany
}
