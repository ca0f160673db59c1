package registerdata

// The single-pass decoders of the Transparenzregister and realtime
// document answers (see company_decode_read.go for the helpers).

// UnmarshalJSON decodes an extract; its lists, and those of its report,
// are never nil afterwards.
func (e *TransparencyExtract) UnmarshalJSON(b []byte) error {
	if !isJSONNull(b) {
		*e = TransparencyExtract{}
	}
	return decodeWhole(b, e, transparencyExtractField, (*TransparencyExtract).fillLists)
}

// UnmarshalJSON decodes a realtime document. file_date, whose format the
// service does not document, is read as a date or a date-time; anything
// else leaves FileDate nil rather than failing.
func (d *RealtimeDocument) UnmarshalJSON(b []byte) error {
	*d = RealtimeDocument{}
	return decodeWhole(b, d, realtimeDocumentField, nil)
}

func realtimeDocumentField(d *decoder, x *RealtimeDocument, key []byte) (bool, error) {
	switch string(key) {
	case "category":
		return true, readString(d, &x.Category)
	case "file_date":
		raw, err := d.RawValue()
		if err != nil {
			return true, err
		}
		var o optionalDate
		err = o.UnmarshalJSON(raw)
		x.FileDate = o.d
		return true, err
	case "file_name":
		return true, readStringPtr(d, &x.FileName)
	case "url":
		return true, readString(d, &x.URL)
	}
	return false, nil
}

func transparencyExtractField(d *decoder, x *TransparencyExtract, key []byte) (bool, error) {
	switch string(key) {
	case "id":
		return true, readString(d, &x.ID)
	case "status":
		return true, readString(d, &x.Status)
	case "company_id":
		return true, readStringPtr(d, &x.CompanyID)
	case "ekrn":
		return true, readStringPtr(d, &x.EKRN)
	case "reference_number":
		return true, readStringPtr(d, &x.ReferenceNumber)
	case "submitted_at":
		return true, readTime(d, &x.SubmittedAt)
	case "completed_at":
		return true, readPtr(d, &x.CompletedAt, readTime, nil)
	case "documents":
		return true, decodeSlice(d, &x.Documents, transparencyDocumentField)
	case "report":
		return true, decodeObjectPtr(d, &x.Report, transparencyReportField)
	}
	return false, nil
}

func transparencyDocumentField(d *decoder, x *TransparencyDocument, key []byte) (bool, error) {
	switch string(key) {
	case "document_id":
		return true, readString(d, &x.DocumentID)
	case "filename":
		return true, readString(d, &x.Filename)
	case "format":
		return true, readString(d, &x.Format)
	case "url":
		return true, readString(d, &x.URL)
	}
	return false, nil
}

func transparencyReportField(d *decoder, x *TransparencyReport, key []byte) (bool, error) {
	switch string(key) {
	case "created_at":
		return true, readDatePtr(d, &x.CreatedAt)
	case "notice_type":
		return true, readStringPtr(d, &x.NoticeType)
	case "fictional_ubo_reason":
		return true, readStringPtr(d, &x.FictionalUBOReason)
	case "groups":
		return true, decodeSlice(d, &x.Groups, transparencyGroupField)
	case "ubos":
		return true, decodeSlice(d, &x.UBOs, transparencyUBOField)
	case "status_flags":
		return true, decodeObjectPtr(d, &x.StatusFlags, transparencyStatusFlagsField)
	case "validity":
		return true, decodeObjectPtr(d, &x.Validity, transparencyValidityField)
	}
	return false, nil
}

func transparencyGroupField(d *decoder, x *TransparencyGroup, key []byte) (bool, error) {
	switch string(key) {
	case "position":
		return true, readInt(d, &x.Position)
	case "description":
		return true, readStringPtr(d, &x.Description)
	case "interest_type":
		return true, readStringPtr(d, &x.InterestType)
	}
	return false, nil
}

func transparencyUBOField(d *decoder, x *TransparencyUBO, key []byte) (bool, error) {
	switch string(key) {
	case "position":
		return true, readInt(d, &x.Position)
	case "natural_person":
		return true, decodeObjectPtr(d, &x.NaturalPerson, transparencyUBONaturalPersonField)
	case "interest":
		return true, decodeObjectPtr(d, &x.Interest, transparencyUBOInterestField)
	}
	return false, nil
}

func transparencyStatusFlagsField(d *decoder, x *TransparencyStatusFlags, key []byte) (bool, error) {
	switch string(key) {
	case "deleted":
		return true, readBool(d, &x.Deleted)
	case "deletion_date":
		return true, readDatePtr(d, &x.DeletionDate)
	case "discrepancy_note":
		return true, readStringPtr(d, &x.DiscrepancyNote)
	case "corrected_by_reference":
		return true, readStringPtr(d, &x.CorrectedByReference)
	case "corrected_references":
		return true, readStrings(d, &x.CorrectedReferences)
	}
	return false, nil
}

func transparencyValidityField(d *decoder, x *TransparencyValidity, key []byte) (bool, error) {
	switch string(key) {
	case "from":
		return true, decodeObjectPtr(d, &x.From, transparencyValidityPointField)
	case "until":
		return true, decodeObjectPtr(d, &x.Until, transparencyValidityPointField)
	}
	return false, nil
}

func transparencyUBONaturalPersonField(d *decoder, x *TransparencyUBONaturalPerson, key []byte) (bool, error) {
	switch string(key) {
	case "title":
		return true, readStringPtr(d, &x.Title)
	case "first_name":
		return true, readStringPtr(d, &x.FirstName)
	case "last_name":
		return true, readStringPtr(d, &x.LastName)
	case "full_name":
		return true, readStringPtr(d, &x.FullName)
	case "date_of_birth":
		return true, readDatePtr(d, &x.DateOfBirth)
	case "city":
		return true, readStringPtr(d, &x.City)
	case "country":
		return true, readStringPtr(d, &x.Country)
	case "nationalities":
		return true, readStrings(d, &x.Nationalities)
	}
	return false, nil
}

func transparencyUBOInterestField(d *decoder, x *TransparencyUBOInterest, key []byte) (bool, error) {
	switch string(key) {
	case "type":
		return true, readStringPtr(d, &x.Type)
	case "scope":
		return true, readStringPtr(d, &x.Scope)
	case "percentage":
		return true, readPtr(d, &x.Percentage, readFloat64, nil)
	}
	return false, nil
}

func transparencyValidityPointField(d *decoder, x *TransparencyValidityPoint, key []byte) (bool, error) {
	switch string(key) {
	case "date":
		return true, readDatePtr(d, &x.Date)
	case "note":
		return true, readStringPtr(d, &x.Note)
	}
	return false, nil
}
