package registerdatamcp

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// TreeNode is one node of get_ownership_tree's result, flattened: the
// tree is a list of nodes, each naming its parent.
type TreeNode struct {
	// Node numbers the node; the root is 0.
	Node int `json:"node"`
	// Parent is the node this one owns a share of; -1 for the root.
	Parent int `json:"parent"`
	// Depth is 0 for the root, 1 for its direct owners, and so on.
	Depth int `json:"depth"`
	// ID is the owner's id (a company id for companies of the register).
	ID string `json:"id,omitempty"`
	// Name is the owner's name.
	Name string `json:"name"`
	// Type is the owner's kind: natural_person or legal_person.
	Type string `json:"type,omitempty"`
	// SharePercent is the owner's share in its parent, percent scale.
	SharePercent *float64 `json:"share_percent"`
	// EffectiveSharePercent is the owner's indirect share in the root.
	EffectiveSharePercent *float64 `json:"effective_share_percent"`
	// Stop says why a company node was not expanded: visited (a
	// cross-holding met before), depth, budget, not_found, cancelled,
	// not_published (the service publishes no owners for its legal form).
	Stop string `json:"stop,omitempty"`
	// StopReason is the sentence of a not_published stop, such as
	// "owners: not published for a UG".
	StopReason string `json:"stop_reason,omitempty"`
}

// Tree is the result of get_ownership_tree.
type Tree struct {
	// CompanyID is the root company.
	CompanyID string `json:"company_id"`
	// Companies is how many owner lists were fetched (each at the price of
	// an owner list).
	Companies int `json:"companies"`
	// Nodes lists the tree breadth first from the root.
	Nodes []TreeNode `json:"nodes"`
}

func addTreeTool(s *mcp.Server, c *registerdata.Client) error {
	out, err := outputSchema(treeSchema)
	if err != nil {
		return err
	}
	addTool(s, c, &mcp.Tool{
		Name:         "get_ownership_tree",
		Description:  "Walks the owners of a company upwards, through owner companies, to the natural persons at the top: one list of nodes, each with its parent, its share in the parent and its effective share in the company (percent scale). Costs " + priceText(c, "GET /v1/company/{company_id}/owners") + " per company on the way; the walk stops at max_depth and at the budget, and marks the nodes it did not expand. Prefer get_beneficial_owners when only the beneficial owners are needed.",
		OutputSchema: out,
	}, func(ctx context.Context, in TreeInput, _ *registerdata.ResponseInfo, opts []registerdata.CallOption) (outcome, error) {
		if in.MaxDepth < 0 || in.MaxDepth > 10 {
			return outcome{}, fmt.Errorf("max_depth %d is outside 1..10; leave it out for 5", in.MaxDepth)
		}
		before := c.CreditsSpent()
		t, err := c.OwnershipTree(ctx, in.CompanyID, registerdata.TreeOptions{MaxDepth: in.MaxDepth, LegalForm: enums.LegalForm(in.LegalForm)})
		if t == nil {
			return outcome{}, err
		}
		// A partial tree (budget reached) is still an answer: its
		// unexpanded nodes say "budget".
		tree := flatten(in.CompanyID, t)
		summary := fmt.Sprintf("Ownership tree of %s: %d nodes, %d companies fetched.", qid(in.CompanyID), len(tree.Nodes), t.Companies)
		if t.Root.Stop == registerdata.TreeStopNotPublished {
			summary = notPublishedSummary(in.CompanyID, t.Root.StopReason)
		}
		if err != nil {
			summary += fmt.Sprintf(" The walk stopped early: %v.", explain(c, err))
		}
		return outcome{value: tree, summary: summary, charged: c.CreditsSpent() - before}, nil
	})
	return nil
}

// flatten lists the nodes of an ownership tree breadth first.
func flatten(id string, t *registerdata.OwnershipTree) Tree {
	tree := Tree{CompanyID: id, Companies: t.Companies, Nodes: []TreeNode{}}
	type item struct {
		n      *registerdata.OwnershipNode
		parent int
	}
	queue := []item{{t.Root, -1}}
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		n := TreeNode{Node: len(tree.Nodes), Parent: it.parent, Depth: it.n.Depth, EffectiveSharePercent: it.n.EffectiveShare, Stop: string(it.n.Stop), StopReason: it.n.StopReason}
		if o := it.n.Owner; o != nil {
			n.Name, n.Type = o.Name, string(o.Type)
			if p, ok := o.SharePercent(); ok {
				n.SharePercent = &p
			}
			if o.ID != nil {
				n.ID = *o.ID
			}
		} else {
			n.ID = id
			if it.n.Company != nil {
				n.ID = it.n.Company.CompanyID
			}
			n.Name = n.ID
		}
		tree.Nodes = append(tree.Nodes, n)
		for _, ch := range it.n.Children {
			queue = append(queue, item{ch, n.Node})
		}
	}
	return tree
}

// treeSchema is the JSON Schema of Tree.
var treeSchema = map[string]any{
	"type":     "object",
	"required": []any{"company_id", "companies", "nodes"},
	"properties": map[string]any{
		"company_id": map[string]any{"type": "string"},
		"companies":  map[string]any{"type": "integer", "description": "owner lists fetched, each at the price of one owner list"},
		"nodes": map[string]any{
			"type": "array",
			"items": map[string]any{
				"type":     "object",
				"required": []any{"node", "parent", "depth", "name", "share_percent", "effective_share_percent"},
				"properties": map[string]any{
					"node":                    map[string]any{"type": "integer"},
					"parent":                  map[string]any{"type": "integer", "description": "-1 for the root"},
					"depth":                   map[string]any{"type": "integer"},
					"id":                      map[string]any{"type": "string"},
					"name":                    map[string]any{"type": "string"},
					"type":                    map[string]any{"type": "string", "description": "natural_person or legal_person"},
					"share_percent":           map[string]any{"type": []any{"number", "null"}, "description": "share in the parent, percent"},
					"effective_share_percent": map[string]any{"type": []any{"number", "null"}, "description": "indirect share in the root company, percent"},
					"stop":                    map[string]any{"type": "string", "enum": []any{"visited", "depth", "budget", "not_found", "cancelled", "not_published"}},
					"stop_reason":             map[string]any{"type": "string", "description": "why a not_published node was not walked"},
				},
			},
		},
	},
}
