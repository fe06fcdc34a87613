package engine

// ParseGnubgID reads a GNU Backgammon Position ID (14 characters) for a
// short-nardy position with turn on roll.
func ParseGnubgID(id string, turn Side) (Position, error) {
	return Position{}, errorString("gnubg position IDs are not supported yet")
}
