package matchtext

import "fmt"

// Identifiers are checked before a credit is spent on them: a German VAT
// id or an LEI that fails its check digits names no company, so looking
// it up would only cost.

// VATIDProblem says what is wrong with a German VAT id ("DE" and nine
// digits, the last an ISO 7064 MOD 11,10 check digit), or "" when it is
// right or not German (other countries' ids are passed to the service).
// id is upper case without separators.
func VATIDProblem(id string) string {
	if len(id) < 2 || id[:2] != "DE" {
		return ""
	}
	if len(id) != 11 {
		return fmt.Sprintf("the VAT id %s is not DE and nine digits", id)
	}
	p := 10
	for i := 2; i < 11; i++ {
		if id[i] < '0' || id[i] > '9' {
			return fmt.Sprintf("the VAT id %s is not DE and nine digits", id)
		}
	}
	for i := 2; i < 10; i++ {
		s := (int(id[i]-'0') + p) % 10
		if s == 0 {
			s = 10
		}
		p = 2 * s % 11
	}
	check := 11 - p
	if check == 10 {
		check = 0
	}
	if int(id[10]-'0') != check {
		return fmt.Sprintf("the VAT id %s fails its check digit (ISO 7064 MOD 11,10): look for a typo", id)
	}
	return ""
}

// LEIProblem says what is wrong with an LEI (ISO 17442: 20 letters and
// digits whose MOD 97-10 remainder is 1), or "" when it is right. lei is
// upper case without separators.
func LEIProblem(lei string) string {
	if len(lei) != 20 {
		return fmt.Sprintf("the LEI %s has %d characters, not 20", lei, len(lei))
	}
	rem := 0
	for i := 0; i < len(lei); i++ {
		switch r := lei[i]; {
		case r >= '0' && r <= '9':
			rem = (rem*10 + int(r-'0')) % 97
		case r >= 'A' && r <= 'Z':
			rem = (rem*100 + int(r-'A') + 10) % 97
		default:
			return fmt.Sprintf("the LEI %s holds %q: only letters and digits are allowed", lei, r)
		}
	}
	if rem != 1 {
		return fmt.Sprintf("the LEI %s fails its check digits (ISO 17442, MOD 97-10): look for a typo", lei)
	}
	return ""
}
