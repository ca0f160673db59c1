package main

import (
	"context"
	"os/user"
	"strings"

	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/spf13/pflag"
)

// envFourEyes turns four eyes on for the deciding commands when set to 1:
// the team's policy, set once in the environment.
const envFourEyes = "REGISTERDATA_FOUR_EYES"

// decisionFlags are the flags of every command that takes a decision
// (resolve, remove, ack, approve, reject): who takes it, and, for those
// that propose one, whether it waits for a second person.
type decisionFlags struct {
	as       *string
	fourEyes *bool // nil for approve and reject, which review a decision
}

// declareDecisionFlags declares --as on fs and, when proposes is set,
// --four-eyes.
func declareDecisionFlags(fs *pflag.FlagSet, proposes bool) decisionFlags {
	f := decisionFlags{as: fs.String("as", "", `who takes the decision, kept in the decisions and the audit chain: a user name or e-mail address, or "Anna Richter <anna@bank.example>" (default: the operating system's user name)`)}
	if proposes {
		f.fourEyes = fs.Bool("four-eyes", false, "the decision waits until another person approves it (\"portfolio approve\"); a team sets this as its policy with $"+envFourEyes+"=1")
	}
	return f
}

// decisionContext is a.ctx carrying the actor of --as (see actorOf).
func (a *app) decisionContext(f decisionFlags) (context.Context, error) {
	act, err := a.actorOf(*f.as)
	if err != nil {
		return nil, err
	}
	return portfolio.WithActor(a.ctx, act), nil
}

// portfolioOptions are the options to open the portfolio with for a
// decision: four eyes with --four-eyes or $REGISTERDATA_FOUR_EYES=1.
func (a *app) portfolioOptions(f decisionFlags) ([]portfolio.Option, error) {
	on := f.fourEyes != nil && *f.fourEyes
	switch v := strings.ToLower(strings.TrimSpace(a.getenv(envFourEyes))); v {
	case "", "0", "false", "no":
	case "1", "true", "yes":
		on = true
	default:
		return nil, usagef("$%s=%q: set it to 1 (four eyes) or 0", envFourEyes, v)
	}
	if on {
		return []portfolio.Option{portfolio.WithFourEyes()}, nil
	}
	return nil, nil
}

// actorOf is the actor --as names: as given ("anna@bank.example", whose
// name is the same), split into name and id for "Anna Richter
// <anna@bank.example>", and without --as the operating system's user
// name, else $USER. With none of them it is a usage error.
func (a *app) actorOf(as string) (portfolio.Actor, error) {
	as = strings.TrimSpace(as)
	if as == "" {
		as = a.osUserName()
		if as == "" {
			return portfolio.Actor{}, usagef("--as is required: no user name is known here; pass --as with your name or e-mail address, as it should stand in the audit chain")
		}
	}
	act := portfolio.Actor{ID: as, Name: as}
	if i := strings.LastIndexByte(as, '<'); i >= 0 && strings.HasSuffix(as, ">") {
		name, id := strings.TrimSpace(as[:i]), strings.TrimSpace(as[i+1:len(as)-1])
		if id == "" || strings.ContainsAny(id, "<>") {
			return portfolio.Actor{}, usagef("--as %q: write NAME <ID>, such as \"Anna Richter <anna@bank.example>\"", as)
		}
		act.ID, act.Name = id, name
		if name == "" {
			act.Name = id
		}
	}
	if len(act.ID) > portfolio.MaxActorLength || len(act.Name) > portfolio.MaxActorLength {
		return portfolio.Actor{}, usagef("--as is %d bytes: at most %d", len(as), portfolio.MaxActorLength)
	}
	for _, r := range as {
		if r < 0x20 || r == 0x7f {
			return portfolio.Actor{}, usagef("--as %q: control characters are not allowed", as)
		}
	}
	return act, nil
}

// osUserName is the name of the user running the tool: the operating
// system's (a.userName in tests), else $USER; "" when neither is known.
func (a *app) osUserName() string {
	name := ""
	if a.userName != nil {
		name = a.userName()
	} else if u, err := user.Current(); err == nil {
		name = u.Username
	}
	if name = strings.TrimSpace(name); name == "" {
		name = strings.TrimSpace(a.getenv("USER"))
	}
	return name
}
