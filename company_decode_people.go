package registerdata

// The field decoders of representatives and contact data; see
// companyField.

func representativeField(d *decoder, x *Representative, key []byte) (bool, error) {
	switch string(key) {
	case "id":
		return true, readStringPtr(d, &x.ID)
	case "name":
		return true, readString(d, &x.Name)
	case "type":
		return true, readString(d, &x.Type, knownRepresentativeTypes...)
	case "role":
		return true, readString(d, &x.Role, knownRoles...)
	case "role_detail":
		return true, decodeObject(d, &x.RoleDetail, roleDetailField)
	case "start_date":
		return true, readDate(d, &x.StartDate)
	case "end_date":
		return true, readDatePtr(d, &x.EndDate)
	case "authority":
		return true, readStringPtr(d, &x.Authority)
	case "legal_person":
		return true, decodeObjectPtr(d, &x.LegalPerson, legalPersonField)
	case "natural_person":
		return true, decodeObjectPtr(d, &x.NaturalPerson, naturalPersonField)
	}
	return false, nil
}

func roleDetailField(d *decoder, x *RoleDetail, key []byte) (bool, error) {
	switch string(key) {
	case "code":
		return true, readString(d, &x.Code, knownRoleCodes...)
	case "label_de":
		return true, readString(d, &x.LabelDE)
	case "label_de_short":
		return true, readString(d, &x.LabelDEShort)
	case "label_en":
		return true, readString(d, &x.LabelEN)
	case "label_en_short":
		return true, readString(d, &x.LabelENShort)
	}
	return false, nil
}

func legalPersonField(d *decoder, x *LegalPerson, key []byte) (bool, error) {
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

func naturalPersonField(d *decoder, x *NaturalPerson, key []byte) (bool, error) {
	switch string(key) {
	case "city":
		return true, readStringPtr(d, &x.City)
	case "first_name":
		return true, readStringPtr(d, &x.FirstName)
	case "last_name":
		return true, readStringPtr(d, &x.LastName)
	case "date_of_birth":
		return true, readDatePtr(d, &x.DateOfBirth)
	}
	return false, nil
}

func contactField(d *decoder, x *Contact, key []byte) (bool, error) {
	switch string(key) {
	case "email":
		return true, readString(d, &x.Email)
	case "phone":
		return true, readString(d, &x.Phone)
	case "vat_id":
		return true, readString(d, &x.VATID)
	case "website_url":
		return true, readString(d, &x.WebsiteURL)
	case "social_media":
		return true, decodeObject(d, &x.SocialMedia, socialMediaField)
	}
	return false, nil
}

func socialMediaField(d *decoder, x *SocialMedia, key []byte) (bool, error) {
	var p *string
	switch string(key) {
	case "linkedin":
		p = &x.LinkedIn
	case "instagram":
		p = &x.Instagram
	case "github":
		p = &x.GitHub
	case "twitter":
		p = &x.Twitter
	case "facebook":
		p = &x.Facebook
	case "youtube":
		p = &x.YouTube
	case "xing":
		p = &x.Xing
	case "tiktok":
		p = &x.TikTok
	default:
		return false, nil
	}
	return true, readString(d, p)
}
