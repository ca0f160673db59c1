package main

import (
	"errors"
	"fmt"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
)

// Exit statuses.
const (
	exitOK      = 0
	exitFailed  = 1 // the service or the budget refused or failed a call; a webhook did not verify
	exitUsage   = 2 // the command line is wrong, or no API key is set
	errorPrefix = "registerdata: "
)

// usageError is an error in the command line: exit status 2.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

// exitStatus maps an error to the exit status: 2 for usage errors and for
// requests the SDK refused before sending them because an argument was
// malformed (an error wrapping ErrInvalidRequest that is not the
// service's answer), 1 for everything else.
func exitStatus(err error) int {
	var ue usageError
	var apiErr *registerdata.APIError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &ue):
		return exitUsage
	case errors.Is(err, registerdata.ErrInvalidRequest) && !errors.As(err, &apiErr):
		return exitUsage
	}
	return exitFailed
}

// fail prints err (the SDK's message, cleaned of control characters a
// hostile answer could smuggle into a terminal) to stderr and returns its
// exit status.
func (a *app) fail(err error) int {
	status := exitStatus(err)
	if err != nil {
		fmt.Fprintln(a.stderr, errorPrefix+withoutPrefix(output.Clean(a.redact(err.Error()))))
	}
	return status
}

// withoutPrefix drops the "registerdata: " the SDK's messages start with,
// at the start and after every ": " of a wrapped error, so that the line
// carries the prefix once.
func withoutPrefix(msg string) string {
	msg = strings.ReplaceAll(msg, ": "+errorPrefix, ": ")
	for strings.HasPrefix(msg, errorPrefix) {
		msg = msg[len(errorPrefix):]
	}
	return msg
}
