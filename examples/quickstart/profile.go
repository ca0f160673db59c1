package main

import (
	"fmt"
	"io"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
)

// printProfile writes a readable summary of co, judging which
// representatives are current as of today.
func printProfile(w io.Writer, co *registerdata.Company, today registerdata.Date) {
	fmt.Fprintln(w, co.Name.Name)
	fmt.Fprintln(w, strings.Repeat("=", len([]rune(co.Name.Name))))
	reg := co.Register
	fmt.Fprintf(w, "Register:     %s %s, %s (id %s)\n", reg.RegisterType, reg.RegisterNumber, reg.RegisterCourt, co.ID)
	fmt.Fprintf(w, "Status:       %s, legal form %s, incorporated %s\n", co.Status, co.LegalForm, co.IncorporatedAt)
	fmt.Fprintf(w, "Address:      %s\n", co.Address.FormattedValue)
	if co.Capital != nil {
		fmt.Fprintf(w, "Capital:      %s %s\n", grouped(fmt.Sprintf("%.2f", co.Capital.Amount)), co.Capital.Currency)
	}
	if co.Purpose != nil {
		fmt.Fprintf(w, "Purpose:      %s\n", co.Purpose.Purpose)
	}
	if len(co.IndustryCodes.WZ2025) > 0 {
		codes := make([]string, len(co.IndustryCodes.WZ2025))
		for i, ic := range co.IndustryCodes.WZ2025 {
			codes[i] = ic.Code
		}
		fmt.Fprintf(w, "Industry:     WZ 2025 %s\n", strings.Join(codes, ", "))
	}

	current := co.CurrentRepresentatives(today)
	fmt.Fprintf(w, "\nRepresentatives (%d current, %d in the record)\n", len(current), len(co.Representation))
	for _, r := range current {
		fmt.Fprintf(w, "  %-32s %-18s %s (%s), since %s\n", r.Name, r.Role, r.RoleDetail.LabelEN, r.RoleDetail.LabelDE, r.StartDate)
	}

	if ind, ok := co.LatestIndicators(); ok {
		fmt.Fprintf(w, "\nKey figures for %s\n", ind.Date)
		for _, f := range []struct {
			label string
			v     *int64
			money bool
		}{
			{"Revenue", ind.Revenue, true},
			{"Net income", ind.NetIncome, true},
			{"Balance sheet total", ind.BalanceSheetTotal, true},
			{"Equity", ind.Equity, true},
			{"Employees", ind.Employees, false},
		} {
			fmt.Fprintf(w, "  %-20s %s\n", f.label, figure(f.v, f.money))
		}
	}
	if len(co.Insolvencies) > 0 {
		fmt.Fprintf(w, "\nInsolvency proceedings: %d\n", len(co.Insolvencies))
		for _, in := range co.Insolvencies {
			fmt.Fprintf(w, "  %s %s: %s\n", in.Court, in.CaseNumber, in.CurrentStatus)
		}
	}
}

// figure formats an indicator: cents as euros, counts as they are, and
// "not reported" for nil.
func figure(v *int64, money bool) string {
	switch {
	case v == nil:
		return "not reported"
	case !money:
		return grouped(fmt.Sprint(*v))
	}
	sign, cents := "", *v
	if cents < 0 {
		sign, cents = "-", -cents
	}
	return fmt.Sprintf("%s%s.%02d EUR", sign, grouped(fmt.Sprint(cents/100)), cents%100)
}

// grouped puts thousands separators into the integer part of a decimal.
func grouped(s string) string {
	intPart, frac, _ := strings.Cut(s, ".")
	var b strings.Builder
	for i, r := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if frac != "" {
		b.WriteString("." + frac)
	}
	return b.String()
}
