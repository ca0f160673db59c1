package spreadsheet_test

import (
	"fmt"

	"github.com/registerdata/registerdata-go/internal/spreadsheet"
)

func ExampleInert() {
	fmt.Println(spreadsheet.Inert(`=HYPERLINK("http://evil.example","Nordlicht GmbH")`))
	fmt.Println(spreadsheet.Inert("Nordlicht Solartechnik GmbH"))
	// Output:
	// '=HYPERLINK("http://evil.example","Nordlicht GmbH")
	// Nordlicht Solartechnik GmbH
}
