package portfolio

import registerdata "github.com/registerdata/registerdata-go"

// storedCandidate is a match candidate as stored for review: what a
// reviewer compares with the customer's row.
type storedCandidate struct {
	CompanyID string                            `json:"company_id"`
	Name      string                            `json:"name"`
	Score     float64                           `json:"score"`
	Reasons   []string                          `json:"reasons,omitempty"`
	Result    *registerdata.CompanySearchResult `json:"result,omitempty"`
}

// storeCandidate is c as stored (without the purpose text, which a
// reviewer does not need and which is the longest field).
func storeCandidate(c registerdata.MatchCandidate) storedCandidate {
	r := c.Result
	r.Purpose = nil
	return storedCandidate{CompanyID: c.CompanyID, Name: c.Name, Score: c.Score, Reasons: c.Reasons, Result: &r}
}

// matchCandidate is s as the match gave it.
func (s storedCandidate) matchCandidate() registerdata.MatchCandidate {
	c := registerdata.MatchCandidate{CompanyID: s.CompanyID, Name: s.Name, Score: s.Score, Reasons: s.Reasons}
	if s.Result != nil {
		c.Result = *s.Result
	} else {
		c.Result.CompanyID, c.Result.Name = s.CompanyID, s.Name
	}
	return c
}

// rowJSON is r as stored: what the customer wrote, as json.Marshal
// writes it; a row without a query (by company id) is written without
// reflection.
func rowJSON(r Row) string {
	if r.Query != (registerdata.MatchQuery{}) {
		r.Tags = normTags(r.Tags)
		return mustJSON(r)
	}
	b := make([]byte, 0, 32+len(r.Ref)+len(r.CompanyID)+16*len(r.Tags))
	b = append(b, `{"ref":`...)
	b = appendJSONString(b, r.Ref)
	if r.CompanyID != "" {
		b = append(b, `,"company_id":`...)
		b = appendJSONString(b, r.CompanyID)
	}
	if len(r.Tags) > 0 {
		b = append(b, `,"tags":`...)
		b = appendJSONStrings(b, r.Tags)
	}
	return string(append(b, '}'))
}

// jsonStrings is ss as json.Marshal writes it, "[]" for nil.
func jsonStrings(ss []string) string {
	if len(ss) == 0 {
		return "[]"
	}
	n := 2
	for _, s := range ss {
		n += len(s) + 3
	}
	return string(appendJSONStrings(make([]byte, 0, n), ss))
}

// appendJSONStrings appends ss as a JSON array of strings.
func appendJSONStrings(b []byte, ss []string) []byte {
	b = append(b, '[')
	for i, s := range ss {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, s)
	}
	return append(b, ']')
}

// appendJSONString appends s as json.Marshal writes it: as it is between
// quotes when it has nothing to escape (printable ASCII but for '"', '\\'
// and the '<', '>' and '&' that json.Marshal escapes), else through
// json.Marshal.
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			return append(b, mustJSON(s)...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}
