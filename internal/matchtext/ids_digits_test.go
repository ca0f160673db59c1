package matchtext

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestVATIDProblemSaysWhichRuleFails(t *testing.T) {
	assert.Empty(t, VATIDProblem("D"), "too short to be German: passed on")
	assert.Empty(t, VATIDProblem("ATU13585627"), "not German: passed on")
	assert.Contains(t, VATIDProblem("DE"), "not DE and nine digits")
	assert.Contains(t, VATIDProblem("DE12345678"), "not DE and nine digits")
	assert.Contains(t, VATIDProblem("DE13669597A"), "not DE and nine digits", "a letter is not a digit, even as the check digit")
	assert.Contains(t, VATIDProblem("DE1366959X6"), "not DE and nine digits")
	assert.Empty(t, VATIDProblem("DE136695976"))
	assert.Contains(t, VATIDProblem("DE136695975"), "check digit")
}

func TestLEIProblemReadsLettersAndDigits(t *testing.T) {
	assert.Empty(t, LEIProblem("5493001KJTIIGC8Y1R12"), "letters count as 10 to 35")
	assert.NotEmpty(t, LEIProblem("5493001KJTIIGC8Y1R13"), "one digit off fails the remainder")
	assert.NotEmpty(t, LEIProblem("5493001KJTIIGC8Y1S12"), "one letter off fails the remainder")
	assert.Contains(t, LEIProblem("5493001KJTIIGC8Y1R1!"), "'!'")
	assert.Contains(t, LEIProblem("5493001kjtiigc8y1r12"), "only letters and digits", "lower case is not upper case")
	assert.Contains(t, LEIProblem("5493001KJTIIGC8Y1R1"), "19 characters")
}
