package fake

import (
	"errors"
	"fmt"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// checker collects the problems of one record, each with the path of the
// field, so one error reports them all.
type checker struct{ errs []error }

func (ck *checker) failf(path, format string, args ...any) {
	ck.errs = append(ck.errs, fmt.Errorf("%s: %s", path, fmt.Sprintf(format, args...)))
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
		ck.register(fmt.Sprintf("registers[%d]", i), r)
	}
	ck.register("register", c.Register)
	enum(&ck, "status", c.Status)
	enum(&ck, "legal_form", c.LegalForm)
	for i, n := range append([]registerdata.CompanyName{c.Name}, c.Names...) {
		p := at("names", i-1, "name")
		ck.nonEmpty(p+".name", n.Name)
		enum(&ck, p+".legal_form", n.LegalForm)
		ck.date(p+".start_date", n.StartDate)
	}
	for i, a := range append([]registerdata.CompanyAddress{c.Address}, c.Addresses...) {
		p := at("addresses", i-1, "address")
		ck.nonEmpty(p+".city", a.City)
		ck.nonEmpty(p+".country", a.Country)
		ck.nonEmpty(p+".formatted_value", a.FormattedValue)
		ck.date(p+".start_date", a.StartDate)
	}
	for i, pu := range c.Purposes {
		ck.purpose(at("purposes", i, ""), pu)
	}
	if c.Purpose != nil {
		ck.purpose("purpose", *c.Purpose)
	}
	for i, ca := range c.Capitals {
		ck.capital(at("capitals", i, ""), ca)
	}
	if c.Capital != nil {
		ck.capital("capital", *c.Capital)
	}
	for i, r := range c.Representation {
		ck.representative(at("representation", i, ""), r)
	}
	for i, in := range c.Indicators {
		p := at("indicators", i, "")
		ck.date(p+".date", in.Date)
		ck.uuid(p+".report_id", in.ReportID)
	}
	for i, d := range c.Documents {
		p := at("documents", i, "")
		ck.nonEmpty(p+".id", d.ID)
		enum(&ck, p+".type", d.Type)
		ck.date(p+".date", d.Date)
	}
	ck.date("incorporated_at", c.IncorporatedAt)
	ck.optDate("notarized_at", c.NotarizedAt)
	ck.optDate("terminated_at", c.TerminatedAt)
	ck.transactions(c)
	for i, code := range c.IndustryCodes.WZ2025 {
		ck.nonEmpty(at("industry_codes.WZ2025", i, "")+".code", code.Code)
	}
	if c.Contact != nil {
		ck.nonEmpty("contact.website_url", c.Contact.WebsiteURL)
	}
	for i, in := range c.Insolvencies {
		ck.insolvency(at("insolvencies", i, ""), in)
	}
	return errors.Join(ck.errs...)
}

// at names element i of list, or single when i is -1.
func at(list string, i int, single string) string {
	if i < 0 {
		return single
	}
	return fmt.Sprintf("%s[%d]", list, i)
}

func (ck *checker) register(p string, r registerdata.CompanyRegister) {
	ck.nonEmpty(p+".register_number", r.RegisterNumber)
	ck.nonEmpty(p+".register_court", r.RegisterCourt)
	enum(ck, p+".register_type", r.RegisterType)
	ck.optDate(p+".start_date", r.StartDate)
}

func (ck *checker) purpose(p string, pu registerdata.CompanyPurpose) {
	ck.nonEmpty(p+".purpose", pu.Purpose)
	ck.date(p+".start_date", pu.StartDate)
}

func (ck *checker) capital(p string, ca registerdata.CompanyCapital) {
	if ca.Amount < 0 {
		ck.failf(p+".amount", "%v is negative", ca.Amount)
	}
	enum(ck, p+".currency", ca.Currency)
	ck.date(p+".start_date", ca.StartDate)
}

func (ck *checker) representative(p string, r registerdata.Representative) {
	ck.nonEmpty(p+".name", r.Name)
	enum(ck, p+".type", r.Type)
	enum(ck, p+".role", r.Role)
	ck.nonEmpty(p+".role_detail.code", string(r.RoleDetail.Code))
	ck.nonEmpty(p+".role_detail.label_de", r.RoleDetail.LabelDE)
	ck.nonEmpty(p+".role_detail.label_de_short", r.RoleDetail.LabelDEShort)
	ck.nonEmpty(p+".role_detail.label_en", r.RoleDetail.LabelEN)
	ck.nonEmpty(p+".role_detail.label_en_short", r.RoleDetail.LabelENShort)
	ck.date(p+".start_date", r.StartDate)
	ck.optDate(p+".end_date", r.EndDate)
	switch r.Type {
	case enums.RepresentativeTypeNaturalPerson:
		if r.NaturalPerson == nil || r.LegalPerson != nil {
			ck.failf(p, "a natural person needs natural_person and no legal_person")
		} else {
			ck.optDate(p+".natural_person.date_of_birth", r.NaturalPerson.DateOfBirth)
		}
		if r.ID != nil {
			ck.uuid(p+".id", *r.ID)
		}
	case enums.RepresentativeTypeLegalPerson:
		if r.LegalPerson == nil || r.NaturalPerson != nil {
			ck.failf(p, "a legal person needs legal_person and no natural_person")
		} else {
			ck.nonEmpty(p+".legal_person.name", r.LegalPerson.Name)
			if c := r.LegalPerson.Country; len(c) != 2 || !isUpper(c) {
				ck.failf(p+".legal_person.country", "%q is not an ISO 3166-1 alpha-2 code", c)
			}
		}
	}
}

func (ck *checker) transactions(c *registerdata.Company) {
	check := func(p string, t registerdata.Transaction) {
		if _, err := registerdata.ParseCompanyID(t.CompanyID); err != nil {
			ck.failf(p+".company_id", "%v", err)
		}
		ck.nonEmpty(p+".name", t.Name)
		ck.date(p+".registration_date", t.RegistrationDate)
		ck.optDate(p+".agreement_date", t.AgreementDate)
	}
	if c.MergedInto != nil {
		check("merged_into", *c.MergedInto)
	}
	if c.ProfitTransferAgreement != nil {
		check("profit_transfer_agreement", *c.ProfitTransferAgreement)
	}
	for i, t := range c.Acquisitions {
		check(at("acquisitions", i, ""), t)
	}
	for i, t := range c.AssetSpinOffs {
		check(at("asset_spin_offs", i, ""), t)
	}
}

func (ck *checker) insolvency(p string, in registerdata.InsolvencySummary) {
	ck.uuid(p+".id", in.ID)
	enum(ck, p+".current_status", in.CurrentStatus)
	ck.nonEmpty(p+".court", in.Court)
	ck.nonEmpty(p+".case_number", in.CaseNumber)
	if in.ProceedingKind != nil {
		enum(ck, p+".proceeding_kind", *in.ProceedingKind)
	}
	if in.AdministrationKind != nil {
		enum(ck, p+".administration_kind", *in.AdministrationKind)
	}
	ck.optDate(p+".opened_at", in.OpenedAt)
	ck.optDate(p+".closed_at", in.ClosedAt)
}

func isUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}
