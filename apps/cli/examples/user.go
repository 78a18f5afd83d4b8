package users

type User struct {
	Name  string   `json:"name"`
	Email string   `json:"email,omitempty"`
	Roles []string `json:"roles"`
}
