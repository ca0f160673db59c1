package registerdata_test

import (
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
)

func TestIsUUID(t *testing.T) {
	for s, want := range map[string]bool{
		"3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01":  true,
		"3F6C2A1E-8B4D-4C7A-9E21-5D0B7A4C1F01":  true,
		"3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f0g":  false, // not hexadecimal
		"3f6c2a1e8b4d-4c7a-9e21-5d0b7a4c1f01-":  false, // dashes misplaced
		"3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f0":   false, // too short
		"3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f011": false, // too long
		"DE-HRB-D2601-198433":                   false,
		"":                                      false,
		"../monitor":                            false,
	} {
		if got := registerdata.IsUUID(s); got != want {
			t.Errorf("IsUUID(%q) = %v, want %v", s, got, want)
		}
	}
}
