package registerdata

import "encoding/json"

// Hooks for the external tests of the company decoder.

// DecodeCompanyFast runs only the single-pass decoder of decodeJSON,
// without its encoding/json fallback.
func DecodeCompanyFast(b []byte, c *Company) error { return decodeCompanyFast(b, c) }

// DecodeCompanyBody decodes b as the client decodes a response body.
func DecodeCompanyBody(b []byte, c *Company) error { return decodeBody(b, c) }

// DecodeCompanyReference is what decodeJSON must equal: encoding/json
// into the method-less field set, then Normalize.
func DecodeCompanyReference(b []byte, c *Company) error {
	if err := json.Unmarshal(b, (*companyFields)(c)); err != nil {
		return err
	}
	c.Normalize()
	return nil
}
