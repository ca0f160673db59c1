package main

import "github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"

func displayWidth(s string) int { return output.Width(s) }
