package web

import (
	"errors"
	"net/http"

	"github.com/registerdata/registerdata-go/portfolio"
)

// usersData is the users page: every user, and the roles to give.
type usersData struct {
	Users []portfolio.User
	Roles []string
}

// users lists the people who may sign in, with their role and where
// they sign in, and the forms to change a role or remove a user. Local
// accounts are added and their passwords set on the command line
// ("portfolio users add", "users password"): no page handles passwords.
func (s *server) users(w http.ResponseWriter, r *http.Request, who Principal) {
	d := usersData{Roles: portfolio.Roles}
	for u, err := range s.p.Users(r.Context()) {
		if err != nil {
			s.fail(w, r, who, "reading the users", err)
			return
		}
		d.Users = append(d.Users, u)
	}
	s.render(w, r, who, "users", "Users and roles", d)
}

// setRole gives the user id the role; the last admin keeps theirs.
func (s *server) setRole(w http.ResponseWriter, r *http.Request, who Principal) {
	id, role := r.PostFormValue("id"), r.PostFormValue("role")
	if id == "" || !portfolio.ValidRole(role) {
		s.fail(w, r, who, "changing a role", refuse("The form names no user or no valid role: open the users page and use its form."))
		return
	}
	if err := s.p.SetRole(as(r, who), id, role); err != nil {
		s.fail(w, r, who, "changing a role", userErr(err))
		return
	}
	done(w, r, "/users", "role")
}

// removeUser removes the user id and their sessions; the last admin
// stays.
func (s *server) removeUser(w http.ResponseWriter, r *http.Request, who Principal) {
	id := r.PostFormValue("id")
	if id == "" {
		s.fail(w, r, who, "removing a user", refuse("The form names no user: open the users page and use its form."))
		return
	}
	if err := s.p.RemoveUser(as(r, who), id); err != nil {
		s.fail(w, r, who, "removing a user", userErr(err))
		return
	}
	done(w, r, "/users", "removed")
}

// userErr is err in words for the admin when it is a refusal of the
// portfolio's user API.
func userErr(err error) error {
	switch {
	case errors.Is(err, portfolio.ErrLastAdmin):
		return refuse("The last admin cannot be removed or lose the role: make someone else admin first.")
	case errors.Is(err, portfolio.ErrNoUser):
		return refuse("There is no such user: someone may have removed them already.")
	}
	return err
}
