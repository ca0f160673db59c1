package registerdata

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseDate(t *testing.T) {
	d, err := ParseDate("2024-02-29")
	require.NoError(t, err)
	assert.Equal(t, Date{2024, time.February, 29}, d)
	assert.Equal(t, "2024-02-29", d.String())
	assert.Equal(t, time.Date(2024, 2, 29, 0, 0, 0, 0, time.UTC), d.Time())

	for _, bad := range []string{"", "2023-02-29", "2024-13-01", "2024-00-10", "2024-01-00", "2024-04-31", "24-01-01",
		"2024/01/01", "2024-1-01", "2024-01-01T00:00:00Z", "0000-01-01", "２０２４-01-01", "2024-01-0a", " 2024-01-01"} {
		_, err := ParseDate(bad)
		assert.Error(t, err, "%q", bad)
	}
}

func TestDateJSON(t *testing.T) {
	var v struct {
		A Date  `json:"a"`
		B *Date `json:"b"`
		C Date  `json:"c"`
	}
	require.NoError(t, json.Unmarshal([]byte(`{"a": "1999-12-31", "b": null, "c": null}`), &v))
	assert.Equal(t, NewDate(1999, 12, 31), v.A)
	assert.Nil(t, v.B)
	assert.True(t, v.C.IsZero())

	b, err := json.Marshal(v)
	require.NoError(t, err)
	assert.JSONEq(t, `{"a": "1999-12-31", "b": null, "c": null}`, string(b))

	for _, bad := range []string{`{"a": "1999-12-32"}`, `{"a": 19991231}`, `{"a": "19991231"}`, `{"a": true}`, `{"a": "1999-12-31 "}`} {
		assert.Error(t, json.Unmarshal([]byte(bad), &v), bad)
	}
	_, err = json.Marshal(Date{2021, 2, 30})
	assert.Error(t, err, "an invalid date is not encoded")

	d := NewDate(2001, 2, 3)
	require.NoError(t, json.Unmarshal([]byte(`null`), &d))
	assert.Equal(t, NewDate(2001, 2, 3), d, "null leaves a Date unchanged, as UnmarshalJSON documents")
}

func TestDateText(t *testing.T) {
	m := map[Date]int{NewDate(2020, 1, 2): 1}
	b, err := json.Marshal(m)
	require.NoError(t, err)
	assert.Equal(t, `{"2020-01-02":1}`, string(b))
	var back map[Date]int
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, m, back)
	var d Date
	require.NoError(t, d.UnmarshalText(nil))
	assert.True(t, d.IsZero())
	assert.Error(t, d.UnmarshalText([]byte("2020-02-30")))
}

func TestDateOrdering(t *testing.T) {
	a, b := NewDate(2020, 5, 1), NewDate(2020, 5, 2)
	assert.True(t, a.Before(b))
	assert.True(t, b.After(a))
	assert.Equal(t, 0, a.Compare(a))
	assert.Equal(t, -1, NewDate(2019, 12, 31).Compare(a))
	assert.Equal(t, 1, NewDate(2020, 6, 1).Compare(b))
	assert.Equal(t, NewDate(2026, 11, 22), DateOf(time.Date(2026, 11, 22, 23, 59, 0, 0, time.UTC)))
	assert.Empty(t, Date{}.String())
}

func ExampleParseDate() {
	d, err := ParseDate("2019-03-14")
	if err != nil {
		panic(err)
	}
	fmt.Println(d, d.Time().Weekday())
	// Output: 2019-03-14 Thursday
}
