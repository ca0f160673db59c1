package fake

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

const scenarioDay = 24 * time.Hour

// scenarioDefs are the fake's scenarios (see scenario.go for how they
// are played). Each picks an active GmbH without insolvency proceedings;
// its steps say what they change and which monitor categories see it.
var scenarioDefs = []scenarioDef{
	{
		name:    "insolvency",
		summary: "an active GmbH with a managing director: an insolvency application, the opening, then the proceeding's stages until it is discontinued",
		fits:    func(_ *Server, c *registerdata.Company) bool { return plainGmbH(c) && len(currentDirectors(c)) > 0 },
		steps: []scenarioStepDef{
			{1 * scenarioDay, "an insolvency application: the court orders preliminary measures; a new proceeding in status preliminary (insolvencies)", insolvencyApplied},
			{8 * scenarioDay, "the proceedings are opened and an administrator appointed: status opened (insolvencies)", insolvencyEvent(enums.InsolvencyEventTypeProceedingsOpened)},
			{36 * scenarioDay, "the administrator notifies mass insufficiency: status mass_insufficient (insolvencies)", insolvencyEvent(enums.InsolvencyEventTypeMassInsufficiencyNotified)},
			{64 * scenarioDay, "the proceedings are discontinued: status discontinued, closed (insolvencies)", insolvencyEvent(enums.InsolvencyEventTypeProceedingsDiscontinued)},
		},
	},
	{
		name:    "director-leaves",
		summary: "an active GmbH with exactly one managing director: the director leaves office and none follows",
		fits:    func(_ *Server, c *registerdata.Company) bool { return plainGmbH(c) && len(currentDirectors(c)) == 1 },
		steps: []scenarioStepDef{
			{3 * scenarioDay, "the last managing director leaves office: the entry gets an end date, the company has no managing director (representation)", directorLeaves},
		},
	},
	{
		name:    "owner-abroad",
		summary: "an active GmbH whose owners are all in Germany: a company seated abroad takes a majority stake",
		fits:    ownedAtHome,
		steps: []scenarioStepDef{
			{5 * scenarioDay, "a company seated abroad acquires 60 % of the shares; the former owners keep 40 % between them: a new shareholder list (ownership)", ownerAbroad},
		},
	},
	{
		name:    "liquidation",
		summary: "an active GmbH with a managing director: dissolved by its shareholders, wound up, deleted",
		fits:    func(_ *Server, c *registerdata.Company) bool { return plainGmbH(c) && len(currentDirectors(c)) > 0 },
		steps: []scenarioStepDef{
			{2 * scenarioDay, "the shareholders resolve to dissolve: status liquidation, the name gets \"i.L.\" (a new entry in its names), the managing directors leave and become liquidators (basic, representation)", liquidationStarts},
			{380 * scenarioDay, "after the blocking year the liquidation ends: status inactive, terminated_at set (basic)", liquidationEnds},
		},
	},
	{
		name:    "rename-move",
		summary: "an active GmbH: renamed, then its seat moves to another city",
		fits:    func(_ *Server, c *registerdata.Company) bool { return plainGmbH(c) },
		steps: []scenarioStepDef{
			{4 * scenarioDay, "a new name; the former one stays in its names (basic)", renamed},
			{18 * scenarioDay, "the seat moves to another city: a new registered address; the former one stays in its addresses (basic)", moved},
		},
	},
	{
		name:    "accounts-overdue",
		summary: "an active GmbH with annual accounts: the register holds none of the last years, then one missing year is filed late",
		fits:    withAccounts,
		steps: []scenarioStepDef{
			{0, "at start: the company's figures are dated back so that its latest accounts are for the fiscal year four years before the start: the accounts of the years since are overdue (twelve months after each fiscal year)", accountsDatedBack},
			{20 * scenarioDay, "the accounts of the next fiscal year are filed late (a new indicators entry, financials); the later years stay overdue", accountsFiledLate},
		},
	},
}

// plainGmbH reports whether c is an active GmbH without insolvency
// proceedings: the company every scenario starts from.
func plainGmbH(c *registerdata.Company) bool {
	return c.LegalForm == enums.LegalFormGmbH && c.Status == enums.CompanyStatusActive && c.TerminatedAt == nil && len(c.Insolvencies) == 0
}

// roleOf is r's coarse role, from the role code when the role is unknown.
func scenarioRole(r registerdata.Representative) enums.Role {
	if r.Role.IsKnown() {
		return r.Role
	}
	return r.RoleDetail.Code.Normalize().Role()
}

// currentDirectors are the positions in c.Representation of the
// managing directors in office.
func currentDirectors(c *registerdata.Company) []int {
	var out []int
	for i, r := range c.Representation {
		if r.EndDate == nil && scenarioRole(r) == enums.RoleDirector {
			out = append(out, i)
		}
	}
	return out
}

func dateAt(at time.Time) registerdata.Date { return registerdata.DateOf(at.UTC()) }

// insolvencyID is the id of the scenario's proceeding.
func (r *scenarioRun) insolvencyID() string {
	return derivedUUID("scenario-insolvency", r.companyID, r.start.UTC().Format(time.RFC3339))
}

func insolvencyApplied(r *scenarioRun, at time.Time) error {
	kind := enums.ProceedingKindRegularInsolvency
	n := 100 + r.rng.IntN(800)
	return r.update(func(c *registerdata.Company) {
		court := c.Register.RegisterCourt
		if court == "" {
			court = "Amtsgericht " + c.Address.City
		}
		c.Insolvencies = append(c.Insolvencies, registerdata.InsolvencySummary{
			ID: r.insolvencyID(), CurrentStatus: enums.InsolvencyStatusPreliminary, Court: court,
			CaseNumber: strconv.Itoa(n) + " IN " + strconv.Itoa(n%97+1) + "/" + at.UTC().Format("06"), ProceedingKind: &kind,
		})
	})
}

func insolvencyEvent(t enums.InsolvencyEventType) func(r *scenarioRun, at time.Time) error {
	return func(r *scenarioRun, at time.Time) error {
		return r.s.AddInsolvencyEvent(r.insolvencyID(), registerdata.InsolvencyEvent{EventType: t, PublishedAt: dateAt(at)})
	}
}

func directorLeaves(r *scenarioRun, at time.Time) error {
	return r.update(func(c *registerdata.Company) {
		end := dateAt(at)
		for _, i := range currentDirectors(c) {
			c.Representation[i].EndDate = &end
		}
	})
}

// ownedAtHome reports whether c is a plain GmbH whose current owners
// all have a share and none is seated abroad.
func ownedAtHome(s *Server, c *registerdata.Company) bool {
	if !plainGmbH(c) {
		return false
	}
	if _, err := s.ownership(); err != nil {
		return false
	}
	owners, err := s.currentOwners(c)
	if err != nil || len(owners) == 0 {
		return false
	}
	for _, o := range owners {
		if o.PercentageShare == nil || (o.LegalPerson != nil && o.LegalPerson.Country != "DE") {
			return false
		}
	}
	return true
}

// foreignOwners are the companies abroad a scenario may bring in.
var foreignOwners = []registerdata.OwnerLegalPerson{
	{Name: "Vandermeer Holding B.V.", City: ptrTo("Rotterdam"), Country: "NL"},
	{Name: "Kallio Capital Oy", City: ptrTo("Tampere"), Country: "FI"},
	{Name: "Brenner Beteiligungen AG", City: ptrTo("Zug"), Country: "CH"},
	{Name: "Ostrava Industrial Holdings s.r.o.", City: ptrTo("Ostrava"), Country: "CZ"},
	{Name: "Albion Bridge Investments Ltd", City: ptrTo("Leeds"), Country: "GB"},
}

func ownerAbroad(r *scenarioRun, _ time.Time) error {
	c, err := r.company()
	if err != nil {
		return err
	}
	if _, err := r.s.ownership(); err != nil {
		return err
	}
	before, err := r.s.currentOwners(c)
	if err != nil {
		return err
	}
	lp := foreignOwners[r.rng.IntN(len(foreignOwners))]
	var nominal float64
	after := make([]registerdata.Owner, 0, len(before)+1)
	for _, o := range before {
		o = cloneOwner(o)
		nominal += o.NominalShare
		o.NominalShare *= 0.4
		p := math.Floor(*o.PercentageShare*40) / 100
		o.PercentageShare = &p
		after = append(after, o)
	}
	share := 60.0
	after = append(after, registerdata.Owner{
		Name: lp.Name, Type: enums.RepresentativeTypeLegalPerson, RelationType: enums.RelationTypeShareholder,
		NominalShare: nominal * 0.6, PercentageShare: &share, LegalPerson: &lp,
	})
	return r.s.SetOwners(r.companyID, after)
}

func liquidationStarts(r *scenarioRun, at time.Time) error {
	return r.update(func(c *registerdata.Company) {
		day := dateAt(at)
		c.Status = enums.CompanyStatusLiquidation
		c.Name = registerdata.CompanyName{Name: c.Name.Name + " i.L.", LegalForm: c.LegalForm, StartDate: day}
		c.Names = append(c.Names, c.Name)
		for _, i := range currentDirectors(c) {
			liq := c.Representation[i]
			c.Representation[i].EndDate = &day
			liq.Role, liq.RoleDetail = "", registerdata.RoleDetail{Code: enums.RoleCodeLiquidator}
			liq.StartDate, liq.EndDate, liq.Authority = day, nil, ptrTo("einzelvertretungsberechtigt")
			c.Representation = append(c.Representation, liq)
		}
	})
}

func liquidationEnds(r *scenarioRun, at time.Time) error {
	return r.update(func(c *registerdata.Company) {
		day := dateAt(at)
		c.Status, c.TerminatedAt = enums.CompanyStatusInactive, &day
	})
}

// newNames are the parts a renamed company's name is drawn from.
var newNames = [2][]string{
	{"Nordwind", "Elbtal", "Sonnenhang", "Brückenwerk", "Lindenhof", "Weitblick"},
	{"Technik", "Handel", "Systeme", "Dienste", "Werkstätten", "Projekte"},
}

func renamed(r *scenarioRun, at time.Time) error {
	first, second := newNames[0][r.rng.IntN(len(newNames[0]))], newNames[1][r.rng.IntN(len(newNames[1]))]
	return r.update(func(c *registerdata.Company) {
		c.Name = registerdata.CompanyName{Name: first + " " + second + " GmbH", LegalForm: c.LegalForm, StartDate: dateAt(at)}
		c.Names = append(c.Names, c.Name)
	})
}

// newSeats are the addresses a moving company's seat is drawn from.
var newSeats = []registerdata.CompanyAddress{
	{Street: "Augustusplatz 9", PostalCode: "04109", City: "Leipzig"},
	{Street: "Holstenstraße 12", PostalCode: "24103", City: "Kiel"},
	{Street: "Kaiser-Joseph-Straße 200", PostalCode: "79098", City: "Freiburg im Breisgau"},
	{Street: "Anger 44", PostalCode: "99084", City: "Erfurt"},
	{Street: "Prinzipalmarkt 31", PostalCode: "48143", City: "Münster"},
}

func moved(r *scenarioRun, at time.Time) error {
	c, err := r.company()
	if err != nil {
		return err
	}
	seats := slices.DeleteFunc(slices.Clone(newSeats), func(a registerdata.CompanyAddress) bool { return a.City == c.Address.City })
	a := seats[r.rng.IntN(len(seats))]
	a.Country, a.StartDate = "Deutschland", dateAt(at)
	a.FormattedValue = a.Street + ", " + a.PostalCode + " " + a.City + ", " + a.Country
	return r.update(func(c *registerdata.Company) {
		c.Address = a
		c.Addresses = append(c.Addresses, a)
	})
}

// withAccounts reports whether c is a plain GmbH with indicator
// summaries from which its reports are derived (not a data directory's
// stored financials, which the scenario would have to rewrite too).
func withAccounts(s *Server, c *registerdata.Company) bool {
	if !plainGmbH(c) || len(c.Indicators) == 0 {
		return false
	}
	_, stored := s.data().storedFinancials(c.ID)
	return !stored
}

// latestIndicator is the position of c's newest indicator summary.
func latestIndicator(c *registerdata.Company) int {
	latest := 0
	for i, in := range c.Indicators {
		if c.Indicators[latest].Date.Before(in.Date) {
			latest = i
		}
	}
	return latest
}

func accountsDatedBack(r *scenarioRun, _ time.Time) error {
	return r.update(func(c *registerdata.Company) {
		years := c.Indicators[latestIndicator(c)].Date.Time().Year() - (r.start.UTC().Year() - 4)
		if years <= 0 {
			return // overdue already
		}
		for i := range c.Indicators {
			c.Indicators[i].Date = registerdata.DateOf(c.Indicators[i].Date.Time().AddDate(-years, 0, 0))
		}
	})
}

func accountsFiledLate(r *scenarioRun, _ time.Time) error {
	c, err := r.company()
	if err != nil {
		return err
	}
	if len(c.Indicators) == 0 {
		return errors.New("the company has no accounts any more to follow")
	}
	next := c.Indicators[latestIndicator(c)]
	next.Date = registerdata.DateOf(next.Date.Time().AddDate(1, 0, 0))
	next.ReportID = derivedUUID("scenario-late-accounts", r.companyID, next.Date.String())
	if dateAt(r.start).Before(next.Date) {
		return fmt.Errorf("the accounts of %s are not overdue: nothing to file late", next.Date)
	}
	return r.update(func(c *registerdata.Company) { c.Indicators = append(c.Indicators, next) })
}
