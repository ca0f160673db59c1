package webhook

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"hash"
	"net/http"
	"strings"
	"sync"
	"time"
)

const (
	secretPrefix = "whsec_"
	// sigChars is the length of a base64 HMAC-SHA256 (with padding); no
	// other length can match.
	sigChars = (sha256.Size + 2) / 3 * 4
	// maxScratch is the largest prefix buffer kept in the pool.
	maxScratch = 4 << 10
)

var strictBase64 = base64.StdEncoding.Strict()

// Verifier checks the signatures of webhook deliveries. It is safe for
// concurrent use; create one per signing secret and reuse it.
type Verifier struct {
	cfg  config
	macs sync.Pool // of *macState, keyed with the secret
}

// macState is the per-call working memory of Verify, pooled so that a
// verification allocates nothing that grows with the body.
type macState struct {
	mac     hash.Hash
	scratch []byte // id + "." + timestamp + "."
	sum     [sha256.Size]byte
	enc     [sigChars]byte
	dec     [sigChars]byte
}

// NewVerifier returns a Verifier for the signing secret shown in the
// service's dashboard: base64, with or without the "whsec_" prefix. An empty
// or malformed secret, or an invalid option, is an error.
func NewVerifier(secret string, opts ...Option) (*Verifier, error) {
	key, err := decodeSecret(secret)
	if err != nil {
		return nil, err
	}
	v := &Verifier{cfg: config{
		tolerance: DefaultTolerance,
		clock:     time.Now,
		maxBody:   DefaultMaxBodyBytes,
	}}
	for _, opt := range opts {
		if opt == nil {
			continue
		}
		if err := opt(&v.cfg); err != nil {
			return nil, err
		}
	}
	if v.cfg.deduper == nil {
		v.cfg.deduper = NewMemoryDeduper(2*v.cfg.tolerance, DefaultMaxEntries)
	}
	v.macs.New = func() any { return &macState{mac: hmac.New(sha256.New, key)} }
	return v, nil
}

// decodeSecret turns a dashboard secret into the HMAC key. The secret never
// appears in an error message.
func decodeSecret(secret string) ([]byte, error) {
	s := strings.TrimPrefix(strings.TrimSpace(secret), secretPrefix)
	if s == "" {
		return nil, fmt.Errorf("%w: the secret is empty; pass the signing secret shown in the dashboard (whsec_...)", ErrInvalidSecret)
	}
	key, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return nil, fmt.Errorf("%w: the secret is not valid base64 after the optional whsec_ prefix (%v); copy it exactly as the dashboard shows it", ErrInvalidSecret, err)
	}
	return key, nil
}

// Verify checks that body, the raw request body, was signed with the
// verifier's secret and that the message timestamp lies within the
// tolerance of the verifier's clock. It returns nil on success and
// otherwise an error wrapping one of ErrMissingHeaders, ErrInvalidTimestamp,
// ErrTimestampTooOld, ErrTimestampTooNew or ErrNoMatchingSignature.
//
// The timestamp header must be decimal Unix seconds (ASCII digits only, at
// most 18 of them). Both the webhook-* headers and the provider's svix-*
// headers are accepted. The signature header may hold several space-separated
// signatures (during a key rotation); any matching "v1," signature passes,
// other versions are ignored. Comparisons run in constant time.
func (v *Verifier) Verify(h http.Header, body []byte) error {
	_, _, err := v.verify(h, body)
	return err
}

// verify is Verify returning the message id and timestamp for Parse.
func (v *Verifier) verify(h http.Header, body []byte) (id string, ts time.Time, err error) {
	if v == nil || v.macs.New == nil {
		return "", time.Time{}, fmt.Errorf("%w: the Verifier has no secret: create it with NewVerifier", ErrInvalidSecret)
	}
	m, err := readHeaders(h)
	if err != nil {
		return "", time.Time{}, err
	}
	ts, err = v.checkTimestamp(m.names.timestamp.name, m.timestamp)
	if err != nil {
		return "", time.Time{}, err
	}
	st := v.macs.Get().(*macState)
	defer v.release(st)
	st.scratch = writeSigned(st.mac, st.scratch, m.id, m.timestamp, body)
	sum := st.mac.Sum(st.sum[:0])
	for _, value := range m.signatures {
		if st.matches(value, sum) {
			return m.id, ts, nil
		}
	}
	return "", time.Time{}, fmt.Errorf("%w: none of the v1 signatures in %s matches the body; check the signing secret and that the body is passed unmodified (not decoded and re-encoded)", ErrNoMatchingSignature, m.names.signature.name)
}

func (v *Verifier) release(st *macState) {
	if cap(st.scratch) > maxScratch {
		st.scratch = nil
	}
	v.macs.Put(st)
}

// writeSigned resets mac and feeds it the signed content
// id + "." + timestamp + "." + body, the body in place. It returns scratch,
// which held the prefix, for reuse.
func writeSigned(mac hash.Hash, scratch []byte, id, timestamp string, body []byte) []byte {
	mac.Reset()
	scratch = append(scratch[:0], id...)
	scratch = append(scratch, '.')
	scratch = append(scratch, timestamp...)
	scratch = append(scratch, '.')
	mac.Write(scratch)
	mac.Write(body)
	return scratch
}

// matches reports whether one of the space-separated signatures of value is
// a "v1," signature equal to sum. It decodes into the state's fixed buffers,
// strictly, so only the canonical encoding of sum matches.
func (st *macState) matches(value string, sum []byte) bool {
	found := false
	for rest := value; rest != ""; {
		var entry string
		entry, rest, _ = strings.Cut(rest, " ")
		enc, ok := strings.CutPrefix(entry, "v1,")
		if !ok || len(enc) != sigChars {
			continue
		}
		copy(st.enc[:], enc)
		m, err := strictBase64.Decode(st.dec[:], st.enc[:])
		if err != nil {
			continue
		}
		if hmac.Equal(st.dec[:m], sum) {
			found = true
		}
	}
	return found
}

// checkTimestamp parses a timestamp header and checks it against the
// tolerance both ways.
func (v *Verifier) checkTimestamp(name, raw string) (time.Time, error) {
	sec, ok := parseUnixSeconds(raw)
	if !ok {
		return time.Time{}, fmt.Errorf("%w: %s is %q; want decimal Unix seconds", ErrInvalidTimestamp, name, clip(raw))
	}
	ts := time.Unix(sec, 0).UTC()
	now := v.cfg.clock()
	if age := now.Sub(ts); age > v.cfg.tolerance {
		return time.Time{}, fmt.Errorf("%w: %s is %v in the past, more than the tolerance of %v; the message is a replay or the receiver's clock is wrong", ErrTimestampTooOld, name, age.Round(time.Second), v.cfg.tolerance)
	}
	if ahead := ts.Sub(now); ahead > v.cfg.tolerance {
		return time.Time{}, fmt.Errorf("%w: %s is %v in the future, more than the tolerance of %v; check the receiver's clock", ErrTimestampTooNew, name, ahead.Round(time.Second), v.cfg.tolerance)
	}
	return ts, nil
}

// parseUnixSeconds accepts 1 to 18 ASCII digits (no sign, no spaces).
func parseUnixSeconds(s string) (int64, bool) {
	if s == "" || len(s) > 18 {
		return 0, false
	}
	var n int64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	return n, true
}

// clip shortens untrusted text quoted in an error message.
func clip(s string) string {
	const max = 40
	if len(s) <= max {
		return s
	}
	return s[:max] + "..."
}
