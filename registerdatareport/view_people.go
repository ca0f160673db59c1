package registerdatareport

import (
	"strconv"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/redflags"
)

// shareholderView is one direct shareholder in the table next to the
// ownership chart.
type shareholderView struct {
	Name, Born, Kind, Share, Nominal, Since string
}

// kindNames say in words what kind of owner a chart node is.
var kindNames = map[string]string{
	kindPerson:  "natural person",
	kindCompany: "company (German register)",
	kindForeign: "abroad",
	kindPublic:  "public body",
	kindOther:   "outside the register",
}

// shareholders are the company's direct owners, as the ownership tree's
// first level lists them.
func shareholders(d *Dossier) []shareholderView {
	if d.Ownership == nil || d.Ownership.Root == nil {
		return nil
	}
	var out []shareholderView
	for _, ch := range d.Ownership.Root.Children {
		o := ch.Owner
		if o == nil {
			continue
		}
		n := ownerNode(o)
		sv := shareholderView{Name: clean(o.Name), Kind: kindNames[n.Kind], Share: "–", Nominal: "–", Since: "–"}
		if rel := relationName(o.RelationType); rel != "" {
			sv.Kind += ", " + rel
		}
		if n.Kind == kindForeign {
			if country, _ := ownerCountry(o); country != "" {
				sv.Kind += " (" + clean(country) + ")"
			}
		}
		if o.PercentageShare != nil {
			sv.Share = percent(*o.PercentageShare)
		}
		if o.NominalShare > 0 {
			sv.Nominal = money(o.NominalShare, enums.Currency("EUR"))
		}
		if o.Start != nil && !o.Start.IsZero() {
			sv.Since = o.Start.String()
		}
		if o.NaturalPerson != nil {
			sv.Born = born(o.NaturalPerson.DateOfBirth)
		}
		out = append(out, sv)
	}
	return out
}

// born is how a date of birth is shown: the date, or the year alone when
// only the year is known (a date with no month); "" when unknown.
func born(d *registerdata.Date) string {
	switch {
	case d == nil || d.Year == 0:
		return ""
	case d.Month == 0:
		return "born " + strconv.Itoa(d.Year)
	}
	return "born " + d.String()
}

// roleLabels are the English titles of the register's role codes, as the
// service labels them, for a role that came as a bare code (another
// company's position of a person).
var roleLabels = map[enums.RoleCode]string{
	enums.RoleCodeDirector:                      "Managing Director",
	enums.RoleCodeEmergencyDirector:             "Emergency Managing Director",
	enums.RoleCodeExecutive:                     "Executive Board Member",
	enums.RoleCodeChairman:                      "Chair of the Executive Board",
	enums.RoleCodeDeputyChairman:                "Deputy Chair of the Executive Board",
	enums.RoleCodeBoard:                         "Board Member",
	enums.RoleCodePresidentBoard:                "President of the Board",
	enums.RoleCodeVicePresidentBoard:            "Vice President of the Board",
	enums.RoleCodePresident:                     "President",
	enums.RoleCodeMember:                        "Member",
	enums.RoleCodeNonExecutiveDirector:          "Non-Executive Director",
	enums.RoleCodeBoardSecretary:                "Board Secretary",
	enums.RoleCodeBoardTreasurer:                "Board Treasurer",
	enums.RoleCodeBoardSports:                   "Board Member for Sports",
	enums.RoleCodeBoardOther:                    "Other Board Member",
	enums.RoleCodeRepresentative:                "Permanent Representative",
	enums.RoleCodeSecondaryRepresentative:       "Branch Representative",
	enums.RoleCodeCourtOrderedRepresentative:    "Court-Appointed Representative",
	enums.RoleCodeProkura:                       "Authorised Signatory",
	enums.RoleCodeProkuraSingle:                 "Sole Authorised Signatory",
	enums.RoleCodeProkuraJoint:                  "Joint Authorised Signatory",
	enums.RoleCodeLiquidator:                    "Liquidator",
	enums.RoleCodeInsolvencyDirector:            "Insolvency Administrator",
	enums.RoleCodePreliminaryInsolvencyDirector: "Preliminary Insolvency Administrator",
	enums.RoleCodeOwner:                         "Owner",
	enums.RoleCodeShareholder:                   "Shareholder",
	enums.RoleCodePartner:                       "Partner",
	enums.RoleCodePersonalLiableDirector:        "General Partner",
	enums.RoleCodeOther:                         "Other Function",
}

// roleLabel is the title of a role code or free-text role: its label when
// it is a known code, else the text in words ("SOME_ROLE": "Some role").
func roleLabel(role string) string {
	if l, ok := roleLabels[enums.RoleCode(strings.ToUpper(strings.TrimSpace(role)))]; ok {
		return l
	}
	if role != strings.ToUpper(role) {
		return role // already words
	}
	words := strings.ToLower(strings.ReplaceAll(role, "_", " "))
	if words == "" {
		return ""
	}
	return strings.ToUpper(words[:1]) + words[1:]
}

// verdictView is the summary at the top: the worst finding decides.
type verdictView struct {
	Level, Class, Text string
	Reasons            []RedFlag
}

// verdict sums the red flags up: no findings, review (a finding to look
// at, or data that could not be fetched), or high risk.
func verdict(flags []RedFlag) verdictView {
	if len(flags) == 0 {
		return verdictView{Level: "no findings", Class: "ok", Text: "No red flags were found in the data fetched."}
	}
	v := verdictView{Level: "review", Class: "warn", Reasons: flags,
		Text: "Findings to review before a decision:"}
	for _, f := range flags {
		// One scale with the portfolio: redflags.SeverityOf decides.
		if redflags.SeverityOf(f.Code) == redflags.High {
			v.Level, v.Class, v.Text = "high risk", "bad", "High risk: the company may not be able to act as a counterparty (insolvent, wound up, no longer active or without a managing director). Findings:"
			break
		}
	}
	return v
}
