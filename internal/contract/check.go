package contract

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
)

// uuidPattern accepts any RFC 4122 layout, whatever the version digit.
const uuidPattern = `^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`

// errNoBearer is the authentication failure; it is judged on the answer.
var errNoBearer = errors.New(`no "Authorization: Bearer <API key>" header`)

// exchange is what a checked request leaves for checking its answer. A
// request to an unknown route leaves none (checkRequest returns nil).
type exchange struct {
	input     *openapi3filter.RequestValidationInput
	anonymous bool // the request carried no bearer credential
}

// formatOptions are the string formats every check applies, built (and
// the uuid pattern compiled) once. openapi3filter copies the slice before
// adding to it, so checks running at once can share it.
var formatOptions = []openapi3.SchemaValidationOption{
	openapi3.WithStringFormatValidator("uuid", openapi3.NewRegexpFormatValidator(uuidPattern)),
	openapi3.WithStringFormatValidator("date", openapi3.NewCallbackValidator(calendarDate)),
}

// options are the openapi3filter settings used for every check.
func options() *openapi3filter.Options {
	o := &openapi3filter.Options{
		MultiError:              true,
		IncludeResponseStatus:   true, // an undocumented status is a violation
		SkipSettingDefaults:     true,
		AuthenticationFunc:      requireBearer,
		SchemaValidationOptions: slices.Clip(formatOptions),
	}
	o.WithCustomSchemaErrorFunc(schemaMessage)
	return o
}

// calendarDate is the "date" format: YYYY-MM-DD and a day that exists
// (kin-openapi's own pattern lets 2023-02-30 through).
func calendarDate(s string) error {
	if _, err := time.Parse(time.DateOnly, s); err != nil {
		return fmt.Errorf("not a calendar date YYYY-MM-DD: %w", err)
	}
	return nil
}

// schemaMessage replaces kin-openapi's default message, which dumps the
// whole schema and value, with the JSON pointer and the reason.
func schemaMessage(err *openapi3.SchemaError) string {
	reason := err.Reason
	if err.Origin != nil {
		reason = err.Origin.Error()
	}
	if reason == "" {
		reason = fmt.Sprintf("does not match %q", err.SchemaField)
	}
	return fmt.Sprintf("at %q: %s", "/"+strings.Join(err.JSONPointer(), "/"), reason)
}

// requireBearer is the AuthenticationFunc of the bearerAuth scheme.
func requireBearer(_ context.Context, in *openapi3filter.AuthenticationInput) error {
	if s := in.SecurityScheme; s == nil || s.Type != "http" || !strings.EqualFold(s.Scheme, "bearer") {
		return fmt.Errorf("security scheme %q is not HTTP bearer: teach contract.requireBearer about it", in.SecuritySchemeName)
	}
	scheme, token, _ := strings.Cut(in.RequestValidationInput.Request.Header.Get("Authorization"), " ")
	if !strings.EqualFold(scheme, "Bearer") || strings.TrimSpace(token) == "" {
		return errNoBearer
	}
	return nil
}

// checkRequest validates req, whose body is body (req.Body is not read).
// The exchange is nil when the route is unknown, so the answer cannot be
// checked.
func (s *spec) checkRequest(req *http.Request, body []byte) (*exchange, error) {
	route, params, err := s.router.FindRoute(req)
	if err != nil {
		return nil, fmt.Errorf("%s %s is not an operation of the contract: %w", req.Method, req.URL.Path, err)
	}
	clone := req.Clone(context.Background())
	clone.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil }
	clone.Body, _ = clone.GetBody()
	clone.ContentLength = int64(len(body))
	in := &openapi3filter.RequestValidationInput{
		Request:    clone,
		PathParams: params,
		Route:      route,
		Options:    options(),
	}
	ex := &exchange{input: in}
	var violations []error
	for _, e := range flatten(openapi3filter.ValidateRequest(context.Background(), in)) {
		if isAuthFailure(e) {
			ex.anonymous = true
			continue
		}
		violations = append(violations, e)
	}
	violations = append(violations, unknownQueryParams(req, route.Operation)...)
	return ex, errors.Join(violations...)
}

// checkResponse validates the answer to the request of ex.
func (s *spec) checkResponse(ex *exchange, status int, header http.Header, body []byte) error {
	if ex.anonymous && status != http.StatusUnauthorized {
		return fmt.Errorf("the request carried no bearer credential, yet the answer was %d: the contract requires 401", status)
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: ex.input,
		Status:                 status,
		Header:                 header,
		Options:                ex.input.Options,
	}
	in.SetBodyBytes(body)
	return openapi3filter.ValidateResponse(context.Background(), in)
}

// flatten lists the errors of a MultiError, or err alone. Only a
// MultiError at the top is taken apart: a wrapped one stays inside its
// wrapper, which names the parameter or body it is about.
func flatten(err error) []error {
	if err == nil {
		return nil
	}
	if me, ok := err.(openapi3.MultiError); ok && len(me) > 0 {
		var out []error
		for _, e := range me {
			out = append(out, flatten(e)...)
		}
		return out
	}
	return []error{err}
}

// isAuthFailure reports whether err is the bearer check failing and
// nothing else.
func isAuthFailure(err error) bool {
	var se *openapi3filter.SecurityRequirementsError
	if !errors.As(err, &se) {
		return false
	}
	for _, e := range se.Errors {
		if !errors.Is(e, errNoBearer) {
			return false
		}
	}
	return len(se.Errors) > 0
}

// unknownQueryParams reports query parameters the operation does not
// declare, such as a misspelt flag the service would silently ignore.
func unknownQueryParams(req *http.Request, op *openapi3.Operation) []error {
	var declared []string
	for _, p := range op.Parameters {
		if p.Value != nil && p.Value.In == openapi3.ParameterInQuery {
			declared = append(declared, p.Value.Name)
		}
	}
	var errs []error
	for name := range req.URL.Query() {
		if !slices.Contains(declared, name) {
			errs = append(errs, fmt.Errorf("query parameter %q is not declared (declared: %s)", name, strings.Join(declared, ", ")))
		}
	}
	return errs
}
