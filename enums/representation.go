package enums

// RepresentativeType says whether a representative is a person or an entity.
type RepresentativeType string

// Representative types.
const (
	RepresentativeTypeNaturalPerson RepresentativeType = "natural_person"
	RepresentativeTypeLegalPerson   RepresentativeType = "legal_person"
)

var representativeTypes = []RepresentativeType{RepresentativeTypeNaturalPerson, RepresentativeTypeLegalPerson}

// Values lists every representative type of the specification; the receiver is ignored.
func (RepresentativeType) Values() []RepresentativeType { return values(representativeTypes) }

// IsKnown reports whether t is a representative type of the specification.
func (t RepresentativeType) IsKnown() bool { return known(t, representativeTypes) }

// Role is the coarse role bucket of a representative. The set is stable:
// the service folds new register roles into an existing value, so a switch
// over these constants may be exhaustive.
type Role string

// Roles.
const (
	RoleDirector               Role = "DIRECTOR"
	RoleProkura                Role = "PROKURA"
	RoleShareholder            Role = "SHAREHOLDER"
	RoleOwner                  Role = "OWNER"
	RolePartner                Role = "PARTNER"
	RolePersonalLiableDirector Role = "PERSONAL_LIABLE_DIRECTOR"
	RoleLiquidator             Role = "LIQUIDATOR"
	RoleOther                  Role = "OTHER"
)

var roles = []Role{
	RoleDirector, RoleProkura, RoleShareholder, RoleOwner, RolePartner,
	RolePersonalLiableDirector, RoleLiquidator, RoleOther,
}

// Values lists every role of the specification; the receiver is ignored.
func (Role) Values() []Role { return values(roles) }

// IsKnown reports whether r is a role of the specification.
func (r Role) IsKnown() bool { return known(r, roles) }

// RoleCode is the register-level role of a representative
// (role_detail.code). The set grows over time: treat an unknown value as
// RoleCodeOther, which Normalize does.
type RoleCode string

// Role codes.
const (
	RoleCodeDirector                      RoleCode = "DIRECTOR"
	RoleCodeEmergencyDirector             RoleCode = "EMERGENCY_DIRECTOR"
	RoleCodeExecutive                     RoleCode = "EXECUTIVE"
	RoleCodeChairman                      RoleCode = "CHAIRMAN"
	RoleCodeDeputyChairman                RoleCode = "DEPUTY_CHAIRMAN"
	RoleCodeBoard                         RoleCode = "BOARD"
	RoleCodePresidentBoard                RoleCode = "PRESIDENT_BOARD"
	RoleCodeVicePresidentBoard            RoleCode = "VICE_PRESIDENT_BOARD"
	RoleCodePresident                     RoleCode = "PRESIDENT"
	RoleCodeMember                        RoleCode = "MEMBER"
	RoleCodeNonExecutiveDirector          RoleCode = "NON_EXECUTIVE_DIRECTOR"
	RoleCodeBoardSecretary                RoleCode = "BOARD_SECRETARY"
	RoleCodeBoardTreasurer                RoleCode = "BOARD_TREASURER"
	RoleCodeBoardSports                   RoleCode = "BOARD_SPORTS"
	RoleCodeBoardOther                    RoleCode = "BOARD_OTHER"
	RoleCodeRepresentative                RoleCode = "REPRESENTATIVE"
	RoleCodeSecondaryRepresentative       RoleCode = "SECONDARY_REPRESENTATIVE"
	RoleCodeCourtOrderedRepresentative    RoleCode = "COURT_ORDERED_REPRESENTATIVE"
	RoleCodeProkura                       RoleCode = "PROKURA"
	RoleCodeProkuraSingle                 RoleCode = "PROKURA_SINGLE"
	RoleCodeProkuraJoint                  RoleCode = "PROKURA_JOINT"
	RoleCodeLiquidator                    RoleCode = "LIQUIDATOR"
	RoleCodeInsolvencyDirector            RoleCode = "INSOLVENCY_DIRECTOR"
	RoleCodePreliminaryInsolvencyDirector RoleCode = "PRELIMINARY_INSOLVENCY_DIRECTOR"
	RoleCodeOwner                         RoleCode = "OWNER"
	RoleCodeShareholder                   RoleCode = "SHAREHOLDER"
	RoleCodePartner                       RoleCode = "PARTNER"
	RoleCodePersonalLiableDirector        RoleCode = "PERSONAL_LIABLE_DIRECTOR"
	RoleCodeOther                         RoleCode = "OTHER"
)

// roleCodes maps every role code of the specification, in specification
// order, to the coarse Role it falls into.
var roleCodes = []struct {
	code RoleCode
	role Role
}{
	{RoleCodeDirector, RoleDirector},
	{RoleCodeEmergencyDirector, RoleDirector},
	{RoleCodeExecutive, RoleDirector},
	{RoleCodeChairman, RoleDirector},
	{RoleCodeDeputyChairman, RoleDirector},
	{RoleCodeBoard, RoleDirector},
	{RoleCodePresidentBoard, RoleDirector},
	{RoleCodeVicePresidentBoard, RoleDirector},
	{RoleCodePresident, RoleDirector},
	{RoleCodeMember, RoleOther},
	{RoleCodeNonExecutiveDirector, RoleOther},
	{RoleCodeBoardSecretary, RoleDirector},
	{RoleCodeBoardTreasurer, RoleDirector},
	{RoleCodeBoardSports, RoleDirector},
	{RoleCodeBoardOther, RoleDirector},
	{RoleCodeRepresentative, RoleDirector},
	{RoleCodeSecondaryRepresentative, RoleDirector},
	{RoleCodeCourtOrderedRepresentative, RoleDirector},
	{RoleCodeProkura, RoleProkura},
	{RoleCodeProkuraSingle, RoleProkura},
	{RoleCodeProkuraJoint, RoleProkura},
	{RoleCodeLiquidator, RoleLiquidator},
	{RoleCodeInsolvencyDirector, RoleOther},
	{RoleCodePreliminaryInsolvencyDirector, RoleOther},
	{RoleCodeOwner, RoleOwner},
	{RoleCodeShareholder, RoleShareholder},
	{RoleCodePartner, RolePartner},
	{RoleCodePersonalLiableDirector, RolePersonalLiableDirector},
	{RoleCodeOther, RoleOther},
}

// Values lists every role code of the specification; the receiver is ignored.
func (RoleCode) Values() []RoleCode {
	out := make([]RoleCode, len(roleCodes))
	for i, rc := range roleCodes {
		out[i] = rc.code
	}
	return out
}

// IsKnown reports whether c is a role code of the specification.
func (c RoleCode) IsKnown() bool {
	for _, rc := range roleCodes {
		if rc.code == c {
			return true
		}
	}
	return false
}

// Normalize returns c if it is a known role code and RoleCodeOther
// otherwise, as the specification asks clients to treat new codes.
func (c RoleCode) Normalize() RoleCode {
	if c.IsKnown() {
		return c
	}
	return RoleCodeOther
}

// Role returns the coarse bucket c falls into: an executive board member
// and a managing director are both RoleDirector. The service sends the
// bucket itself in the role field, which is authoritative; this mapping is
// the SDK's reading of the code names (the specification lists only the
// two sets) and maps unknown codes to RoleOther.
func (c RoleCode) Role() Role {
	for _, rc := range roleCodes {
		if rc.code == c {
			return rc.role
		}
	}
	return RoleOther
}
