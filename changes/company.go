package changes

import (
	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// Company returns the changes from before to after, two snapshots of one
// company record, in the order of the record's fields. A nil snapshot is
// an empty record (every value of the other one is Added or Removed).
//
// Meaning is compared, not bytes: list order is ignored; representatives
// are matched by id (else name) and role code, so a representative whose
// end date is now set has left (Removed) and one whose end date was
// cleared has joined (Added); a new entry in the history of names,
// addresses, purposes, capitals or registrations that is the new current
// value is the modification of the current value, not a change of its
// own; indicators are compared per date (one Change per figure),
// documents by id, insolvency proceedings by id (their status, court,
// dates), transactions by the other company and the agreement date.
// Sources are not compared: their addresses are presigned anew on every
// fetch.
//
// Categories, as the service's monitors report them:
//
//   - basic: id, register and registers, status, name and names, address
//     and addresses, legal form, purpose(s), capital(s), LEI, the dates of
//     incorporation, notarization and termination, merged_into,
//     acquisitions, asset spin-offs, the profit transfer agreement,
//     industry codes and contact data;
//   - representation: representatives whose role is not a stake, and the
//     general representation rule;
//   - ownership: representatives with role SHAREHOLDER or OWNER (the
//     company's direct owners as the record lists them);
//   - financials: indicators; documents: documents; insolvencies:
//     insolvency summaries.
func Company(before, after *registerdata.Company) []Change {
	var b, a registerdata.Company
	if before != nil {
		b = *before
	}
	if after != nil {
		a = *after
	}
	d := &differ{}
	companyBasic(d, &b, &a)
	representation(d, b.Representation, a.Representation)
	d.add(enums.PreferenceRepresentation, "representation_rule", "", showStr(b.RepresentationRule), showStr(a.RepresentationRule))
	indicators(d, b.Indicators, a.Indicators)
	documents(d, b.Documents, a.Documents)
	insolvencies(d, b.Insolvencies, a.Insolvencies)
	return d.out
}

const basic = enums.PreferenceBasic

func companyBasic(d *differ, b, a *registerdata.Company) {
	d.add(basic, "id", "", b.ID, a.ID)

	rb, ra := registerOf(b.Register), registerOf(a.Register)
	d.add(basic, "register", "", showRegister(b.Register), showRegister(a.Register))
	history(d, basic, "registers", registersOf(b.Registers), registersOf(a.Registers), &rb, &ra, rb != ra, showRegisterKey)

	d.add(basic, "status", "", string(b.Status), string(a.Status))

	nameChanged := b.Name != a.Name
	if nameChanged {
		before, after := b.Name.Name, a.Name.Name
		if before == after {
			before, after = showName(b.Name), showName(a.Name)
		}
		d.modified(basic, "name", "", before, after)
	}
	history(d, basic, "names", b.Names, a.Names, &b.Name, &a.Name, nameChanged, showName)

	addrChanged := b.Address != a.Address
	if addrChanged {
		before, after := showAddress(b.Address), showAddress(a.Address)
		if before == after {
			before, after = showAddressLong(b.Address), showAddressLong(a.Address)
		}
		d.modified(basic, "address", "", before, after)
	}
	history(d, basic, "addresses", b.Addresses, a.Addresses, &b.Address, &a.Address, addrChanged, showAddress)

	d.add(basic, "legal_form", "", string(b.LegalForm), string(a.LegalForm))

	purposeChanged := !samePtr(b.Purpose, a.Purpose)
	if purposeChanged {
		before, after := showPurposePtr(b.Purpose), showPurposePtr(a.Purpose)
		if before == after {
			before, after = showPurpose(*b.Purpose), showPurpose(*a.Purpose)
		}
		d.add(basic, "purpose", "", before, after)
	}
	history(d, basic, "purposes", b.Purposes, a.Purposes, b.Purpose, a.Purpose, purposeChanged, showPurpose)

	capitalChanged := !samePtr(b.Capital, a.Capital)
	if capitalChanged {
		d.add(basic, "capital", "", showCapitalPtr(b.Capital), showCapitalPtr(a.Capital))
	}
	history(d, basic, "capitals", b.Capitals, a.Capitals, b.Capital, a.Capital, capitalChanged, showCapital)

	d.add(basic, "lei", "", b.LEI, a.LEI)
	d.add(basic, "incorporated_at", "", showDate(b.IncorporatedAt), showDate(a.IncorporatedAt))
	d.add(basic, "notarized_at", "", showDatePtr(b.NotarizedAt), showDatePtr(a.NotarizedAt))
	d.add(basic, "terminated_at", "", showDatePtr(b.TerminatedAt), showDatePtr(a.TerminatedAt))
	d.add(basic, "merged_into", "", showTransaction(b.MergedInto), showTransaction(a.MergedInto))
	d.add(basic, "profit_transfer_agreement", "", showTransaction(b.ProfitTransferAgreement), showTransaction(a.ProfitTransferAgreement))
	transactions(d, "acquisitions", b.Acquisitions, a.Acquisitions)
	transactions(d, "asset_spin_offs", b.AssetSpinOffs, a.AssetSpinOffs)
	industryCodes(d, b.IndustryCodes.WZ2025, a.IndustryCodes.WZ2025)
	contact(d, b.Contact, a.Contact)
}

// samePtr compares two optional comparable values.
func samePtr[T comparable](a, b *T) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

func showPurposePtr(p *registerdata.CompanyPurpose) string {
	if p == nil {
		return ""
	}
	return p.Purpose
}

func showCapitalPtr(c *registerdata.CompanyCapital) string {
	if c == nil {
		return ""
	}
	return showCapital(*c)
}

// registerKey is a CompanyRegister as a comparable value.
type registerKey struct {
	reg      registerdata.CompanyRegister
	start    registerdata.Date
	hasStart bool
}

func registerOf(r registerdata.CompanyRegister) registerKey {
	k := registerKey{reg: r}
	if r.StartDate != nil {
		k.start, k.hasStart = *r.StartDate, true
	}
	k.reg.StartDate = nil
	return k
}

func registersOf(rs []registerdata.CompanyRegister) []registerKey {
	out := make([]registerKey, len(rs))
	for i, r := range rs {
		out[i] = registerOf(r)
	}
	return out
}

func showRegisterKey(k registerKey) string {
	r := k.reg
	if k.hasStart {
		r.StartDate = &k.start
	}
	return showRegister(r)
}

func transactions(d *differ, field string, before, after []registerdata.Transaction) {
	type txKey struct {
		id     string
		agreed registerdata.Date
	}
	key := func(t *registerdata.Transaction) txKey {
		k := txKey{id: t.CompanyID}
		if t.AgreementDate != nil {
			k.agreed = *t.AgreementDate
		}
		return k
	}
	pair(before, after, key, sameTransaction, func(b, a *registerdata.Transaction) {
		switch {
		case b == nil:
			d.change(Change{Category: basic, Kind: Added, Field: field, Subject: transactionSubject(a), After: showTransaction(a)})
		case a == nil:
			d.change(Change{Category: basic, Kind: Removed, Field: field, Subject: transactionSubject(b), Before: showTransaction(b)})
		case !sameTransaction(b, a):
			d.modified(basic, field, transactionSubject(a), showTransaction(b), showTransaction(a))
		}
	})
}

func transactionSubject(t *registerdata.Transaction) string {
	return join(" ", t.Name, "("+t.CompanyID+")")
}

func sameTransaction(a, b *registerdata.Transaction) bool {
	return a.CompanyID == b.CompanyID && a.Name == b.Name && a.RegistrationDate == b.RegistrationDate && sameDatePtr(a.AgreementDate, b.AgreementDate)
}

func industryCodes(d *differ, before, after []registerdata.IndustryCode) {
	history(d, basic, "industry_codes", before, after, nil, nil, false, func(c registerdata.IndustryCode) string { return c.Code })
}

func contact(d *differ, before, after *registerdata.Contact) {
	var b, a registerdata.Contact
	if before != nil {
		b = *before
	}
	if after != nil {
		a = *after
	}
	if b == a {
		return
	}
	d.add(basic, "contact.email", "", b.Email, a.Email)
	d.add(basic, "contact.phone", "", b.Phone, a.Phone)
	d.add(basic, "contact.vat_id", "", b.VATID, a.VATID)
	d.add(basic, "contact.website_url", "", b.WebsiteURL, a.WebsiteURL)
	sb, sa := b.SocialMedia, a.SocialMedia
	d.add(basic, "contact.social_media.linkedin", "", sb.LinkedIn, sa.LinkedIn)
	d.add(basic, "contact.social_media.instagram", "", sb.Instagram, sa.Instagram)
	d.add(basic, "contact.social_media.github", "", sb.GitHub, sa.GitHub)
	d.add(basic, "contact.social_media.twitter", "", sb.Twitter, sa.Twitter)
	d.add(basic, "contact.social_media.facebook", "", sb.Facebook, sa.Facebook)
	d.add(basic, "contact.social_media.youtube", "", sb.YouTube, sa.YouTube)
	d.add(basic, "contact.social_media.xing", "", sb.Xing, sa.Xing)
	d.add(basic, "contact.social_media.tiktok", "", sb.TikTok, sa.TikTok)
}
