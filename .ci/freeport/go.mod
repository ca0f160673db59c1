module registerdata-ci/freeport

go 1.24.0
