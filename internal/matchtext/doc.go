// Package matchtext is the text engine of MatchCompany: it reads company
// names and addresses as German customers write them, says how well a
// candidate's name and place fit a query's and why, checks the
// identifiers a customer record may carry, and picks the words a match
// sends to the autocomplete. It knows nothing of the client, its calls or
// its types: the root package's matcher asks the service, then calls
// this package to compare what came back, and adds what only the
// register can say (identifiers, register entries) to decide the Best.
//
// # Where to start, by job
//
//	Job                             Entry point
//	read a name                     Normalize (NormalizeKept for the names a batch meets again and again): core words, legal form, state
//	compare two names               NameSimilarity (0..1): word sets, a name written without spaces, a word left out, a typo
//	score a candidate's name        NameFit: similarity, former names, legal forms, liquidation, with the reasons
//	score a candidate's place       NewPlace, then (*Place).CityFactor: districts, postal codes, street, with the reasons
//	check an identifier             VATIDProblem (German VAT id, ISO 7064), LEIProblem (ISO 17442)
//	what to ask the autocomplete    AutocompleteWords, then FallbackTexts for a word when no name fits
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
// # Similarity and fit
//
// Different words are different, however alike: only a typo counts (one
// in a word of five letters or more, two in one of ten or more), so
// "Nordbau" and "Nordbank" stay apart. The comparison is hand-written
// (similarity.go says why). A name's fit is its similarity times what
// its legal form and state do to it (another legal form is another
// company); a place's factor lowers it for another city or a postal code
// of another place, a district counting as its city (package places).
// Both append plain-language reasons ("city differs: Hamburg vs
// Berlin") that Match.Candidates carry to the user.
package matchtext
