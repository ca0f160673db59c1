// Package web is the reviewers' workplace in a browser: reviewers,
// approvers and auditors sign in and work the portfolio's review queue,
// its flags, its journal, the pending approvals and the audit trail.
//
//	h, err := web.New(p, web.Options{Auth: web.LocalAccounts()})
//	if err != nil { ... }
//	http.ListenAndServe("127.0.0.1:8080", h)
//
// Every page is server-rendered html/template and usable without
// JavaScript, under a strict Content-Security-Policy (no inline script or
// style; the one stylesheet is served from /static/). Every state change
// is a POST behind the session, checked by http.CrossOriginProtection and
// by the role of the person signed in (Viewer reads, Reviewer decides,
// Approver approves others' decisions, Admin manages users), and goes
// through the portfolio's API with portfolio.WithActor, so the audit
// chain records who. Register and customer text is data: escaped, with
// bidi and control characters shown (visible.Text), never applied.
// GET /healthz answers 200 while the database answers, else 503.
package web
