package main

import (
	"fmt"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
	"github.com/spf13/pflag"
)

func companyTree() *command {
	return &command{
		name: "tree", args: "ID", nargs: 1, billable: true,
		summary: "the owners of the owners, as a tree (" + credits(routeOwners) + " per company)",
		help: `Walks the ownership of a company: its owners, the owners of each owner that
is a company of the register, and so on to --depth levels, with each
owner's share and its effective share in the company (the product along
the chain). Each company fetched is one owner lookup (10 credits); with
--budget the walk stops when the next lookup would exceed it and prints the
tree so far. A company met again is not expanded twice; one that owns a
company above it in its own chain closes a cycle of cross-holdings and is
marked so. The first line names the company (one more lookup, 10 credits,
left out when the budget cannot pay it). With --json it prints each owner
list the service sent, one per line.`,
		examples: []string{
			"registerdata --fake company tree DE-HRB-F1103-267645",
			"registerdata company tree DE-HRB-F1103-267645 --depth 2 --budget 50",
			"registerdata company tree DE-HRB-F1103-267645 --json | jq -c '{company_id, owners: [.owners[].name]}'",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			depth := fs.Int("depth", registerdata.DefaultTreeDepth, "how many levels of owners to fetch")
			return func(a *app, args []string) error {
				if *depth < 1 {
					return usagef("--depth %d: want 1 or more", *depth)
				}
				c, err := a.api()
				if err != nil {
					return err
				}
				var writeErr error
				a.rec.collect(func(body []byte) { // each answer as it arrives, none kept
					if writeErr == nil {
						writeErr = a.writeLine(body)
					}
				})
				tree, walkErr := c.OwnershipTree(a.ctx, args[0], registerdata.TreeOptions{MaxDepth: *depth})
				if writeErr != nil {
					return writeErr
				}
				if tree == nil || tree.Root == nil {
					return walkErr
				}
				if !a.jsonOut {
					if err := renderTree(a, rootName(a, c, args[0]), tree); err != nil {
						return err
					}
				}
				if walkErr != nil {
					return fmt.Errorf("%w (the tree above is incomplete)", walkErr)
				}
				return nil
			}
		},
	}
}

// treeStops says what an unexpanded node's Stop means.
var treeStops = map[registerdata.TreeStop]string{
	registerdata.TreeStopVisited:   "shown above",
	registerdata.TreeStopDepth:     "--depth reached",
	registerdata.TreeStopBudget:    "--budget reached",
	registerdata.TreeStopNotFound:  "no owner list",
	registerdata.TreeStopCancelled: "not fetched",
}

// rootName is the first line of the tree: the company's name and id,
// or its id alone when the name could not be fetched (the budget).
func rootName(a *app, c *registerdata.Client, id string) string {
	co, err := c.GetCompany(a.ctx, id, nil)
	if err != nil || co.Name.Name == "" {
		return output.Clean(id)
	}
	return output.Clean(co.Name.Name) + "  " + output.Clean(id)
}

func renderTree(a *app, root string, tree *registerdata.OwnershipTree) error {
	width := a.width()
	var b strings.Builder
	b.WriteString(output.Truncate(root, width) + "\n") // cleaned by rootName
	cycles := false
	var walk func(n *registerdata.OwnershipNode, prefix string, chain []string)
	walk = func(n *registerdata.OwnershipNode, prefix string, chain []string) {
		for i, ch := range n.Children {
			branch, next := "├── ", "│   "
			if i == len(n.Children)-1 {
				branch, next = "└── ", "    "
			}
			line := prefix + branch + describeNode(ch, chain, false)
			if output.Width(line) > width && !a.wide {
				line = prefix + branch + describeNode(ch, chain, true)
			}
			if strings.Contains(line, cycleMark) {
				cycles = true
			}
			b.WriteString(output.Truncate(line, width) + "\n")
			if ch.Owner != nil && ch.Owner.ID != nil {
				walk(ch, prefix+next, append(chain[:len(chain):len(chain)], *ch.Owner.ID))
			}
		}
	}
	rootID := ""
	if tree.Root.Company != nil {
		rootID = tree.Root.Company.CompanyID
	}
	if tree.Root.Stop == registerdata.TreeStopNotPublished {
		b.WriteString(tree.Root.StopReason + ", 0 credits\n")
	}
	walk(tree.Root, "", []string{rootID})
	if cycles {
		legend := cycleMark + ": a cross-holding, an owner of a company above it in its own chain (shown above)"
		b.WriteString(strings.Join(output.WrapLine(legend, width), "\n") + "\n")
	}
	if tree.Root.Company != nil && tree.Root.Company.BestAvailable {
		b.WriteString("owners of an AG or SE are the best available data, possibly not current\n")
	}
	fmt.Fprintf(&b, "%d compan%s fetched\n", tree.Companies, map[bool]string{true: "y", false: "ies"}[tree.Companies == 1])
	_, err := fmt.Fprint(a.stdout, b.String())
	return err
}

// cycleMark marks an owner that closes a cycle of cross-holdings, as
// the dossier's chart does; a legend under the tree says what it means.
const cycleMark = "[cycle]"

// describeNode is one line of the tree: name, share, effective share, id
// and why it was not expanded. chain holds the ids of the companies from
// the root down to the one n owns: a company met again among them closes
// a cycle of cross-holdings. shortUUID shortens a person's id to its
// first 8 characters (a narrow terminal without --wide).
func describeNode(n *registerdata.OwnershipNode, chain []string, shortUUID bool) string {
	o := n.Owner
	if o == nil {
		return ""
	}
	parts := []string{output.Clean(o.Name)}
	if s := percent(o.PercentageShare); s != "" {
		parts = append(parts, s)
	}
	if n.Depth > 1 && n.EffectiveShare != nil {
		parts = append(parts, "(effective "+percent(n.EffectiveShare)+")")
	}
	// The marks before the id, so that a narrow terminal cuts the id.
	if n.Company != nil && n.Company.BestAvailable {
		parts = append(parts, "[owners: best available]")
	}
	if n.Stop == registerdata.TreeStopVisited && o.ID != nil && contains(chain, *o.ID) {
		parts = append(parts, cycleMark)
	} else if n.Stop == registerdata.TreeStopNotPublished {
		parts = append(parts, "["+n.StopReason+"]")
	} else if why, ok := treeStops[n.Stop]; ok {
		parts = append(parts, "["+why+"]")
	}
	if o.ID != nil {
		id := output.Clean(*o.ID)
		if shortUUID && registerdata.IsUUID(id) {
			id = id[:8] + "…"
		}
		parts = append(parts, id)
	}
	return strings.Join(parts, "  ")
}
