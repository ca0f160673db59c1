package portfolio

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAPasswordHashIsArgon2idInPHCFormWithItsOwnSalt(t *testing.T) {
	h1, err := hashPassword("correct horse battery staple")
	require.NoError(t, err)
	h2, err := hashPassword("correct horse battery staple")
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(h1, "$argon2id$v=19$m=19456,t=2,p=1$"), h1)
	assert.NotEqual(t, h1, h2, "two hashes of one password share a salt")
	ok, err := checkPassword(h1, "correct horse battery staple")
	require.NoError(t, err)
	assert.True(t, ok)
	ok, err = checkPassword(h1, "correct horse battery stapler")
	require.NoError(t, err)
	assert.False(t, ok)
}

func TestAMalformedStoredHashIsAnErrorNotAPanic(t *testing.T) {
	for _, h := range []string{"", "$argon2id$", "$bcrypt$v=19$m=1,t=1,p=1$AA$AA", "$argon2id$v=19$m=0,t=1,p=1$AA$AA",
		"$argon2id$v=19$m=99999999,t=1,p=1$AA$AA", "$argon2id$v=19$m=8,t=1,p=1$!!$AA", "$argon2id$v=19$m=8,t=1,p=1$AA$"} {
		ok, err := checkPassword(h, "x")
		assert.False(t, ok, h)
		assert.ErrorIs(t, err, errBadHash, h)
	}
}
