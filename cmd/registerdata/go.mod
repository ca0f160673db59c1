module github.com/registerdata/registerdata-go/cmd/registerdata

go 1.25.0

require (
	github.com/registerdata/registerdata-go v0.2.0
	github.com/registerdata/registerdata-go/registerdatamcp v0.2.0
	github.com/registerdata/registerdata-go/registerdatareport v0.2.0
	github.com/schollz/progressbar/v3 v3.19.1
	github.com/spf13/cobra v1.10.2
	github.com/spf13/pflag v1.0.9
	golang.org/x/term v0.40.0
)

require (
	github.com/hashicorp/go-cleanhttp v0.5.2 // indirect
	github.com/hashicorp/go-retryablehttp v0.7.8 // indirect
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	golang.org/x/sys v0.41.0 // indirect
	golang.org/x/time v0.14.0 // indirect
)
