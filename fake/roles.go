package fake

import (
	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// roleLabels is the one table of display labels per role code: German
// (gender-neutral) and English, long and short. The fake fills
// role_detail labels from it, so data files and tests name only the code.
var roleLabels = map[enums.RoleCode][4]string{
	//                                            label_de, label_de_short, label_en, label_en_short
	enums.RoleCodeDirector:                      {"Geschäftsführer:in", "GF", "Managing Director", "MD"},
	enums.RoleCodeEmergencyDirector:             {"Notgeschäftsführer:in", "Not-GF", "Emergency Managing Director", "Emergency MD"},
	enums.RoleCodeExecutive:                     {"Vorstandsmitglied", "Vorstand", "Executive Board Member", "Board Member"},
	enums.RoleCodeChairman:                      {"Vorstandsvorsitzende:r", "Vorst.-Vors.", "Chair of the Executive Board", "Chair"},
	enums.RoleCodeDeputyChairman:                {"Stellvertretende:r Vorstandsvorsitzende:r", "stv. Vors.", "Deputy Chair of the Executive Board", "Deputy Chair"},
	enums.RoleCodeBoard:                         {"Vorstand", "Vorst.", "Board Member", "Board"},
	enums.RoleCodePresidentBoard:                {"Vorsitzende:r des Vorstands", "Vors.", "President of the Board", "President"},
	enums.RoleCodeVicePresidentBoard:            {"Stellvertretende:r Vorsitzende:r des Vorstands", "stv. Vors.", "Vice President of the Board", "Vice President"},
	enums.RoleCodePresident:                     {"Präsident:in", "Präs.", "President", "Pres."},
	enums.RoleCodeMember:                        {"Mitglied", "Mitgl.", "Member", "Member"},
	enums.RoleCodeNonExecutiveDirector:          {"Nicht geschäftsführendes Mitglied des Verwaltungsrats", "VR-Mitgl.", "Non-Executive Director", "NED"},
	enums.RoleCodeBoardSecretary:                {"Schriftführer:in", "Schriftf.", "Board Secretary", "Secretary"},
	enums.RoleCodeBoardTreasurer:                {"Schatzmeister:in", "Schatzm.", "Board Treasurer", "Treasurer"},
	enums.RoleCodeBoardSports:                   {"Sportvorstand", "Sportvorst.", "Board Member for Sports", "Sports"},
	enums.RoleCodeBoardOther:                    {"Sonstiges Vorstandsmitglied", "Vorst. sonst.", "Other Board Member", "Board (other)"},
	enums.RoleCodeRepresentative:                {"Ständige:r Vertreter:in", "Vertr.", "Permanent Representative", "Representative"},
	enums.RoleCodeSecondaryRepresentative:       {"Vertreter:in der Zweigniederlassung", "Zwnl.-Vertr.", "Branch Representative", "Branch Rep."},
	enums.RoleCodeCourtOrderedRepresentative:    {"Gerichtlich bestellte:r Vertreter:in", "ger. Vertr.", "Court-Appointed Representative", "Court Rep."},
	enums.RoleCodeProkura:                       {"Prokurist:in", "Prok.", "Authorised Signatory", "Signatory"},
	enums.RoleCodeProkuraSingle:                 {"Einzelprokurist:in", "Einzelprok.", "Sole Authorised Signatory", "Sole Signatory"},
	enums.RoleCodeProkuraJoint:                  {"Gesamtprokurist:in", "Gesamtprok.", "Joint Authorised Signatory", "Joint Signatory"},
	enums.RoleCodeLiquidator:                    {"Liquidator:in", "Liq.", "Liquidator", "Liquidator"},
	enums.RoleCodeInsolvencyDirector:            {"Insolvenzverwalter:in", "InsV", "Insolvency Administrator", "Administrator"},
	enums.RoleCodePreliminaryInsolvencyDirector: {"Vorläufige:r Insolvenzverwalter:in", "vorl. InsV", "Preliminary Insolvency Administrator", "Prelim. Administrator"},
	enums.RoleCodeOwner:                         {"Inhaber:in", "Inh.", "Owner", "Owner"},
	enums.RoleCodeShareholder:                   {"Gesellschafter:in", "Ges.", "Shareholder", "Shareholder"},
	enums.RoleCodePartner:                       {"Partner:in", "Partner:in", "Partner", "Partner"},
	enums.RoleCodePersonalLiableDirector:        {"Persönlich haftende:r Gesellschafter:in", "phG", "General Partner", "GP"},
	enums.RoleCodeOther:                         {"Sonstige Funktion", "Sonst.", "Other Function", "Other"},
}

// RoleDetail returns the role detail the fake serves for code: the code
// with its labels. An unknown code gets the labels of RoleCodeOther, as a
// client would show it.
func RoleDetail(code enums.RoleCode) registerdata.RoleDetail {
	l, ok := roleLabels[code]
	if !ok {
		l = roleLabels[enums.RoleCodeOther]
	}
	return registerdata.RoleDetail{Code: code, LabelDE: l[0], LabelDEShort: l[1], LabelEN: l[2], LabelENShort: l[3]}
}

// completeRepresentative fills what follows from the role code and was
// left empty: the coarse role and the labels.
func completeRepresentative(r *registerdata.Representative) {
	if r.Role == "" {
		r.Role = r.RoleDetail.Code.Role()
	}
	d := &r.RoleDetail
	if d.LabelDE == "" && d.LabelDEShort == "" && d.LabelEN == "" && d.LabelENShort == "" {
		*d = RoleDetail(d.Code)
	}
}
