package main

import (
	"errors"
	"fmt"

	registerdata "github.com/registerdata/registerdata-go"
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

// silentError ends a command with a status and no message: the command
// has already said why (webhook verify).
type silentError struct{ status int }

func (e silentError) Error() string { return fmt.Sprintf("exit status %d", e.status) }

// exitStatus maps an error to the exit status: 2 for usage errors and for
// requests the SDK refused before sending them because an argument was
// malformed (an error wrapping ErrInvalidRequest that is not the
// service's answer), 1 for everything else.
func exitStatus(err error) int {
	var ue usageError
	var se silentError
	var apiErr *registerdata.APIError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &se):
		return se.status
	case errors.As(err, &ue):
		return exitUsage
	case errors.Is(err, registerdata.ErrInvalidRequest) && !errors.As(err, &apiErr):
		return exitUsage
	}
	return exitFailed
}

// fail prints err (the SDK's message as it is) to stderr and returns its
// exit status.
func (a *app) fail(err error) int {
	status := exitStatus(err)
	var se silentError
	if err != nil && !errors.As(err, &se) {
		msg := err.Error()
		if len(msg) < len(errorPrefix) || msg[:len(errorPrefix)] != errorPrefix {
			msg = errorPrefix + msg
		}
		fmt.Fprintln(a.stderr, msg)
	}
	return status
}
