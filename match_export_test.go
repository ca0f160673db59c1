package registerdata

// Hooks for the external tests of the matcher.

// VATIDProblem is vatIDProblem: what is wrong with a German VAT id.
func VATIDProblem(id string) string { return vatIDProblem(id) }

// LEIProblem is leiProblem: what is wrong with an LEI.
func LEIProblem(lei string) string { return leiProblem(lei) }
