package searchengine

import "strings"

// countryNames maps the country names the register writes in addresses
// to ISO 3166-1 alpha-2 codes, which search results carry.
var countryNames = map[string]string{
	"deutschland": "DE", "germany": "DE", "bundesrepublik deutschland": "DE",
	"österreich": "AT", "austria": "AT",
	"schweiz": "CH", "switzerland": "CH",
	"niederlande": "NL", "netherlands": "NL",
	"frankreich": "FR", "france": "FR",
	"luxemburg": "LU", "luxembourg": "LU",
	"belgien": "BE", "belgium": "BE",
	"italien": "IT", "italy": "IT",
	"spanien": "ES", "spain": "ES",
	"polen": "PL", "poland": "PL",
	"dänemark": "DK", "denmark": "DK",
	"vereinigtes königreich": "GB", "united kingdom": "GB",
	"vereinigte staaten": "US", "united states": "US",
}

// isAlpha2 reports whether s is two upper-case ASCII letters.
func isAlpha2(s string) bool {
	return len(s) == 2 && s[0] >= 'A' && s[0] <= 'Z' && s[1] >= 'A' && s[1] <= 'Z'
}

// countryCode returns the alpha-2 code of an address country written as
// a code or a name; a name it does not know gives fallback (the
// register's country).
func countryCode(country, fallback string) string {
	c := strings.TrimSpace(country)
	if isAlpha2(strings.ToUpper(c)) {
		return strings.ToUpper(c)
	}
	if code, ok := countryNames[strings.ToLower(c)]; ok {
		return code
	}
	return fallback
}
