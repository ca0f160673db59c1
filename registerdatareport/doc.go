// Package registerdatareport builds a KYC dossier of a company: one
// self-contained HTML file that shows who the company is, who owns it up
// to the natural persons at the top (an ownership chart), its beneficial
// owners, who runs it, its history, its figures, its insolvency
// proceedings and documents, the red flags a compliance officer looks
// for, and where each fact came from, when, and at what cost in credits.
//
// # Where to start, by job
//
//	Job                            Entry point
//	gather a dossier               Build, with Options (Depth, IncludePersons, MaxCredits, Realtime)
//	write it as one HTML file      (*Dossier).WriteHTML
//	read its red flags             Dossier.RedFlags: RedFlag values, their codes the Flag* constants
//	see where each fact came from  Dossier.Provenance, and Dossier.Credits for the cost
//	from the command line          "registerdata report ID --out FILE"
//
// Build gathers the data through a registerdata.Client within a credit
// limit; (*Dossier).WriteHTML writes the file:
//
//	d, err := registerdatareport.Build(ctx, c, "DE-HRB-F1103-267645", registerdatareport.Options{MaxCredits: 200})
//	if err != nil {
//		return err
//	}
//	f, err := os.Create("dossier.html")
//	...
//	err = d.WriteHTML(f)
//
// # The file
//
// The file needs nothing else: no script, font, style sheet or image is
// loaded from anywhere (its Content-Security-Policy forbids scripts and
// every outside resource), it prints to A4 with one section a page, and it
// reads on a phone. Every text taken from the register is escaped by
// html/template, in the SVG of the ownership chart too; the file holds no
// API key.
//
// # The charts
//
// The ownership chart is laid out in layers as Graphviz's dot lays out a
// directed graph (owners above what they own, few crossings, long edges
// kept straight), by this package in plain Go, so that nothing is started
// before a chart is drawn; the financial charts are bar charts written as
// SVG by this package too (a scale of round steps, a zero line between
// gains and losses, a missing year marked), so that the dossier needs no
// plotting library and a program linking it pays nothing at start.
package registerdatareport
