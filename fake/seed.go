package fake

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"encoding/binary"
	mrand "math/rand/v2"
	"sync"
)

// WithSeed makes a run reproducible: the same seed gives the same
// webhook ids (msg_...), the same signatures of presigned addresses, and
// the same draws of probabilistic faults and their latencies (see
// Fault.Probability), whenever the same requests come in the same order.
// Request ids (X-Request-Id) count the requests and generated registers
// depend on WithGenerated's n alone, so both are the same on every run
// with or without a seed. For answers equal byte for byte, also fix the
// time with WithClock(NewClock(start)): presigned addresses carry their
// expiry.
//
// Without WithSeed these draws come from a random seed.
func WithSeed(n int64) Option {
	return func(c *config) { c.seed, c.seeded = n, true }
}

// randomness is the server's one source of random draws: ids, signing
// key, fault probabilities and latencies. It is a PCG generator, so a
// snapshot can save its state and a restored server continues the same
// sequence.
type randomness struct {
	mu  sync.Mutex
	pcg *mrand.PCG
	rng *mrand.Rand
}

// newRandomness seeds the source from seed, or from crypto/rand.
func newRandomness(seed int64, seeded bool) *randomness {
	var s1, s2 uint64
	if seeded {
		sum := sha256.Sum256(binary.BigEndian.AppendUint64([]byte("registerfake seed\n"), uint64(seed)))
		s1, s2 = binary.BigEndian.Uint64(sum[:8]), binary.BigEndian.Uint64(sum[8:16])
	} else {
		var b [16]byte
		_, _ = rand.Read(b[:]) // never fails (crypto/rand since Go 1.24)
		s1, s2 = binary.BigEndian.Uint64(b[:8]), binary.BigEndian.Uint64(b[8:])
	}
	pcg := mrand.NewPCG(s1, s2)
	return &randomness{pcg: pcg, rng: mrand.New(pcg)}
}

// bytes fills b with random bytes.
func (r *randomness) bytes(b []byte) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i := 0; i < len(b); i += 8 {
		var w [8]byte
		binary.LittleEndian.PutUint64(w[:], r.rng.Uint64())
		copy(b[i:], w[:])
	}
}

// text returns 26 characters of base32 text (128 bits), as crypto/rand's
// Text does.
func (r *randomness) text() string {
	var b [16]byte
	r.bytes(b[:])
	return base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:])[:26]
}

// float returns a number in [0, 1).
func (r *randomness) float() float64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.rng.Float64()
}

// int64n returns a number in [0, n); n > 0.
func (r *randomness) int64n(n int64) int64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.rng.Int64N(n)
}

// state returns the generator's state, for a snapshot.
func (r *randomness) state() []byte {
	r.mu.Lock()
	defer r.mu.Unlock()
	b, _ := r.pcg.MarshalBinary() // never fails
	return b
}

// restore sets the generator's state from a snapshot.
func (r *randomness) restore(b []byte) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.pcg.UnmarshalBinary(b)
}
