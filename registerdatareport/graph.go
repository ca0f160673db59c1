package registerdatareport

import (
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// The kinds of node in the ownership chart (the data-kind attribute of
// its SVG groups, and their colours).
const (
	kindRoot    = "root"    // the company of the dossier
	kindCompany = "company" // a company of the register
	kindPerson  = "person"  // a natural person
	kindForeign = "foreign" // an owner seated or living outside Germany
	kindPublic  = "public"  // a public body (state, city, municipality)
	kindOther   = "other"   // an owner outside the register: foundation, community of heirs
)

// graph is the ownership chart before layout: one node per owner (an
// owner met on several chains is one node with several edges), one edge
// per holding, from owner to owned.
type graph struct {
	Nodes []*gnode
	Edges []*gedge
}

type gnode struct {
	Key        string // the owner's id, or "name:" and its name without one
	Name       string
	Detail     string // the second line: register, city, country
	Kind       string
	Beneficial bool   // a beneficial owner of the company
	Stop       string // why a company was not expanded: depth, budget, not found, not published
	Share      string // effective share in the company, when known
	ID         string // the node's name in the chart: n0, n1, ...

	// Set by the layout, in points, origin top left.
	X, Y, W, H float64
}

type gedge struct {
	From, To   *gnode
	Label      string // the share, or the relation when it has none
	Relation   string
	Cross      bool // closes a cycle of cross-holdings
	Path       string
	LabelX     float64
	LabelY     float64
	HasLabelXY bool
}

// publicBodyWords are the first words of the names of German public
// bodies, which the register lists as owners without an id.
var publicBodyWords = []string{"Bundesrepublik", "Freistaat", "Land", "Stadt", "Landeshauptstadt", "Hansestadt",
	"Gemeinde", "Landkreis", "Kreis", "Markt", "Bezirk", "Zweckverband", "Freie"}

// buildGraph turns the ownership tree into the chart's graph.
func buildGraph(d *Dossier) *graph {
	g := &graph{}
	if d.Ownership == nil || d.Ownership.Root == nil {
		return g
	}
	bo := beneficialKeys(d.BeneficialOwners)
	byKey := map[string]*gnode{}
	node := func(key string, mk func() *gnode) *gnode {
		if n, ok := byKey[key]; ok {
			return n
		}
		n := mk()
		n.Key = key
		n.ID = "n" + itoa(len(g.Nodes))
		byKey[key] = n
		g.Nodes = append(g.Nodes, n)
		return n
	}
	root := node(d.CompanyID, func() *gnode {
		return &gnode{Name: d.Company.Name.Name, Detail: registerLine(d.Company.Register), Kind: kindRoot}
	})
	edges := map[[2]string]bool{}
	var walk func(parent *gnode, n *registerdata.OwnershipNode)
	walk = func(parent *gnode, n *registerdata.OwnershipNode) {
		for _, ch := range n.Children {
			o := ch.Owner
			key := ownerKey(o)
			child := node(key, func() *gnode { return ownerNode(o) })
			if bo[key] || (o.ID == nil && bo["name:"+o.Name]) {
				child.Beneficial = true
			}
			switch ch.Stop {
			case registerdata.TreeStopDepth, registerdata.TreeStopBudget, registerdata.TreeStopNotFound, registerdata.TreeStopCancelled, registerdata.TreeStopNotPublished:
				child.Stop = string(ch.Stop)
			}
			if ch.EffectiveShare != nil && child.Share == "" && child.Kind != kindCompany {
				child.Share = percent(*ch.EffectiveShare)
			}
			if k := [2]string{key, parent.Key}; !edges[k] {
				edges[k] = true
				g.Edges = append(g.Edges, &gedge{From: child, To: parent, Label: edgeLabel(o), Relation: string(o.RelationType),
					Cross: ch.Stop == registerdata.TreeStopVisited})
			}
			walk(child, ch)
		}
	}
	walk(root, d.Ownership.Root)
	return g
}

// ownerKey identifies an owner across the tree: its id, else its name.
func ownerKey(o *registerdata.Owner) string {
	if o.ID != nil && *o.ID != "" {
		return *o.ID
	}
	return "name:" + o.Name
}

func beneficialKeys(b *registerdata.BeneficialOwners) map[string]bool {
	out := map[string]bool{}
	if b == nil {
		return out
	}
	for _, o := range b.Owners {
		if o.ID != nil && *o.ID != "" {
			out[*o.ID] = true
		} else {
			out["name:"+o.Name] = true
		}
	}
	return out
}

func ownerNode(o *registerdata.Owner) *gnode {
	n := &gnode{Name: o.Name}
	country, _ := ownerCountry(o)
	var city string
	switch {
	case o.LegalPerson != nil && o.LegalPerson.City != nil:
		city = *o.LegalPerson.City
	case o.NaturalPerson != nil:
		city = o.NaturalPerson.City
	}
	switch {
	case o.Type == enums.RepresentativeTypeNaturalPerson:
		n.Kind = kindPerson
		n.Detail = joinNonEmpty(", ", "natural person", city)
	case country != "" && country != "DE":
		n.Kind = kindForeign
	case o.ID != nil && isCompanyID(*o.ID):
		n.Kind = kindCompany
		n.Detail = *o.ID
	case isPublicBody(o.Name):
		n.Kind = kindPublic
	default:
		n.Kind = kindOther
	}
	switch n.Kind {
	case kindPerson:
		if country != "" && country != "DE" {
			n.Kind = kindForeign
			n.Detail = joinNonEmpty(", ", "natural person", city, country)
		}
	case kindForeign:
		n.Detail = joinNonEmpty(", ", "abroad", city, country)
	case kindPublic:
		n.Detail = joinNonEmpty(", ", "public body", city)
	case kindOther:
		n.Detail = joinNonEmpty(", ", "outside the register", city)
	}
	return n
}

func isCompanyID(id string) bool {
	_, err := registerdata.ParseCompanyID(id)
	return err == nil
}

func isPublicBody(name string) bool {
	first, _, _ := strings.Cut(strings.TrimSpace(name), " ")
	for _, w := range publicBodyWords {
		if first == w {
			return true
		}
	}
	return false
}

func edgeLabel(o *registerdata.Owner) string {
	if o.PercentageShare != nil {
		return percent(*o.PercentageShare)
	}
	return relationName(o.RelationType)
}
