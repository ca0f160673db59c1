module github.com/registerdata/registerdata-go/registerdatareport

go 1.24.0

replace github.com/registerdata/registerdata-go => ../

require (
	github.com/registerdata/registerdata-go v0.2.0
	github.com/stretchr/testify v1.12.1
	golang.org/x/net v0.50.0
)

require (
	github.com/hashicorp/go-cleanhttp v0.5.2 // indirect
	github.com/hashicorp/go-retryablehttp v0.7.8 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	golang.org/x/sync v0.19.0 // indirect
	golang.org/x/time v0.14.0 // indirect
)
