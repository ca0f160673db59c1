package registerdata

import "encoding/json"

// decodeJSON is UnmarshalJSON for callers holding the whole body; the
// client calls it directly (see bodyDecoder).
//
// It decodes in one pass with a hand-written reader (decodeCompanyFast)
// instead of encoding/json, which validates the whole body and then
// decodes it in a second, reflective pass. The fast path gives what
// json.Unmarshal into the field set followed by Normalize gives for
// every valid document, also when c holds data already. On anything it
// rejects, the record is reset and decoded again by encoding/json, so
// errors (and what is decoded alongside them) are exactly encoding/json's
// decoding into a zero Company.
//
// The second decode is skipped for bodies over maxFallbackBytes: decoding
// twice would double what a hostile answer costs (see maxDecodeBytes), so
// the reader's own error is returned for those.
func (c *Company) decodeJSON(b []byte) error {
	err := decodeCompanyFast(b, c)
	if err == nil {
		return nil
	}
	if len(b) > maxFallbackBytes {
		return err
	}
	*c = Company{}
	if err := json.Unmarshal(b, (*companyFields)(c)); err != nil {
		return err
	}
	c.Normalize()
	return nil
}

// maxFallbackBytes bounds the bodies decodeJSON decodes a second time.
const maxFallbackBytes = 1 << 20

// decodeCompanyFast decodes b into c in one pass, with the semantics of
// encoding/json: unknown keys are skipped, keys match case-insensitively
// when no field matches exactly, the last of duplicate keys wins, null
// leaves a value unchanged and sets a pointer to nil, and decoding goes
// into what c already holds. It fails on invalid JSON and on values of
// the wrong type, leaving c partly decoded.
func decodeCompanyFast(b []byte, c *Company) error {
	d := getDecoder(b)
	defer putDecoder(d)
	if err := decodeObject(d, c, companyField); err != nil {
		return err
	}
	if err := d.End(); err != nil {
		return err
	}
	c.Normalize()
	return nil
}

// companyField decodes the value of the member key into c and reports
// whether key names a field of Company.
func companyField(d *decoder, c *Company, key []byte) (bool, error) {
	switch string(key) {
	case "id":
		return true, readString(d, &c.ID)
	case "register":
		return true, decodeObject(d, &c.Register, registerField)
	case "registers":
		return true, decodeSlice(d, &c.Registers, registerField)
	case "status":
		return true, readString(d, &c.Status, knownCompanyStatuses...)
	case "name":
		return true, decodeObject(d, &c.Name, nameField)
	case "names":
		return true, decodeSlice(d, &c.Names, nameField)
	case "address":
		return true, decodeObject(d, &c.Address, addressField)
	case "addresses":
		return true, decodeSlice(d, &c.Addresses, addressField)
	case "purpose":
		return true, decodeObjectPtr(d, &c.Purpose, purposeField)
	case "purposes":
		return true, decodeSlice(d, &c.Purposes, purposeField)
	case "capital":
		return true, decodeObjectPtr(d, &c.Capital, capitalField)
	case "capitals":
		return true, decodeSlice(d, &c.Capitals, capitalField)
	case "representation":
		return true, decodeSlice(d, &c.Representation, representativeField)
	case "representation_rule":
		return true, readStringPtr(d, &c.RepresentationRule)
	case "indicators":
		return true, decodeSlice(d, &c.Indicators, indicatorField)
	case "legal_form":
		return true, readString(d, &c.LegalForm, knownLegalForms...)
	case "lei":
		return true, readString(d, &c.LEI)
	case "documents":
		return true, decodeSlice(d, &c.Documents, documentField)
	case "incorporated_at":
		return true, readDate(d, &c.IncorporatedAt)
	case "notarized_at":
		return true, readDatePtr(d, &c.NotarizedAt)
	case "terminated_at":
		return true, readDatePtr(d, &c.TerminatedAt)
	case "merged_into":
		return true, decodeObjectPtr(d, &c.MergedInto, transactionField)
	case "acquisitions":
		return true, decodeSlice(d, &c.Acquisitions, transactionField)
	case "asset_spin_offs":
		return true, decodeSlice(d, &c.AssetSpinOffs, transactionField)
	case "profit_transfer_agreement":
		return true, decodeObjectPtr(d, &c.ProfitTransferAgreement, transactionField)
	case "industry_codes":
		return true, decodeObject(d, &c.IndustryCodes, industryCodesField)
	case "contact":
		return true, decodeObjectPtr(d, &c.Contact, contactField)
	case "insolvencies":
		return true, decodeSlice(d, &c.Insolvencies, insolvencyField)
	case "sources":
		return true, decodeSlice(d, &c.Sources, sourceField)
	}
	return false, nil
}
