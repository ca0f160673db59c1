module github.com/registerdata/registerdata-go/redisstore

go 1.24.0

replace github.com/registerdata/registerdata-go => ../

require (
	github.com/redis/go-redis/v9 v9.17.3
	github.com/registerdata/registerdata-go v0.2.0
	github.com/stretchr/testify v1.12.1
)

require (
	github.com/cespare/xxhash/v2 v2.3.0 // indirect
	github.com/dgryski/go-rendezvous v0.0.0-20200823014737-9f7001d12a5f // indirect
	github.com/hashicorp/go-cleanhttp v0.5.2 // indirect
	github.com/hashicorp/go-retryablehttp v0.7.8 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	golang.org/x/sync v0.19.0 // indirect
	golang.org/x/time v0.14.0 // indirect
)
