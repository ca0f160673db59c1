package contract

import (
	"bytes"
	"fmt"
	"io"
	"net/http"

	"github.com/getkin/kin-openapi/openapi3"
)

// CheckExchange validates one request and its answer without a test to
// report to, for table tests and for data that never crossed a wire. The
// request body is read from req.Body (and put back); respBody is the
// answer's body. It returns nil when both follow the contract, otherwise
// an error listing every violation.
func CheckExchange(req *http.Request, status int, header http.Header, respBody []byte) error {
	s, err := loadSpec()
	if err != nil {
		return err
	}
	var body []byte
	if req.Body != nil && req.Body != http.NoBody {
		if body, err = io.ReadAll(req.Body); err != nil {
			return fmt.Errorf("contract: reading the request body: %w", err)
		}
		req.Body = io.NopCloser(bytes.NewReader(body))
	}
	ex, err := s.checkRequest(req, body)
	if err != nil {
		return fmt.Errorf("contract: %s %s: the request breaks the contract: %w", req.Method, req.URL.RequestURI(), err)
	}
	if err := s.checkResponse(ex, status, header, respBody); err != nil {
		return fmt.Errorf("contract: %s %s: the %d answer breaks the contract: %w", req.Method, req.URL.RequestURI(), status, err)
	}
	return nil
}

// ValidateJSON validates a JSON document against the component schema
// called name (such as "Company" or "WebhookEvent") as a value the
// service sends. It returns nil when the document follows the schema.
func ValidateJSON(name string, data []byte) error {
	schema, v, err := schemaAndValue(name, data)
	if err != nil {
		return err
	}
	opts := append([]openapi3.SchemaValidationOption{
		openapi3.MultiErrors(),
		openapi3.VisitAsResponse(),
		openapi3.SetSchemaErrorMessageCustomizer(schemaMessage),
	}, formatOptions...)
	if err := schema.VisitJSON(v, opts...); err != nil {
		return fmt.Errorf("contract: %s: %w", name, err)
	}
	return nil
}
