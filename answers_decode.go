package registerdata

// The single-pass decoders of the remaining answers: search pages,
// autocomplete, monitors, contact details, URL lookups, credits and cached
// documents (see company_decode_read.go for the helpers). Each is a
// decodeJSON method (bodyDecoder), used for answers only: a page is left
// as read, so the envelope check still sees a missing list.

func (r *CompanySearchResponse) decodeJSON(b []byte) error {
	return decodeWhole(b, r, companySearchResponseField, nil)
}

func (r *PersonSearchResponse) decodeJSON(b []byte) error {
	return decodeWhole(b, r, personSearchResponseField, nil)
}

func (r *autocompleteResponse) decodeJSON(b []byte) error {
	return decodeWhole(b, r, autocompleteResponseField, nil)
}

func (l *MonitorList) decodeJSON(b []byte) error {
	return decodeWhole(b, l, monitorListField, nil)
}

func (m *Monitor) decodeJSON(b []byte) error { return decodeWhole(b, m, monitorField, nil) }

func (c *ContactDetails) decodeJSON(b []byte) error {
	return decodeWhole(b, c, contactDetailsField, nil)
}

func (u *URLLookup) decodeJSON(b []byte) error { return decodeWhole(b, u, uRLLookupField, nil) }

func (u *CreditUsage) decodeJSON(b []byte) error {
	return decodeWhole(b, u, creditUsageField, nil)
}

func (d *Document) decodeJSON(b []byte) error { return decodeWhole(b, d, documentRecordField, nil) }

// readEnums reads an array of strings of any string type (an enum type, or
// string itself for readStrings): null sets *s to nil, a null element leaves
// that element as it was.
func readEnums[T ~string](d *decoder, s *[]T) error {
	if d.Null() {
		*s = nil
		return nil
	}
	v := (*s)[:0]
	i := 0
	err := d.Array(func() error {
		if i < cap(v) {
			v = v[:i+1]
		} else {
			var zero T
			v = append(v, zero)
		}
		i++
		return readString(d, &v[i-1])
	})
	if err != nil {
		return err
	}
	if v == nil {
		v = []T{}
	}
	*s = v
	return nil
}

func contactDetailsField(d *decoder, x *ContactDetails, key []byte) (bool, error) {
	switch string(key) {
	case "source_url":
		return true, readString(d, &x.SourceURL)
	case "email":
		return true, readString(d, &x.Email)
	case "phone":
		return true, readString(d, &x.Phone)
	case "vat_id":
		return true, readString(d, &x.VATID)
	}
	return false, nil
}

func uRLLookupField(d *decoder, x *URLLookup, key []byte) (bool, error) {
	switch string(key) {
	case "company_id":
		return true, readString(d, &x.CompanyID)
	case "email":
		return true, readString(d, &x.Email)
	case "phone":
		return true, readString(d, &x.Phone)
	case "vat_id":
		return true, readString(d, &x.VATID)
	}
	return false, nil
}

func creditUsageField(d *decoder, x *CreditUsage, key []byte) (bool, error) {
	switch string(key) {
	case "included_credits":
		return true, readInt64(d, &x.Included)
	case "used_credits":
		return true, readInt64(d, &x.Used)
	case "remaining_credits":
		return true, readInt64(d, &x.Remaining)
	case "overage_credits":
		return true, readInt64(d, &x.Overage)
	case "paid":
		return true, readBool(d, &x.Paid)
	case "period":
		return true, decodeObject(d, &x.Period, creditPeriodField)
	}
	return false, nil
}

func documentRecordField(d *decoder, x *Document, key []byte) (bool, error) {
	switch string(key) {
	case "id":
		return true, readString(d, &x.ID)
	case "name":
		return true, readString(d, &x.Name)
	case "date":
		return true, readDate(d, &x.Date)
	case "type":
		return true, readString(d, &x.Type)
	case "url":
		return true, readString(d, &x.URL)
	}
	return false, nil
}

func monitorField(d *decoder, x *Monitor, key []byte) (bool, error) {
	switch string(key) {
	case "entity_id":
		return true, readString(d, &x.EntityID)
	case "entity_type":
		return true, readString(d, &x.EntityType)
	case "preferences":
		return true, readEnums(d, &x.Preferences)
	case "update_frequency":
		return true, readString(d, &x.UpdateFrequency)
	case "disabled":
		return true, readBool(d, &x.Disabled)
	}
	return false, nil
}

func monitorListField(d *decoder, x *MonitorList, key []byte) (bool, error) {
	if string(key) == "items" {
		return true, decodeSlice(d, &x.Items, monitorField)
	}
	return false, nil
}

func companySearchResponseField(d *decoder, x *CompanySearchResponse, key []byte) (bool, error) {
	switch string(key) {
	case "results":
		return true, decodeSlice(d, &x.Results, companySearchResultField)
	case "pagination":
		return true, decodeObject(d, &x.Pagination, paginationField)
	}
	return false, nil
}

func personSearchResponseField(d *decoder, x *PersonSearchResponse, key []byte) (bool, error) {
	switch string(key) {
	case "results":
		return true, decodeSlice(d, &x.Results, personSearchResultField)
	case "pagination":
		return true, decodeObject(d, &x.Pagination, paginationField)
	}
	return false, nil
}

func autocompleteResponseField(d *decoder, x *autocompleteResponse, key []byte) (bool, error) {
	if string(key) == "results" {
		return true, decodeSlice(d, &x.Results, companySearchResultField)
	}
	return false, nil
}

func creditPeriodField(d *decoder, x *CreditPeriod, key []byte) (bool, error) {
	switch string(key) {
	case "reset_at":
		return true, readTime(d, &x.ResetAt)
	case "type":
		return true, readString(d, &x.Type)
	}
	return false, nil
}

func companySearchResultField(d *decoder, x *CompanySearchResult, key []byte) (bool, error) {
	switch string(key) {
	case "company_id":
		return true, readString(d, &x.CompanyID)
	case "name":
		return true, readString(d, &x.Name)
	case "country":
		return true, readStringPtr(d, &x.Country)
	case "register_number":
		return true, readString(d, &x.RegisterNumber)
	case "register_type":
		return true, readString(d, &x.RegisterType)
	case "register_court":
		return true, readString(d, &x.RegisterCourt)
	case "active":
		return true, readBool(d, &x.Active)
	case "legal_form":
		return true, readString(d, &x.LegalForm)
	case "address":
		return true, decodeObjectPtr(d, &x.Address, searchAddressField)
	case "purpose":
		return true, readStringPtr(d, &x.Purpose)
	}
	return false, nil
}

func personSearchResultField(d *decoder, x *PersonSearchResult, key []byte) (bool, error) {
	switch string(key) {
	case "id":
		return true, readString(d, &x.ID)
	case "name":
		return true, readString(d, &x.Name)
	case "city":
		return true, readStringPtr(d, &x.City)
	case "date_of_birth":
		return true, readDatePtr(d, &x.DateOfBirth)
	case "active":
		return true, readBool(d, &x.Active)
	}
	return false, nil
}

func searchAddressField(d *decoder, x *SearchAddress, key []byte) (bool, error) {
	switch string(key) {
	case "city":
		return true, readString(d, &x.City)
	case "country":
		return true, readString(d, &x.Country)
	case "formatted_value":
		return true, readString(d, &x.FormattedValue)
	case "street":
		return true, readString(d, &x.Street)
	case "postal_code":
		return true, readString(d, &x.PostalCode)
	case "extra":
		return true, readString(d, &x.Extra)
	}
	return false, nil
}
