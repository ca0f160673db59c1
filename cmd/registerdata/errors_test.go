package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
)

func TestExitStatus(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want int
	}{
		{nil, 0},
		{usagef("bad"), 2},
		{fmt.Errorf("%w: company id is empty", registerdata.ErrInvalidRequest), 2},
		{&registerdata.APIError{StatusCode: 400}, 1}, // the service refused: the request was sent
		{&registerdata.APIError{StatusCode: 404}, 1},
		{fmt.Errorf("%w: this call costs 10", registerdata.ErrBudgetExceeded), 1},
		{context.Canceled, 1},
		{errors.New("anything else"), 1},
	} {
		if got := exitStatus(tc.err); got != tc.want {
			t.Errorf("exitStatus(%v) = %d, want %d", tc.err, got, tc.want)
		}
	}
}

func TestFailCleansTheMessage(t *testing.T) {
	var stderr strings.Builder
	a := &app{stderr: &stderr}
	a.fail(errors.New("service says \x1b[2Jhello\nworld"))
	if got := stderr.String(); got != "registerdata: service says ⟨U+001B⟩[2Jhello world\n" {
		t.Errorf("stderr = %q", got)
	}
}

func TestFailPrintsOnePrefix(t *testing.T) {
	for _, err := range []error{
		errors.New("registerdata: credit budget exceeded"),
		fmt.Errorf("stopped at page 2: %w", errors.New("registerdata: credit budget exceeded")),
		fmt.Errorf("registerdata: GetCompaniesSeq: %w", errors.New("registerdata: credit budget exceeded")),
	} {
		var stderr strings.Builder
		(&app{stderr: &stderr}).fail(err)
		if got := stderr.String(); strings.Count(got, "registerdata:") != 1 || !strings.HasPrefix(got, "registerdata: ") {
			t.Errorf("fail(%q) printed %q", err, got)
		}
	}
}
