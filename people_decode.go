package registerdata

// The single-pass decoders of the owner, beneficial-owner, holdings and
// person answers (see company_decode_read.go for the helpers).

func (o *Owners) normalize() {
	nonNil(&o.Owners)
	nonNil(&o.Sources)
}

func ownersField(d *decoder, x *Owners, key []byte) (bool, error) {
	switch string(key) {
	case "company_id":
		return true, readString(d, &x.CompanyID)
	case "best_available":
		return true, readBool(d, &x.BestAvailable)
	case "owners":
		return true, decodeSlice(d, &x.Owners, ownerField)
	case "sources":
		return true, decodeSlice(d, &x.Sources, sourceField)
	}
	return false, nil
}

func beneficialOwnersField(d *decoder, x *BeneficialOwners, key []byte) (bool, error) {
	switch string(key) {
	case "company_id":
		return true, readString(d, &x.CompanyID)
	case "ubos":
		return true, decodeSlice(d, &x.Owners, beneficialOwnerField)
	}
	return false, nil
}

func holdingsField(d *decoder, x *Holdings, key []byte) (bool, error) {
	switch string(key) {
	case "company_id":
		return true, readString(d, &x.CompanyID)
	case "person_id":
		return true, readString(d, &x.PersonID)
	case "holdings":
		return true, decodeSlice(d, &x.Holdings, holdingField)
	}
	return false, nil
}

func personField(d *decoder, x *Person, key []byte) (bool, error) {
	switch string(key) {
	case "id":
		return true, readString(d, &x.ID)
	case "first_name":
		return true, readString(d, &x.FirstName)
	case "last_name":
		return true, readString(d, &x.LastName)
	case "city":
		return true, readStringPtr(d, &x.City)
	case "date_of_birth":
		return true, readDatePtr(d, &x.DateOfBirth)
	case "age":
		return true, readPtr(d, &x.Age, readInt, nil)
	case "management_positions":
		return true, decodeSlice(d, &x.ManagementPositions, managementPositionField)
	}
	return false, nil
}

func ownerField(d *decoder, x *Owner, key []byte) (bool, error) {
	switch string(key) {
	case "id":
		return true, readStringPtr(d, &x.ID)
	case "name":
		return true, readString(d, &x.Name)
	case "type":
		return true, readString(d, &x.Type)
	case "relation_type":
		return true, readString(d, &x.RelationType)
	case "nominal_share":
		return true, readFloat64(d, &x.NominalShare)
	case "percentage_share":
		return true, readPtr(d, &x.PercentageShare, readFloat64, nil)
	case "start":
		return true, readDatePtr(d, &x.Start)
	case "legal_person":
		return true, decodeObjectPtr(d, &x.LegalPerson, ownerLegalPersonField)
	case "natural_person":
		return true, decodeObjectPtr(d, &x.NaturalPerson, ownerNaturalPersonField)
	}
	return false, nil
}

func beneficialOwnerField(d *decoder, x *BeneficialOwner, key []byte) (bool, error) {
	switch string(key) {
	case "id":
		return true, readStringPtr(d, &x.ID)
	case "name":
		return true, readString(d, &x.Name)
	case "percentage_share":
		return true, readPtr(d, &x.PercentageShare, readFloat64, nil)
	case "max_percentage_share":
		return true, readPtr(d, &x.MaxPercentageShare, readFloat64, nil)
	case "legal_person":
		return true, decodeObjectPtr(d, &x.LegalPerson, ownerLegalPersonField)
	case "natural_person":
		return true, decodeObjectPtr(d, &x.NaturalPerson, ownerNaturalPersonField)
	}
	return false, nil
}

func holdingField(d *decoder, x *Holding, key []byte) (bool, error) {
	switch string(key) {
	case "company_id":
		return true, readString(d, &x.CompanyID)
	case "name":
		return true, readString(d, &x.Name)
	case "relation_type":
		return true, readString(d, &x.RelationType)
	case "nominal_share":
		return true, readFloat64(d, &x.NominalShare)
	case "percentage_share":
		return true, readPtr(d, &x.PercentageShare, readFloat64, nil)
	case "start":
		return true, readDatePtr(d, &x.Start)
	case "end":
		return true, readDatePtr(d, &x.End)
	}
	return false, nil
}

func managementPositionField(d *decoder, x *ManagementPosition, key []byte) (bool, error) {
	switch string(key) {
	case "company_name":
		return true, readString(d, &x.CompanyName)
	case "register_id":
		return true, readString(d, &x.RegisterID)
	case "role":
		return true, readString(d, &x.Role)
	case "start_date":
		return true, readDate(d, &x.StartDate)
	case "end_date":
		return true, readDatePtr(d, &x.EndDate)
	}
	return false, nil
}

func ownerLegalPersonField(d *decoder, x *OwnerLegalPerson, key []byte) (bool, error) {
	switch string(key) {
	case "name":
		return true, readString(d, &x.Name)
	case "city":
		return true, readStringPtr(d, &x.City)
	case "country":
		return true, readString(d, &x.Country)
	}
	return false, nil
}

func ownerNaturalPersonField(d *decoder, x *OwnerNaturalPerson, key []byte) (bool, error) {
	switch string(key) {
	case "first_name":
		return true, readString(d, &x.FirstName)
	case "last_name":
		return true, readString(d, &x.LastName)
	case "full_name":
		return true, readString(d, &x.FullName)
	case "city":
		return true, readString(d, &x.City)
	case "country":
		return true, readString(d, &x.Country)
	case "date_of_birth":
		return true, readDatePtr(d, &x.DateOfBirth)
	}
	return false, nil
}
