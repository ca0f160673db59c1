package portfolio

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"sync"

	"golang.org/x/crypto/argon2"
)

// The argon2id parameters of new password hashes (OWASP's minimum: 19 MiB,
// two passes, one lane). A stored hash keeps its own parameters, so these
// can rise without invalidating passwords set before.
const (
	argonMemory  = 19 * 1024 // KiB
	argonTime    = 2
	argonThreads = 1
	argonKeyLen  = 32
	argonSaltLen = 16
)

// MinPasswordLength and MaxPasswordLength bound a local account's
// password, in bytes.
const (
	MinPasswordLength = 12
	MaxPasswordLength = 1024
)

// ErrWeakPassword is wrapped by the error of AddUser and SetPassword for a
// password shorter than MinPasswordLength or longer than MaxPasswordLength.
var ErrWeakPassword = fmt.Errorf("portfolio: the password must be %d to %d bytes long", MinPasswordLength, MaxPasswordLength)

// checkPasswordRules says what is wrong with a new password, or nil.
func checkPasswordRules(pw string) error {
	if len(pw) < MinPasswordLength || len(pw) > MaxPasswordLength {
		return fmt.Errorf("%w, this one is %d: choose a longer passphrase", ErrWeakPassword, len(pw))
	}
	return nil
}

// hashPassword is pw's argon2id hash in PHC form:
// $argon2id$v=19$m=19456,t=2,p=1$SALT$KEY (unpadded base64), with a salt
// from crypto/rand.
func hashPassword(pw string) (string, error) {
	salt := make([]byte, argonSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("portfolio: reading random bytes for a password's salt: %w", err)
	}
	key := argon2.IDKey([]byte(pw), salt, argonTime, argonMemory, argonThreads, argonKeyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemory, argonTime, argonThreads,
		b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// errBadHash is the error of a stored hash that is not argon2id in PHC form.
var errBadHash = errors.New("portfolio: a stored password hash is not argon2id in PHC form")

// checkPassword reports whether pw matches the PHC-encoded argon2id hash,
// comparing in constant time.
func checkPassword(hash, pw string) (bool, error) {
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errBadHash
	}
	var v int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &v); err != nil || v != argon2.Version {
		return false, errBadHash
	}
	var m uint32
	var t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil || m == 0 || t == 0 || p == 0 || m > 1<<22 || t > 64 {
		return false, errBadHash
	}
	b64 := base64.RawStdEncoding
	salt, err := b64.DecodeString(parts[4])
	if err != nil {
		return false, errBadHash
	}
	want, err := b64.DecodeString(parts[5])
	if err != nil || len(want) == 0 || len(want) > 128 {
		return false, errBadHash
	}
	got := argon2.IDKey([]byte(pw), salt, t, m, p, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// dummyHash is checked against when the account does not exist, so a
// wrong name costs the same time as a wrong password. It is made on first
// use, so that opening a portfolio costs no hashing.
var dummyHash = sync.OnceValue(func() string {
	h, err := hashPassword("no such account, no such password")
	if err != nil {
		return "$argon2id$v=19$m=19456,t=2,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
	}
	return h
})

// ruledHash is the argon2id hash of a password that keeps the rules
// (checkPasswordRules): what AddUser and SetPassword store.
func ruledHash(password string) (string, error) {
	if err := checkPasswordRules(password); err != nil {
		return "", err
	}
	return hashPassword(password)
}
