package portfolio

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// ErrNoActor is wrapped by the error of a decision (Resolve, Remove,
// Acknowledge, Approve, Reject) whose context carries no actor: every
// decision records who took it, so none is taken anonymously. Give the
// context one with WithActor.
var ErrNoActor = errors.New("portfolio: no actor: a decision records who takes it; pass a context from portfolio.WithActor")

// MaxActorLength is the longest Actor.ID or Actor.Name, in bytes.
const MaxActorLength = 256

// Actor is the person (or service account) who takes a decision, as the
// audit chain and the decisions record them.
type Actor struct {
	// ID identifies the person for good: an e-mail address, a user name,
	// an identity provider's subject. Four eyes compare IDs.
	ID string `json:"id"`
	// Name is how people read it ("Anna Richter"); ID when empty.
	Name string `json:"name,omitempty"`
}

// String is the actor as people read it: "Anna Richter
// <anna@bank.example>", or the ID alone.
func (a Actor) String() string {
	if a.Name == "" || a.Name == a.ID {
		return a.ID
	}
	return a.Name + " <" + a.ID + ">"
}

// validate says what is wrong with a, or nil.
func (a Actor) validate() error {
	switch {
	case strings.TrimSpace(a.ID) == "":
		return fmt.Errorf("%w: the actor's ID is empty", ErrNoActor)
	case len(a.ID) > MaxActorLength || len(a.Name) > MaxActorLength:
		return fmt.Errorf("portfolio: the actor's ID and name must be at most %d bytes", MaxActorLength)
	case !printable(a.ID) || !printable(a.Name):
		return fmt.Errorf("portfolio: the actor %q is not printable UTF-8 text", clip(a.ID))
	}
	return nil
}

// printable reports whether s is UTF-8 text without control characters.
func printable(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if r < 0x20 || r == 0x7f {
			return false
		}
	}
	return true
}

type actorKey struct{}

// WithActor returns a context carrying a: the decisions taken with it
// (Resolve, Remove, Acknowledge, Approve, Reject) record a as who took
// them.
func WithActor(ctx context.Context, a Actor) context.Context {
	return context.WithValue(ctx, actorKey{}, a)
}

// ActorFrom is the actor ctx carries (WithActor), and whether it carries
// one.
func ActorFrom(ctx context.Context) (Actor, bool) {
	a, ok := ctx.Value(actorKey{}).(Actor)
	return a, ok
}

// actorOf is the valid actor of ctx, or an error wrapping ErrNoActor.
func actorOf(ctx context.Context, what string) (Actor, error) {
	a, ok := ActorFrom(ctx)
	if !ok {
		return Actor{}, fmt.Errorf("%w (%s)", ErrNoActor, what)
	}
	if err := a.validate(); err != nil {
		return Actor{}, fmt.Errorf("%w (%s)", err, what)
	}
	if a.Name == "" {
		a.Name = a.ID
	}
	return a, nil
}
