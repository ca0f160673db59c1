package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/spf13/pflag"
)

func portfolioUsers() *command {
	return &command{
		name: "users", args: "add NAME --role ROLE --password-stdin | password NAME --password-stdin | list | remove NAME | role NAME ROLE", nargs: -1,
		summary: "the web workplace's people: add, list, remove, change a role or set a password (free)",
		help: `Manages who may sign in to the web workplace ("portfolio web"). Roles, from
least to most: viewer (reads), reviewer (decides), approver (approves
others' decisions), admin (users and subscribers).

  users add NAME --role ROLE --password-stdin   a local account; the password (at least ` + fmt.Sprint(portfolio.MinPasswordLength) + ` bytes) is the first line of stdin, stored as an argon2id hash
  users password NAME --password-stdin          a new password; the account is signed out everywhere
  users list                                    the users, their roles and how they sign in
  users role NAME ROLE                          a new role, from the user's next request on (OIDC users too)
  users remove NAME                             the user and their sessions

A password is never a flag's value (it would stand in the shell's history
and the process list). Every change is an entry of the audit chain, with
who made it (--as; default: the operating system's user name).`,
		examples: []string{
			"registerdata portfolio users add anna --role reviewer --password-stdin < anna-password.txt",
			"printf '%s\\n' \"$PASSWORD\" | registerdata portfolio users add ben --role approver --password-stdin --as root@bank.example",
			"registerdata portfolio users password anna --password-stdin < new-password.txt",
			"registerdata portfolio users role anna approver",
			"registerdata portfolio users list",
			"registerdata portfolio users remove anna",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			db := dbFlag(fs)
			role := fs.String("role", "", "the new user's role: viewer, reviewer, approver or admin")
			fromStdin := fs.Bool("password-stdin", false, "read the password from the first line of stdin")
			as := fs.String("as", "", `who makes the change, as the audit chain records it (default: the operating system's user name)`)
			return func(a *app, args []string) error {
				if len(args) == 0 {
					return usagef("users takes add, password, list, role or remove: run 'registerdata portfolio users --help'")
				}
				verb, rest := args[0], args[1:]
				want := map[string]int{"add": 1, "password": 1, "list": 0, "remove": 1, "role": 2}
				n, ok := want[verb]
				switch {
				case !ok:
					return usagef("users %q: want add, password, list, role or remove", verb)
				case len(rest) != n:
					return usagef("users %s takes %d argument(s), got %d: run 'registerdata portfolio users --help'", verb, n, len(rest))
				case (verb == "add" || verb == "password") && !*fromStdin:
					return usagef("users %s needs --password-stdin: the password is read from stdin, never given as a flag", verb)
				case verb == "add" && !portfolio.ValidRole(*role):
					return usagef("users add needs --role viewer, reviewer, approver or admin (got %q)", *role)
				case verb == "role" && !portfolio.ValidRole(rest[1]):
					return usagef("users role %s %q: want viewer, reviewer, approver or admin", rest[0], rest[1])
				}
				var password string
				if verb == "add" || verb == "password" {
					pw, err := readPassword(a.stdin)
					if err != nil {
						return err
					}
					password = pw
				}
				p, err := a.openPortfolio(*db)
				if err != nil {
					return err
				}
				defer p.Close()
				if verb == "list" {
					return a.listUsers(p)
				}
				act, err := a.actorOf(*as)
				if err != nil {
					return err
				}
				ctx := portfolio.WithActor(a.ctx, act)
				name := rest[0]
				switch verb {
				case "add":
					err = p.AddUser(ctx, name, *role, password)
				case "password":
					err = p.SetPassword(ctx, name, password)
				case "remove":
					err = p.RemoveUser(ctx, name)
				case "role":
					err = p.SetRole(ctx, name, rest[1])
				}
				if err != nil {
					return err
				}
				var done string
				switch verb {
				case "add":
					done = "added " + name + " as " + *role
				case "password":
					done = "set the password of " + name + " (signed out everywhere)"
				case "remove":
					done = "removed " + name
				case "role":
					done = "made " + name + " " + rest[1]
				}
				if a.jsonOut {
					return a.jsonLine(map[string]any{"done": verb, "user": name})
				}
				_, err = fmt.Fprintln(a.stdout, done)
				return err
			}
		},
	}
}

// readPassword is the first line of r, without its line ending.
func readPassword(r io.Reader) (string, error) {
	if r == nil {
		return "", usagef("--password-stdin: nothing on stdin")
	}
	line, err := bufio.NewReader(io.LimitReader(r, portfolio.MaxPasswordLength+2)).ReadString('\n')
	if err != nil && err != io.EOF {
		return "", fmt.Errorf("reading the password from stdin: %w", err)
	}
	line = strings.TrimRight(line, "\r\n")
	if line == "" {
		return "", usagef("--password-stdin: stdin holds no password (give it as its first line)")
	}
	return line, nil
}

// listUsers prints the users: name, role, how they sign in.
func (a *app) listUsers(p *portfolio.Portfolio) error {
	found := false
	for u, err := range p.Users(a.ctx) {
		if err != nil {
			return err
		}
		found = true
		if a.jsonOut {
			if err := a.jsonLine(u); err != nil {
				return err
			}
			continue
		}
		who := u.ID
		if u.Name != u.ID {
			who = u.Name + " <" + u.ID + ">"
		}
		if _, err := fmt.Fprintf(a.stdout, "%-40s %-9s %s\n", who, u.Role, u.Source); err != nil {
			return err
		}
	}
	if !found && !a.jsonOut {
		_, err := fmt.Fprintln(a.stdout, "no users yet: add one with \"registerdata portfolio users add NAME --role admin --password-stdin\"")
		return err
	}
	return nil
}
