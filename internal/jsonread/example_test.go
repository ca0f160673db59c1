package jsonread_test

import (
	"fmt"

	"github.com/registerdata/registerdata-go/internal/jsonread"
)

// A hand-written decoder walks the object, matches keys without
// allocating, and skips (while still checking) what it does not know.
func Example() {
	data := []byte(`{"name": "Nordlicht GmbH", "employees": 54, "tags": ["solar"], "city": null}`)
	r := jsonread.New(data)
	var name string
	var employees int64
	err := r.Object(func(key []byte) error {
		var err error
		switch string(key) {
		case "name":
			name, err = r.String()
		case "employees":
			employees, err = r.Int64()
		default:
			err = r.Skip()
		}
		return err
	})
	if err == nil {
		err = r.End()
	}
	fmt.Println(name, employees, err)
	// Output: Nordlicht GmbH 54 <nil>
}

// Errors say what was wrong and where.
func ExampleError() {
	r := jsonread.New([]byte(`{"revenue": 12.5}`))
	err := r.Object(func([]byte) error {
		_, err := r.Int64()
		return err
	})
	fmt.Println(err)
	// Output: jsonread: cannot read number 12.5 as int64 at offset 12
}
