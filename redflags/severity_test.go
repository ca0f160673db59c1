package redflags_test

import (
	"testing"

	"github.com/registerdata/registerdata-go/redflags"
)

func TestSeverityOf(t *testing.T) {
	high := map[string]bool{
		redflags.FlagInsolvencyOpen: true, redflags.FlagLiquidation: true,
		redflags.FlagNotActive: true, redflags.FlagNoManagingDirector: true,
	}
	for _, code := range []string{
		redflags.FlagInsolvencyOpen, redflags.FlagLiquidation, redflags.FlagNotActive, redflags.FlagNoManagingDirector,
		redflags.FlagFictitiousOwnersOnly, redflags.FlagOwnersAbroad, redflags.FlagFrequentDirectorChanges,
		redflags.FlagCapitalReduced, redflags.FlagNoFinancials, redflags.FlagIncomplete, redflags.FlagCheckFailed, "a_code_from_the_future",
	} {
		got := redflags.SeverityOf(code)
		want := redflags.Review
		if high[code] {
			want = redflags.High
		}
		if got != want {
			t.Errorf("SeverityOf(%q) = %q, want %q", code, got, want)
		}
	}
	if redflags.High.Rank() >= redflags.Review.Rank() {
		t.Error("High does not sort before Review")
	}
}
