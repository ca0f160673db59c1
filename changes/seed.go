package changes

import (
	"context"
	"errors"
	"fmt"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// Seed stores baselines before the first event: for each id (a UUID is a
// person, any other id a company identifier) it fetches the records the
// categories cats need (see the package documentation; none means the
// company record, or the person) and stores them as the entity's
// snapshot, so that the first event of each entity is compared with them
// and its changes are reported in full. Call it when the monitors are
// created, with the categories they watch:
//
//	err := w.Seed(ctx, ids, enums.PreferenceBasic, enums.PreferenceOwnership)
//
// Seed reports nothing and never replaces a record already stored (that
// would swallow the changes since): only the records the snapshot does
// not hold yet are fetched and added, so seeding again costs nothing, and
// seeding more categories fetches only what they add. The snapshots are
// those Poll keeps under the same keys, so a Seed also serves Poll, and
// a Poll round seeds the Watcher.
//
// Each id is seeded on its own: an error of one id (a bad id, a company
// the register does not know) is returned, joined with the others, after
// the remaining ids were seeded; when the client's budget is spent
// (registerdata.ErrBudgetExceeded) or ctx ends, Seed stops at once.
// Fetches go through the Watcher's client and cost its credits.
func (w *Watcher) Seed(ctx context.Context, ids []string, cats ...enums.Preference) error {
	if w == nil || w.k.c == nil || w.k.store == nil {
		return errors.New("changes: the Watcher needs a client and a store: use NewWatcher")
	}
	var errs []error
	for _, id := range ids {
		if err := ctx.Err(); err != nil {
			return errors.Join(append(errs, err)...)
		}
		if id == "" {
			errs = append(errs, errors.New("changes: Seed got an empty id: give company identifiers or person UUIDs"))
			continue
		}
		err := w.k.seed(ctx, entityTypeOf(id), id, cats)
		if err == nil {
			continue
		}
		errs = append(errs, err)
		if errors.Is(err, registerdata.ErrBudgetExceeded) || ctx.Err() != nil {
			break
		}
	}
	return errors.Join(errs...)
}

// seed adds to the snapshot of entity (t, id) the records the categories
// need that it does not hold yet, leaving the stored ones as they are.
func (k *checker) seed(ctx context.Context, t enums.EntityType, id string, cats []enums.Preference) error {
	key := storeKey(t, id)
	unlock := k.lock(key)
	defer unlock()
	old, _, err := k.load(ctx, key)
	if err != nil {
		return err
	}
	missing := partsFor(t, cats) &^ old.parts()
	if missing == 0 {
		return nil
	}
	fetch := missing
	if missing&partInsolvencies != 0 && t == enums.EntityTypeCompany {
		fetch |= partCompany // the proceedings are those the record lists
	}
	fresh, _, err := k.fetch(ctx, t, id, fetch)
	if err != nil {
		return err
	}
	next := old
	if missing&partCompany != 0 {
		next.Company = fresh.Company
	}
	if missing&partOwners != 0 {
		next.Owners = fresh.Owners
	}
	if missing&partHoldings != 0 {
		next.Holdings = fresh.Holdings
	}
	if missing&partPerson != 0 {
		next.Person = fresh.Person
	}
	if missing&partInsolvencies != 0 {
		next.Insolvencies = fresh.Insolvencies
	}
	if err := k.commit(ctx, key, &next); err != nil {
		return fmt.Errorf("changes: seeding %s %s: %w", t, id, err)
	}
	return nil
}
