package fake

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
)

// The kinds of files a data directory holds (see WithData): a folder of
// one file per entity, or one JSON Lines file, or both.
const (
	kindCompanies    = "companies"
	kindOwners       = "owners"
	kindPersons      = "persons"
	kindFinancials   = "financials"
	kindInsolvencies = "insolvencies"
)

var dataKinds = []string{kindCompanies, kindOwners, kindPersons, kindFinancials, kindInsolvencies}

// entity is one decoded document of a data directory with where it came
// from ("companies/DE-HRB-F1103-267645.json", "owners.jsonl line 3") and
// the id its file name gives (empty for a line of a .jsonl file).
type entity[T any] struct {
	at     string
	nameID string
	v      T
}

// financialsFile is a financials document: the answer of GET
// /v1/company/{id}/financials, with "company_id" on a line of
// financials.jsonl (the answer itself does not name the company).
type financialsFile struct {
	CompanyID string `json:"company_id,omitempty"`
	registerdata.Financials
}

// dataset is what a data directory holds, decoded and checked one file at
// a time; applyData checks it against the register.
type dataset struct {
	companies    []entity[registerdata.Company]
	owners       []entity[registerdata.Owners]
	persons      []entity[registerdata.Person]
	financials   []entity[financialsFile]
	insolvencies []entity[registerdata.Insolvency]
}

// DataError is a mistake in a data directory: the file (and line of a
// JSON Lines file), the JSON path and what is wrong.
type DataError struct {
	// File is the file's path in the directory, with " line N" for a line
	// of a .jsonl file.
	File string
	// Problem names the JSON path and what is wrong with the value there
	// (several problems of one file are joined with "; ").
	Problem string
}

// Error returns "fake: data FILE: PROBLEM".
func (e *DataError) Error() string { return "fake: data " + e.File + ": " + e.Problem }

func dataErr(file, format string, args ...any) error {
	return &DataError{File: file, Problem: fmt.Sprintf(format, args...)}
}

// readData reads and decodes every file of a data directory (see
// data_read.go for what it refuses). It fails on the first file with a
// mistake, or on an entry it does not know.
func readData(fsys fs.FS) (*dataset, error) {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, fmt.Errorf("fake: reading the data directory: %w", err)
	}
	ds := &dataset{}
	for _, e := range entries {
		name := e.Name()
		kind, isLines := strings.CutSuffix(name, ".jsonl")
		if strings.HasPrefix(name, ".") || strings.HasSuffix(name, ".md") || strings.HasSuffix(name, ".txt") {
			continue // notes beside the data, and files being written
		}
		if err := checkEntry(fsys, name, e); err != nil {
			return nil, err
		}
		switch {
		case e.IsDir() && slices.Contains(dataKinds, name):
			if err := ds.readFolder(fsys, name); err != nil {
				return nil, err
			}
		case !e.IsDir() && isLines && slices.Contains(dataKinds, kind):
			if err := ds.readLines(fsys, name, kind); err != nil {
				return nil, err
			}
		default:
			return nil, dataErr(name, "not a part of a data directory: use the folders %s/ (one .json file per entity) or the JSON Lines files %s.jsonl",
				strings.Join(dataKinds, "/, "), strings.Join(dataKinds, ".jsonl, "))
		}
	}
	return ds, nil
}

// readFolder reads every .json file of the folder kind.
func (ds *dataset) readFolder(fsys fs.FS, kind string) error {
	entries, err := fs.ReadDir(fsys, kind)
	if err != nil {
		return dataErr(kind, "cannot be read: %v", err)
	}
	for _, e := range entries {
		file := path.Join(kind, e.Name())
		id, isJSON := strings.CutSuffix(e.Name(), ".json")
		if strings.HasPrefix(e.Name(), ".") || strings.HasSuffix(e.Name(), ".md") {
			continue
		}
		if err := checkEntry(fsys, file, e); err != nil {
			return err
		}
		if e.IsDir() || !isJSON {
			return dataErr(file, "%s/ holds one .json file per entity, named after its id (%s/ID.json)", kind, kind)
		}
		b, err := readDataFile(fsys, file)
		if err != nil {
			return err
		}
		if err := ds.add(kind, file, id, b); err != nil {
			return err
		}
	}
	return nil
}

// readLines reads a JSON Lines file of kind: one document per line,
// blank lines skipped, streamed a line at a time.
func (ds *dataset) readLines(fsys fs.FS, name, kind string) error {
	return eachLine(fsys, name, func(n int, line []byte) error {
		if len(bytes.TrimSpace(line)) == 0 {
			return nil
		}
		return ds.add(kind, name+" line "+strconv.Itoa(n), "", line)
	})
}

// add decodes one document of kind found at at.
func (ds *dataset) add(kind, at, nameID string, b []byte) error {
	var err error
	switch kind {
	case kindCompanies:
		var c registerdata.Company
		if err = decodeDoc(b, (*strictCompany)(&c)); err == nil {
			err = sameID(nameID, "$.id", c.ID)
			ds.companies = append(ds.companies, entity[registerdata.Company]{at, nameID, c})
		}
	case kindOwners:
		var o registerdata.Owners
		if err = decodeDoc(b, &o); err == nil {
			err = sameID(nameID, "$.company_id", o.CompanyID)
			ds.owners = append(ds.owners, entity[registerdata.Owners]{at, nameID, o})
		}
	case kindPersons:
		var p registerdata.Person
		if err = decodeDoc(b, &p); err == nil {
			err = sameID(nameID, "$.id", p.ID)
			ds.persons = append(ds.persons, entity[registerdata.Person]{at, nameID, p})
		}
	case kindFinancials:
		var f financialsFile
		if err = decodeDoc(b, &f); err == nil {
			switch {
			case nameID == "" && f.CompanyID == "":
				err = errors.New(`$: a line of financials.jsonl needs "company_id" beside the answer's keys`)
			case nameID != "" && f.CompanyID != "":
				err = sameID(nameID, "$.company_id", f.CompanyID)
			case nameID != "":
				f.CompanyID = nameID
			}
			ds.financials = append(ds.financials, entity[financialsFile]{at, nameID, f})
		}
	case kindInsolvencies:
		var p registerdata.Insolvency
		if err = decodeDoc(b, &p); err == nil {
			err = sameID(nameID, "$.id", p.ID)
			ds.insolvencies = append(ds.insolvencies, entity[registerdata.Insolvency]{at, nameID, p})
		}
	}
	if err != nil {
		return &DataError{File: at, Problem: err.Error()}
	}
	return nil
}

// sameID checks that the id at path agrees with the file's name.
func sameID(nameID, path, id string) error {
	switch {
	case id == "":
		return fmt.Errorf("%s: is required", path)
	case nameID != "" && id != nameID:
		return fmt.Errorf("%s: %q is not the id the file is named after (%q): name the file %s.json", path, id, nameID, id)
	}
	return nil
}
