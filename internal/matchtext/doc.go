// Package matchtext is the text engine of MatchCompany: it reads company
// names as German customers write them and says how alike two of them
// are, checks the identifiers a customer record may carry, and picks the
// words a match sends to the autocomplete. It knows nothing of the
// client, its calls or its types: the root package's matcher asks the
// service and calls this package to compare what came back.
//
// # Where to start, by job
//
//	Job                          Entry point
//	read a name                  Normalize (NormalizeKept for the names a batch meets again and again): its core words, legal form and state
//	compare two names            NameSimilarity (0..1): word sets, a name written without spaces, a word left out, one typo in a long word
//	spell a legal form           FormName, FormsNear (forms customers write for one another)
//	compare a city or a street   FoldCity
//	check an identifier          VATIDProblem (German VAT id, ISO 7064), LEIProblem (ISO 17442)
//	what to ask the autocomplete AutocompleteWords, then FallbackTexts when no name fits
//
// # Normalisation
//
// A name is split into words at every character that is not a letter or
// a digit ("&" and "+" are "und"); each word is lower-cased and its
// umlauts and their transliterations spelt one way ("Müller", "Mueller"
// and "Muller" are all "muller", "Straße" is "strasse"). The legal form
// in all its spellings ("GmbH & Co. KG", "Gesellschaft mit beschränkter
// Haftung", "UG (haftungsbeschränkt)", ...), the state ("i.L.", "in
// Gründung") and filler words ("und", "der", "Inh.") are taken out; what
// stays are the core words, compared as a set.
//
// # Similarity
//
// Different words are different, however alike: only a typo counts (one
// in a word of five letters or more, two in one of ten or more), so
// "Nordbau" and "Nordbank" stay apart. The comparison is hand-written
// (see similarity.go for why).
package matchtext
