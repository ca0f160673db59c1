// Package jsondecode holds what the SDK's decoders share that knows no
// type of the SDK: the estimate of what decoding a JSON answer into a Go
// type would allocate, so that an answer whose decoding would pass the
// SDK's bound (a few kilobytes of [{},{},...] in a list of large
// records) is refused before it is decoded.
//
// # Where to start, by job
//
//   - Refuse a costly answer before decoding it: Cost, after a cheap
//     gate with Amplification (bodies shorter than the limit divided by
//     it cannot pass it).
//   - Stop a decoder that keeps to a budget as it goes: ErrOverBudget.
//
// The token reader the estimate walks with is internal/jsonread.
package jsondecode
