// Package enums holds every enumeration of the Register Data Service as a
// typed string.
//
// Each type has constants named TypeValue in Go case (LegalFormGmbH,
// RoleCodeExecutive, ...), a Values method listing the values the service
// specification defines, in specification order, and an IsKnown method.
// Decoding JSON into these types never fails on a value the SDK does not
// know yet: the raw string is kept, IsKnown reports false, and
// RoleCode.Normalize folds unknown role codes to RoleCodeOther as the
// specification asks.
package enums

import "slices"

// values returns a copy of all, so that callers cannot change the table.
func values[T ~string](all []T) []T { return slices.Clone(all) }

// known reports whether v is one of all.
func known[T ~string](v T, all []T) bool { return slices.Contains(all, v) }
