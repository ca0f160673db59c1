module github.com/registerdata/registerdata-go

go 1.24.0

require (
	github.com/getkin/kin-openapi v0.135.0 // indirect
	github.com/hashicorp/go-cleanhttp v0.5.2 // indirect
	github.com/hashicorp/go-retryablehttp v0.7.8 // indirect
	github.com/jarcoal/httpmock v1.4.2 // indirect
	github.com/standard-webhooks/standard-webhooks/libraries v0.0.1 // indirect
	github.com/stretchr/testify v1.12.1 // indirect
	golang.org/x/time v0.14.0 // indirect
)
