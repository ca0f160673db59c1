package matchfile

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
)

// Fields are the MatchQuery fields a column can fill, by the names
// overrides and JSON Lines keys use.
var Fields = []string{"name", "city", "postal_code", "street", "register", "vat_id", "lei", "website", "company_id"}

// headerNames are the column names each field is detected by, compared
// after foldHeader (lower case, umlauts spelt out, no punctuation or
// spaces).
var headerNames = map[string][]string{
	"name":        {"name", "firma", "firmenname", "company", "companyname", "unternehmen", "unternehmensname", "kunde", "customer", "organisation", "organization", "legalname"},
	"city":        {"city", "ort", "stadt", "sitz", "town", "gemeinde", "registeredcity"},
	"postal_code": {"postalcode", "plz", "zip", "zipcode", "postleitzahl", "postcode"},
	"street":      {"street", "strasse", "str", "adresse", "address", "anschrift", "streetaddress"},
	"register":    {"register", "hrb", "hra", "handelsregister", "handelsregisternummer", "registernummer", "registerentry", "registernumber", "registergericht", "hrnummer", "hr"},
	"vat_id":      {"vat", "vatid", "vatnumber", "ustid", "ustidnr", "ustidnummer", "umsatzsteuerid", "umsatzsteueridentifikationsnummer", "steuernummer"},
	"lei":         {"lei", "leicode", "legalentityidentifier"},
	"website":     {"website", "url", "domain", "homepage", "web", "internet", "webseite", "site"},
	"company_id":  {"companyid", "registerdataid", "id"},
}

// umlauts spells out umlauts and ß.
var umlauts = strings.NewReplacer("ä", "ae", "ö", "oe", "ü", "ue", "ß", "ss", "Ä", "ae", "Ö", "oe", "Ü", "ue")

// foldHeader reduces a column name for comparison.
func foldHeader(s string) string {
	s = umlauts.Replace(strings.ToLower(strings.TrimSpace(s)))
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return r
		}
		return -1
	}, s)
}

// Columns maps each field to the index of its column; a field without a
// column is absent.
type Columns map[string]int

// DetectColumns finds the columns of the fields in header: an override
// ("field" to a header name, from "name=Firma") wins, then the usual
// German and English names; the first column with a name counts. An
// override naming an unknown field or a header that is not there is an
// error; so is a header with no column for any of name, register,
// vat_id, lei, website and company_id.
func DetectColumns(header []string, overrides map[string]string) (Columns, error) {
	cols := Columns{}
	folded := make([]string, len(header))
	for i, h := range header {
		folded[i] = foldHeader(h)
	}
	for field, h := range overrides {
		if !slices.Contains(Fields, field) {
			return nil, fmt.Errorf("matchfile: override %s=%s: unknown field %q; fields are %s", field, h, field, strings.Join(Fields, ", "))
		}
		i := slices.Index(header, h)
		if i < 0 {
			i = slices.Index(folded, foldHeader(h))
		}
		if i < 0 {
			return nil, fmt.Errorf("matchfile: override %s=%s: the input has no column %q; its columns are %s", field, h, h, strings.Join(header, ", "))
		}
		cols[field] = i
	}
	for _, field := range Fields {
		if _, ok := cols[field]; ok {
			continue
		}
		for i, f := range folded {
			if slices.Contains(headerNames[field], f) && !slices.Contains(valuesOf(cols), i) {
				cols[field] = i
				break
			}
		}
	}
	if !cols.identifies() {
		return nil, fmt.Errorf("matchfile: no column names a company among %q: name one with an override such as name=Firma (fields: name, register, vat_id, lei, website, company_id)", header)
	}
	return cols, nil
}

func valuesOf(c Columns) []int {
	out := make([]int, 0, len(c))
	for _, v := range c {
		out = append(out, v)
	}
	return out
}

func (c Columns) identifies() bool {
	for _, f := range []string{"name", "register", "vat_id", "lei", "website", "company_id"} {
		if _, ok := c[f]; ok {
			return true
		}
	}
	return false
}

// ParseOverrides reads "field=header" pairs, as the CLI's --column
// takes them.
func ParseOverrides(specs []string) (map[string]string, error) {
	out := map[string]string{}
	for _, s := range specs {
		field, header, ok := strings.Cut(s, "=")
		field, header = strings.TrimSpace(field), strings.TrimSpace(header)
		if !ok || field == "" || header == "" {
			return nil, fmt.Errorf("matchfile: column override %q: write field=header, such as name=Firma", s)
		}
		if !slices.Contains(Fields, field) {
			return nil, fmt.Errorf("matchfile: column override %q: unknown field %q; fields are %s", s, field, strings.Join(Fields, ", "))
		}
		out[field] = header
	}
	return out, nil
}
