package registerdata

import (
	"context"
	"errors"
	"fmt"

	"github.com/registerdata/registerdata-go/enums"
)

// DefaultTreeDepth is the depth OwnershipTree walks to when
// TreeOptions.MaxDepth is 0.
const DefaultTreeDepth = 5

// TreeOptions tune OwnershipTree.
type TreeOptions struct {
	// MaxDepth is how many levels of owners are fetched: 1 fetches the
	// company's own owners only. 0 means DefaultTreeDepth; a negative
	// value is refused.
	MaxDepth int
	// MaxCredits bounds the credits the walk itself may spend, on top of
	// the client's budget (WithCreditBudget): a company whose owners would
	// take the walk past it is left unexpanded with TreeStopBudget, as
	// with the client's budget. 0 means no bound beyond the client's
	// budget; a negative value is refused.
	MaxCredits int64
	// LegalForm is the root company's legal form, when the caller knows
	// it (Company.LegalForm of the record it fetched). A form whose owners
	// the service does not publish (OwnersAvailable with best_available)
	// leaves the root unexpanded with TreeStopNotPublished and costs
	// nothing; "" means not known: the owners are asked for.
	LegalForm enums.LegalForm
}

// OwnershipTree is the result of Client.OwnershipTree: the owners of a
// company, and of each owner that is itself a company of the register,
// recursively.
type OwnershipTree struct {
	// Root is the company the walk started from (its Owner is nil).
	Root *OwnershipNode
	// Companies is the number of distinct companies whose owners were
	// fetched, one GetOwners call (and its credits) each.
	Companies int
	// Credits is what the walk added to Client.CreditsSpent: the price of
	// an owner list (Client.Prices) for each one fetched from the service, nothing for one
	// served from the client's cache.
	Credits int64
}

// TreeStop says why a node that could have been expanded was not.
type TreeStop string

// Reasons a node was not expanded.
const (
	TreeStopNone      TreeStop = ""          // expanded, or a natural person or an owner outside the register
	TreeStopVisited   TreeStop = "visited"   // the company appears earlier in the tree (cross-holdings)
	TreeStopDepth     TreeStop = "depth"     // the depth limit was reached
	TreeStopBudget    TreeStop = "budget"    // the credit budget would have been exceeded
	TreeStopNotFound  TreeStop = "not_found" // the service has no owner list for the company
	TreeStopCancelled TreeStop = "cancelled" // the walk ended early (context or another error)
	// TreeStopNotPublished: the service does not publish owners for the
	// company's legal form (OwnersAvailable); OwnershipNode.StopReason says
	// which, as NotPublished words it. Known beforehand it cost nothing.
	TreeStopNotPublished TreeStop = "not_published"
)

// OwnershipNode is one node of an OwnershipTree: an owner, the owners of
// that owner when it is a company of the register, and its effective
// share in the root company.
type OwnershipNode struct {
	// Owner is the owner this node stands for; nil for the root.
	Owner *Owner
	// Company is the owner list of this node's company, nil for a natural
	// person, an owner outside the register and a node not expanded (see
	// Stop).
	Company *Owners
	// Children are the nodes of Company.Owners, in the same order; empty
	// when Company is nil.
	Children []*OwnershipNode
	// Depth is 0 for the root, 1 for its direct owners, and so on.
	Depth int
	// EffectiveShare is this owner's indirect share in the root company
	// along this chain, on the PERCENT scale: the product of the
	// percentage shares from the root down to this node (60 % of 50 % is
	// 30). Nil when a percentage along the chain is unknown. The root's is
	// 100.
	EffectiveShare *float64
	// Stop says why the node was not expanded although it is a company.
	Stop TreeStop
	// StopReason is the sentence of a TreeStopNotPublished stop, such as
	// "owners: not published for a UG"; "" for the other stops.
	StopReason string
	// LegalForm is the legal form the walk knew for this node's company:
	// TreeOptions.LegalForm for the root, for an owner the form its name
	// ends with when that is certain ("Müller OHG"), or the form the
	// service's 404 named; "" when not known.
	LegalForm enums.LegalForm
}

// Walk calls fn for n and every node below it, depth first, in order.
func (n *OwnershipNode) Walk(fn func(*OwnershipNode)) {
	if n == nil {
		return
	}
	fn(n)
	for _, c := range n.Children {
		c.Walk(fn)
	}
}

// OwnershipTree walks the owners of company id breadth first: it fetches
// the company's owners, then the owners of each legal-person owner whose
// id is a company identifier, and so on to opts.MaxDepth levels. No
// company is fetched twice: a company met again (a cross-holding) is a
// leaf with Stop TreeStopVisited. Owners are fetched with best_available,
// so AG and SE owners are included (Owners.BestAvailable says so); a
// company the service has no owner list for is a leaf with Stop
// TreeStopNotFound.
//
// A company whose legal form is known and has no published owners (see
// OwnersAvailable: a UG, gGmbH, eG, KGaA, ...) is not fetched: it is a
// leaf with Stop TreeStopNotPublished and its StopReason, at no cost. The
// root's form comes from opts.LegalForm; an owner's from the end of its
// name, only when certain; otherwise its owners are asked for, and the
// service's 404 for an unsupported form (UnsupportedLegalForm) ends as the
// same stop, for the root too, not as an error.
//
// Each company fetched is one GetOwners call at the client's price of
// an owner list (Client.Prices). When the next
// call would exceed the client's credit budget (WithCreditBudget), the
// walk stops and returns the tree built so far together with an error
// wrapping ErrBudgetExceeded; the nodes left unexpanded say
// TreeStopBudget. Any other failure also returns the partial tree with
// the error (the root is nil only when the root company itself failed).
func (c *Client) OwnershipTree(ctx context.Context, id string, opts TreeOptions, callOpts ...CallOption) (*OwnershipTree, error) {
	if err := checkCompanyID(id); err != nil {
		return nil, err
	}
	depth := opts.MaxDepth
	switch {
	case depth < 0:
		return nil, fmt.Errorf("%w: TreeOptions.MaxDepth is %d: use 0 for the default (%d) or a positive depth", ErrInvalidRequest, depth, DefaultTreeDepth)
	case depth == 0:
		depth = DefaultTreeDepth
	}
	if opts.MaxCredits < 0 {
		return nil, fmt.Errorf("%w: TreeOptions.MaxCredits is %d: use 0 for the client's budget alone or a positive limit", ErrInvalidRequest, opts.MaxCredits)
	}
	if opts.MaxCredits > 0 {
		// Held at every write: a retried GetOwners cannot pass the limit.
		ctx, _ = WithCreditLimit(ctx, opts.MaxCredits)
	}
	hundred := 100.0
	root := &OwnershipNode{EffectiveShare: &hundred, Children: []*OwnershipNode{}, LegalForm: opts.LegalForm}
	tree := &OwnershipTree{Root: root}
	type item struct {
		node *OwnershipNode
		id   string
	}
	visited := map[string]bool{id: true}
	queue := []item{{root, id}}
	var walkErr error
	for i := 0; i < len(queue); i++ {
		it := queue[i]
		if walkErr != nil {
			it.node.Stop = stopFor(walkErr)
			continue
		}
		if it.node.Depth >= depth {
			it.node.Stop = TreeStopDepth
			continue
		}
		if why := NotPublished(PartOwners, it.node.LegalForm, true); why != "" {
			it.node.Stop, it.node.StopReason = TreeStopNotPublished, why
			continue
		}
		if price := c.prices.Of(routeOwners, false); opts.MaxCredits > 0 && tree.Credits+price > opts.MaxCredits {
			err := fmt.Errorf("%w: the owners of %s cost %d credits and %d of TreeOptions.MaxCredits (%d) are left", ErrBudgetExceeded, it.id, price, opts.MaxCredits-tree.Credits, opts.MaxCredits)
			walkErr = fmt.Errorf("registerdata: ownership tree of %s: %w", id, err)
			it.node.Stop = TreeStopBudget
			continue
		}
		var info ResponseInfo
		owners, err := c.GetOwners(ctx, it.id, &GetOwnersParams{BestAvailable: true}, append(callOpts[:len(callOpts):len(callOpts)], WithResponseInfo(&info))...)
		tree.Credits += info.Charged
		if why := NotPublishedError(PartOwners, err); why != "" {
			it.node.Stop, it.node.StopReason = TreeStopNotPublished, why
			it.node.LegalForm, _ = UnsupportedLegalForm(err)
			continue
		}
		switch {
		case errors.Is(err, ErrNotFound) && it.node != root:
			it.node.Stop = TreeStopNotFound
			continue
		case err != nil:
			if it.node == root && !errors.Is(err, ErrBudgetExceeded) {
				return nil, err
			}
			walkErr = fmt.Errorf("registerdata: ownership tree of %s: owners of %s: %w", id, it.id, err)
			it.node.Stop = stopFor(err)
			continue
		}
		tree.Companies++
		it.node.Company = owners
		for j := range owners.Owners {
			o := &owners.Owners[j]
			child := &OwnershipNode{Owner: o, Depth: it.node.Depth + 1, Children: []*OwnershipNode{}, EffectiveShare: chainShare(it.node.EffectiveShare, *o), LegalForm: ownerForm(*o)}
			it.node.Children = append(it.node.Children, child)
			if o.Type != enums.RepresentativeTypeLegalPerson || o.ID == nil {
				continue
			}
			if _, err := ParseCompanyID(*o.ID); err != nil {
				continue
			}
			if visited[*o.ID] {
				child.Stop = TreeStopVisited
				continue
			}
			visited[*o.ID] = true
			queue = append(queue, item{child, *o.ID})
		}
	}
	return tree, walkErr
}

func stopFor(err error) TreeStop {
	if errors.Is(err, ErrBudgetExceeded) {
		return TreeStopBudget
	}
	return TreeStopCancelled
}

// chainShare multiplies a parent's effective share (percent) by an
// owner's share (SharePercent); nil when either is unknown.
func chainShare(parent *float64, o Owner) *float64 {
	pct, ok := o.SharePercent()
	if parent == nil || !ok {
		return nil
	}
	v := *parent * pct / 100
	return &v
}

// ownerForm is the legal form an owner's record states with certainty:
// the form its name ends with (the record carries no legal form field),
// or "" when not certain.
func ownerForm(o Owner) enums.LegalForm {
	if o.Type != enums.RepresentativeTypeLegalPerson {
		return ""
	}
	name := o.Name
	if o.LegalPerson != nil && o.LegalPerson.Name != "" {
		name = o.LegalPerson.Name
	}
	return LegalFormOfName(name)
}
