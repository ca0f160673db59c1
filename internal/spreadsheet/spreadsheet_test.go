package spreadsheet

import "testing"

func TestInertQuotesEveryFormulaStart(t *testing.T) {
	for _, s := range []string{"=1+1", "+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)", "\t=1", "\r=1", "=HYPERLINK(\"http://x\",\"y\")"} {
		if got := Inert(s); got != "'"+s {
			t.Errorf("Inert(%q) = %q, want %q", s, got, "'"+s)
		}
	}
}

func TestInertLeavesPlainTextAlone(t *testing.T) {
	for _, s := range []string{"", "Nordlicht Solartechnik GmbH", "1,234", "a=b", " =x is not a formula start", "'quoted"} {
		if got := Inert(s); got != s {
			t.Errorf("Inert(%q) = %q, want it unchanged", s, got)
		}
	}
}
