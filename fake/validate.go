package fake

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// checker collects the problems of one record, each with the path of the
// field, so one error reports them all. The path is kept as a stack of
// steps (in) and joined only for a problem: checking a record of a
// million entries builds no path string for the entries that pass.
type checker struct {
	errs  []error
	steps []step
}

// step is one level of the path: a name ("register", "names"), with an
// index into a list unless it is -1.
type step struct {
	name  string
	index int
}

// in descends into name (index -1) or element index of list name, for
// the checks until the matching out.
func (ck *checker) in(name string, index int) { ck.steps = append(ck.steps, step{name, index}) }

func (ck *checker) out() { ck.steps = ck.steps[:len(ck.steps)-1] }

// failf records a problem of the field name below the current path ("" for the
// current element itself).
func (ck *checker) failf(name, format string, args ...any) {
	var b strings.Builder
	for _, s := range ck.steps {
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(s.name)
		if s.index >= 0 {
			b.WriteString("[" + strconv.Itoa(s.index) + "]")
		}
	}
	if name != "" {
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(name)
	}
	ck.errs = append(ck.errs, fmt.Errorf("%s: %s", b.String(), fmt.Sprintf(format, args...)))
}

func (ck *checker) nonEmpty(path, v string) {
	if v == "" {
		ck.failf(path, "is required")
	}
}

func (ck *checker) date(path string, d registerdata.Date) {
	if !d.Valid() {
		ck.failf(path, "is not a valid date")
	}
}

func (ck *checker) optDate(path string, d *registerdata.Date) {
	if d != nil {
		ck.date(path, *d)
	}
}

func (ck *checker) uuid(path, v string) {
	if !registerdata.IsUUID(v) {
		ck.failf(path, "%q is not a UUID", v)
	}
}

// enum fails unless v is one of the specification's values.
func enum[T interface {
	~string
	IsKnown() bool
}](ck *checker, path string, v T) {
	if !v.IsKnown() {
		ck.failf(path, "%q is not a known value", string(v))
	}
}

// validateCompany reports what keeps c from being a record the service
// could send: an id that does not parse or disagrees with the register,
// a required field left empty, an invalid date, an unknown enum value.
// role_detail.code is the exception: the specification lets that set
// grow, so any non-empty code passes and tests can send new codes.
func validateCompany(c *registerdata.Company) error {
	var ck checker
	id, err := registerdata.ParseCompanyID(c.ID)
	if err != nil {
		ck.failf("id", "%v", err)
	} else {
		if id.RegisterType != c.Register.RegisterType {
			ck.failf("register.register_type", "%q disagrees with the id %s", c.Register.RegisterType, c.ID)
		}
		if id.Number != c.Register.RegisterNumber {
			ck.failf("register.register_number", "%q disagrees with the id %s", c.Register.RegisterNumber, c.ID)
		}
	}
	for i, r := range c.Registers {
		ck.in("registers", i)
		ck.register(r)
		ck.out()
	}
	ck.in("register", -1)
	ck.register(c.Register)
	ck.out()
	enum(&ck, "status", c.Status)
	enum(&ck, "legal_form", c.LegalForm)
	for i := -1; i < len(c.Names); i++ { // the current name, then the history
		n := &c.Name
		if i >= 0 {
			n = &c.Names[i]
		}
		ck.at("names", i, "name")
		ck.nonEmpty("name", n.Name)
		enum(&ck, "legal_form", n.LegalForm)
		ck.date("start_date", n.StartDate)
		ck.out()
	}
	for i := -1; i < len(c.Addresses); i++ { // the current address, then the history
		a := &c.Address
		if i >= 0 {
			a = &c.Addresses[i]
		}
		ck.at("addresses", i, "address")
		ck.nonEmpty("city", a.City)
		ck.nonEmpty("country", a.Country)
		ck.nonEmpty("formatted_value", a.FormattedValue)
		ck.date("start_date", a.StartDate)
		ck.out()
	}
	for i, pu := range c.Purposes {
		ck.in("purposes", i)
		ck.purpose(pu)
		ck.out()
	}
	if c.Purpose != nil {
		ck.in("purpose", -1)
		ck.purpose(*c.Purpose)
		ck.out()
	}
	for i, ca := range c.Capitals {
		ck.in("capitals", i)
		ck.capital(ca)
		ck.out()
	}
	if c.Capital != nil {
		ck.in("capital", -1)
		ck.capital(*c.Capital)
		ck.out()
	}
	for i, r := range c.Representation {
		ck.in("representation", i)
		ck.representative(r)
		ck.out()
	}
	for i, in := range c.Indicators {
		ck.in("indicators", i)
		ck.date("date", in.Date)
		ck.uuid("report_id", in.ReportID)
		ck.out()
	}
	for i, d := range c.Documents {
		ck.in("documents", i)
		ck.nonEmpty("id", d.ID)
		enum(&ck, "type", d.Type)
		ck.date("date", d.Date)
		ck.out()
	}
	ck.date("incorporated_at", c.IncorporatedAt)
	ck.optDate("notarized_at", c.NotarizedAt)
	ck.optDate("terminated_at", c.TerminatedAt)
	ck.transactions(c)
	for i, code := range c.IndustryCodes.WZ2025 {
		if code.Code == "" {
			ck.in("industry_codes.WZ2025", i)
			ck.failf("code", "is required")
			ck.out()
		}
	}
	if c.Contact != nil {
		ck.nonEmpty("contact.website_url", c.Contact.WebsiteURL)
	}
	for i, in := range c.Insolvencies {
		ck.in("insolvencies", i)
		ck.insolvency(in)
		ck.out()
	}
	return errors.Join(ck.errs...)
}

// at descends into element i of list, or into single when i is -1 (the
// current entry kept beside its history list).
func (ck *checker) at(list string, i int, single string) {
	if i < 0 {
		ck.in(single, -1)
		return
	}
	ck.in(list, i)
}

func (ck *checker) register(r registerdata.CompanyRegister) {
	ck.nonEmpty("register_number", r.RegisterNumber)
	ck.nonEmpty("register_court", r.RegisterCourt)
	enum(ck, "register_type", r.RegisterType)
	ck.optDate("start_date", r.StartDate)
}

func (ck *checker) purpose(pu registerdata.CompanyPurpose) {
	ck.nonEmpty("purpose", pu.Purpose)
	ck.date("start_date", pu.StartDate)
}

func (ck *checker) capital(ca registerdata.CompanyCapital) {
	if ca.Amount < 0 {
		ck.failf("amount", "%v is negative", ca.Amount)
	}
	enum(ck, "currency", ca.Currency)
	ck.date("start_date", ca.StartDate)
}

func (ck *checker) representative(r registerdata.Representative) {
	ck.nonEmpty("name", r.Name)
	enum(ck, "type", r.Type)
	enum(ck, "role", r.Role)
	ck.nonEmpty("role_detail.code", string(r.RoleDetail.Code))
	ck.nonEmpty("role_detail.label_de", r.RoleDetail.LabelDE)
	ck.nonEmpty("role_detail.label_de_short", r.RoleDetail.LabelDEShort)
	ck.nonEmpty("role_detail.label_en", r.RoleDetail.LabelEN)
	ck.nonEmpty("role_detail.label_en_short", r.RoleDetail.LabelENShort)
	ck.date("start_date", r.StartDate)
	ck.optDate("end_date", r.EndDate)
	switch r.Type {
	case enums.RepresentativeTypeNaturalPerson:
		if r.NaturalPerson == nil || r.LegalPerson != nil {
			ck.failf("", "a natural person needs natural_person and no legal_person")
		} else {
			ck.optDate("natural_person.date_of_birth", r.NaturalPerson.DateOfBirth)
		}
		if r.ID != nil {
			ck.uuid("id", *r.ID)
		}
	case enums.RepresentativeTypeLegalPerson:
		if r.LegalPerson == nil || r.NaturalPerson != nil {
			ck.failf("", "a legal person needs legal_person and no natural_person")
		} else {
			ck.nonEmpty("legal_person.name", r.LegalPerson.Name)
			if c := r.LegalPerson.Country; len(c) != 2 || !isUpper(c) {
				ck.failf("legal_person.country", "%q is not an ISO 3166-1 alpha-2 code", c)
			}
		}
	}
}

func (ck *checker) transactions(c *registerdata.Company) {
	check := func(t registerdata.Transaction) {
		if _, err := registerdata.ParseCompanyID(t.CompanyID); err != nil {
			ck.failf("company_id", "%v", err)
		}
		ck.nonEmpty("name", t.Name)
		ck.date("registration_date", t.RegistrationDate)
		ck.optDate("agreement_date", t.AgreementDate)
	}
	if c.MergedInto != nil {
		ck.in("merged_into", -1)
		check(*c.MergedInto)
		ck.out()
	}
	if c.ProfitTransferAgreement != nil {
		ck.in("profit_transfer_agreement", -1)
		check(*c.ProfitTransferAgreement)
		ck.out()
	}
	for i, t := range c.Acquisitions {
		ck.in("acquisitions", i)
		check(t)
		ck.out()
	}
	for i, t := range c.AssetSpinOffs {
		ck.in("asset_spin_offs", i)
		check(t)
		ck.out()
	}
}

func (ck *checker) insolvency(in registerdata.InsolvencySummary) {
	ck.uuid("id", in.ID)
	enum(ck, "current_status", in.CurrentStatus)
	ck.nonEmpty("court", in.Court)
	ck.nonEmpty("case_number", in.CaseNumber)
	if in.ProceedingKind != nil {
		enum(ck, "proceeding_kind", *in.ProceedingKind)
	}
	if in.AdministrationKind != nil {
		enum(ck, "administration_kind", *in.AdministrationKind)
	}
	ck.optDate("opened_at", in.OpenedAt)
	ck.optDate("closed_at", in.ClosedAt)
}

func isUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}
