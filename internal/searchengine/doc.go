// Package searchengine is the search behind the fake service's
// POST /v1/search/company and POST /v1/search/person: an index over a
// register of companies, and over the natural persons appearing in their
// representation, kept up to date one changed company at a time.
//
// # Filters
//
// Every field of filters.Fields is searchable in its scope; a field the
// table does not name is refused, naming the field. Keys follow the
// field's kind (checked by filters.Validate, whose messages are returned):
//
//   - number and date: "min" and "max" are inclusive bounds, "value" is
//     equality (given together, all apply). Dates are YYYY-MM-DD.
//   - enum: "value" and "values" match any of the codes, compared
//     case-sensitively as sent on the wire. A code outside a closed set
//     (status, legal_form, register_type, capital_currency,
//     insolvency_stage, insolvency_risk, roles) is refused; zip and
//     industry_codes are open. industry_codes matches a code and its
//     sub-codes: the query's digits are a prefix of the code's digits, dots
//     ignored ("62" and "62.0" both match "62.01").
//   - bool: "value" is "true" or "false".
//   - text: "value" is an exact, case-insensitive match of the whole value,
//     "values" matches any of them that way; "keywords" match when EVERY
//     keyword appears in the value as a case-insensitive substring (AND).
//
// The forms "value", "values", "keywords" and "min"/"max" exclude each
// other: a filter mixing them is refused, naming the field. A refusal
// names at most 20 problems of a list, then counts the rest.
//
// Company fields read the current record: the financial fields (revenue,
// employees, ...) read the indicator summary with the latest date, and a
// figure that is null there never matches a range. Money is in cents, as
// the service's documentation says of every money filter: the
// indicators as the record holds them, and capital_amount, the current
// capital, converted from the record's currency units (25000 is 2500000;
// see internal/money). The 34 extended indicators (ebitda, bank_debt,
// ...) read extendedIndicators
// (financials.go), the one hook for them; it has no figures yet, so they
// are accepted and match nothing. active is status "active"; has_lei is a
// non-empty lei. The seed-only fields (insolvency_risk, vat_id,
// estimated_*) are searched too. Derived fields:
//
//   - estimated_revenue: the reported revenue; else employees × 100,000
//     EUR; else the balance sheet total.
//   - estimated_employees: the reported employees; else salaries / 50,000
//     EUR; else estimated_revenue / 100,000 EUR (rounded down).
//   - estimated_ebitda: net income plus taxes when the net income is
//     reported; else 10% of estimated_revenue.
//   - insolvency_risk: "high" with an open proceeding (see
//     enums.InsolvencyStatus.IsOpen); "medium" after a closed one, in
//     liquidation, or with negative latest equity; "low" otherwise.
//   - had_insolvency, has_open_insolvency; insolvency_stage and
//     insolvency_opened_at match if any proceeding matches.
//   - Owners are the current representatives (no end date, or one after
//     today) with role OWNER or SHAREHOLDER, one per id (else per name).
//     youngest_owner_age is the age in full years, today, of the youngest
//     natural-person owner with a birth date; number_of_owners counts the
//     owners; has_sole_owner: exactly one owner; is_family_owned: two
//     natural-person owners share a last name;
//     has_representative_owner: an owner also holds a current DIRECTOR,
//     PERSONAL_LIABLE_DIRECTOR, PROKURA or LIQUIDATOR role.
//
// Persons are the natural-person representatives with an id: entries with
// the same UUID in any company are one person. Name, city and birth date
// come from the entry with the latest start date (then lowest company id),
// a missing city or birth date from the next entry that has one. roles
// holds every role bucket ever held; company_count counts the companies
// ever involved with; management_positions counts the companies where the
// person currently holds a DIRECTOR role; active means a current position
// of any role. "Today" is the engine's clock: when the day changes, the
// engine re-derives the day-dependent fields on the next search.
//
// # Query and location
//
// The query matches a company (or person) whose name has, for every word
// of the query, a word starting with it, case-insensitively: "muster gm"
// matches "Mustermann GmbH". Words are runs of letters and digits. As the
// service's documentation says, a company query also searches previous
// names (https://docs.openregister.de/filtering): a company matches when
// one of its former names (an entry of Company.Names other than the
// current name) has, for every word of the query, a word starting with
// it. The words must all be in one name: "nordlicht ug" finds
// "Nordlicht Solartechnik GmbH", once "Nordlicht Solar UG
// (haftungsbeschränkt)", but a query mixing words of the current and a
// former name finds nothing.
//
// A location matches companies whose registered city is within radius
// kilometres (great-circle distance) of the point, using a built-in table
// of German city coordinates: companies in other cities never match. The
// radius is optional: zero (absent) means DefaultRadiusKm, 10 km;
// otherwise it must be in (0, 1000]. A person search has no location.
//
// # Results
//
// Filters, query and location combine with AND. Companies are ordered by
// name (byte-wise), then id; with a query, the companies it finds by a
// former name only come after those it finds by the current name, in the
// same order, and count in the same totals. Persons are ordered by last
// name, first name (case-insensitively), then id. page counts from 1 and
// per_page is 1 to 100; zero (absent) means page 1 and 10 per page; page
// is at most 1,000,000. The service publishes no bounds for its v1
// searches: these are the fake's (its legacy v0 search documented pages
// of up to 100). total_results and total_pages are exact; a page past
// the end has no results (an empty array) and the same totals.
//
// # Indexes
//
// Enum, bool and exact text values have posting lists (sorted document
// numbers, with a bitset copy for the large ones); numbers and dates are
// sorted (value, document) arrays answered by binary search, with
// cumulative bitsets every n/64 entries so that a wide range becomes a
// bitset in O(n/64) word operations; name words have posting lists too,
// their distinct values sorted for prefix search. Keyword filters read
// the distinct values of their field, through an index of the values'
// 3-byte sequences when there are many (a keyword of three bytes or more
// can only be in the values holding its rarest sequence, each then
// checked), and take the postings of the values that hold every keyword.
// A search starts from its most selective condition: when that matches
// few documents, their candidates are checked one by one; otherwise the
// conditions' bitsets are intersected. The page is then read by walking
// the documents in result order until it is full, or by selecting the
// first page*per_page matches by their rank in that order and sorting
// only those. A changed company re-indexes that company and the persons
// in it.
//
// # Memory and concurrency
//
// The engine keeps no company record: it reads a Source (and keeps only
// the records given to Load and Update), builds each page of results from
// the records when it is asked for, and re-derives a person from the
// companies they appear in. Each document's values are held column-wise
// in pointer-free arrays, strings as numbers of their distinct values,
// numbers in five bytes while every value of the column is an integer of
// at most 40 bits (else as float64).
// A bulk load reads the source and builds the rows in one worker per
// processor; it builds the result order and the name words' lists, and
// leaves each filter field's lists (postings, sorted numbers) to the
// first search that filters on the field. Searches run at once under a
// read lock; the parts of the index built on first use (a field's lists,
// bitset copies, cumulative bitsets, the 3-byte index, ranks) are built
// once and published atomically. A change takes the write lock, and
// keeps the lists already built current.
package searchengine
