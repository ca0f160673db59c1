package main

// searchExtra lists the searches beyond companies and persons, each in its
// own file, for the endpoints the SDK has.
func searchExtra() []*command {
	return []*command{searchInsolvencies(), searchAutocomplete()}
}
