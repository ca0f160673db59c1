module registerdata-ci/modproxy

go 1.24.0

require golang.org/x/mod v0.31.0
