package fake

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// WithData loads a register from files in the service's own answer
// shapes (see "Your own register" in the package documentation): the
// companies, owners, persons, financials and insolvency proceedings of
// fsys (os.DirFS(dir), an embed.FS, a fstest.MapFS) are added to the
// curated register, a company with the id of a curated one replacing it;
// with WithoutCurated they are the whole register. WithData may be
// given several times: the directories are read in order, and an entity
// defined twice is a mistake.
//
// Loading is strict: NewServer panics and Listen fails with a *DataError
// naming the file, the JSON path and what is wrong, for a file that is
// not JSON, an unknown key, a value of the wrong kind or out of the
// specification's range, a file named after another id, and for data that
// contradicts the register (owners or financials of an unknown company,
// a person whose positions or birth date differ from the representation
// entries naming them, a proceeding that disagrees with its company's
// insolvencies entry).
//
// Reading stays inside fsys: a symbolic link is never followed (a data
// directory holds its files and folders themselves), a device, named
// pipe or socket is refused before it is opened, a .json file may hold
// 64 MiB and a line of a .jsonl file 64 MiB, and each document is
// decoded in a small multiple of its size. For a directory on disk,
// give os.OpenRoot(dir) and its FS, as registerfake -data does: unlike
// os.DirFS, no path it is asked for can leave dir.
func WithData(fsys fs.FS) Option {
	return func(c *config) { c.data = append(c.data, fsys) }
}

// WithoutCurated leaves the curated register out: the register is what
// WithData loads (and WithGenerated adds), and the curated owners and
// insolvency proceedings of natural persons are left out with it.
func WithoutCurated() Option {
	return func(c *config) { c.noCurated = true }
}

// initialCompanies returns the register the server starts with: the
// curated companies (unless WithoutCurated), then those of the data
// directories, each completed and checked, and the decoded directories
// for applyData.
func initialCompanies(cfg config) ([]registerdata.Company, []*dataset, error) {
	var base []registerdata.Company
	if !cfg.noCurated {
		var err error
		if base, err = sharedCurated(); err != nil {
			return nil, nil, err
		}
	}
	sets := make([]*dataset, 0, len(cfg.data))
	for _, fsys := range cfg.data {
		ds, err := readData(fsys)
		if err != nil {
			return nil, nil, err
		}
		sets = append(sets, ds)
	}
	if len(sets) == 0 {
		return base, nil, nil
	}
	return mergeCompanies(base, sets, cfg.noCurated)
}

// mergeCompanies adds the data companies to base (replacing one with the
// same id), after filling the person details of persons files into the
// representation entries that lack them.
func mergeCompanies(base []registerdata.Company, sets []*dataset, noCurated bool) ([]registerdata.Company, []*dataset, error) {
	at := make(map[string]int, len(base))
	for i, c := range base {
		at[c.ID] = i
	}
	from := map[string]string{} // company id -> the data file defining it
	persons := map[string]*registerdata.Person{}
	personAt := map[string]string{}
	for _, ds := range sets {
		for i := range ds.persons {
			e := &ds.persons[i]
			if prev, dup := personAt[e.v.ID]; dup {
				return nil, nil, dataErr(e.at, "$.id: person %s is defined in %s already: give each entity one file", e.v.ID, prev)
			}
			persons[e.v.ID], personAt[e.v.ID] = &e.v, e.at
		}
	}
	for _, ds := range sets {
		for _, e := range ds.companies {
			if prev, dup := from[e.v.ID]; dup {
				return nil, nil, dataErr(e.at, "$.id: company %s is defined in %s already: give each entity one file", e.v.ID, prev)
			}
			from[e.v.ID] = e.at
			c := e.v
			fillPersonDetails(&c, persons)
			completeCompany(&c)
			if err := validateCompany(&c); err != nil {
				return nil, nil, &DataError{File: e.at, Problem: jsonPaths(err)}
			}
			if i, ok := at[c.ID]; ok {
				base[i] = c
				continue
			}
			at[c.ID] = len(base)
			base = append(base, c)
		}
	}
	if !noCurated {
		for i := range base {
			if _, fromData := from[base[i].ID]; !fromData {
				fillPersonDetails(&base[i], persons)
			}
		}
	}
	return base, sets, nil
}

// jsonPaths turns the problems of validateCompany ("path: what", one a
// line) into JSON paths ("$.path: what"), joined with "; ".
func jsonPaths(err error) string {
	lines := strings.Split(err.Error(), "\n")
	for i, l := range lines {
		if !strings.HasPrefix(l, "$") {
			lines[i] = "$." + l
		}
	}
	return strings.Join(lines, "; ")
}

// fillPersonDetails fills the natural_person details (first and last
// name, city, date of birth) that the representation entries of c lack
// from the persons files naming the same UUID. Details an entry has are
// kept; applyData reports the ones that disagree. It changes copies of
// the representation and its details, never what c shared with the
// curated register.
func fillPersonDetails(c *registerdata.Company, persons map[string]*registerdata.Person) {
	if len(persons) == 0 {
		return
	}
	copied := false
	for i := range c.Representation {
		r := &c.Representation[i]
		if r.ID == nil || r.Type != enums.RepresentativeTypeNaturalPerson {
			continue
		}
		p, ok := persons[*r.ID]
		if !ok {
			continue
		}
		if !copied {
			c.Representation, copied = slices.Clone(c.Representation), true
			r = &c.Representation[i]
		}
		np := &registerdata.NaturalPerson{}
		if r.NaturalPerson != nil {
			*np = *r.NaturalPerson
		}
		r.NaturalPerson = np
		if np.FirstName == nil && p.FirstName != "" {
			np.FirstName = ptrTo(p.FirstName)
		}
		if np.LastName == nil && p.LastName != "" {
			np.LastName = ptrTo(p.LastName)
		}
		if np.City == nil && p.City != nil && *p.City != "" {
			np.City = ptrTo(*p.City)
		}
		if np.DateOfBirth == nil && p.DateOfBirth != nil {
			np.DateOfBirth = ptrTo(*p.DateOfBirth)
		}
	}
}

// errNotInRegister is the problem of data about a company the register
// does not hold.
func errNotInRegister(path, id string) error {
	return fmt.Errorf("%s: company %s is not in the register: add companies/%s.json (or a line of companies.jsonl)", path, id, id)
}
