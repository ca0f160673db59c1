module registerdata-ci/images

go 1.25.0

require (
	github.com/google/go-containerregistry v0.22.1
	go.yaml.in/yaml/v3 v3.0.6
)

require (
	github.com/klauspost/compress v1.19.2 // indirect
	github.com/opencontainers/go-digest v1.0.0 // indirect
	github.com/opencontainers/image-spec v1.1.1 // indirect
	golang.org/x/sync v0.22.0 // indirect
)
