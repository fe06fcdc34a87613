package engine

import (
	"strings"
)

// HeadException says when a second checker may leave the head on a
// player's first turn in long nardy.
type HeadException uint8

// Readings of the first-turn exception.
const (
	// HeadGeneralized: a second checker may leave the head when one head
	// checker cannot play the whole roll (default).
	HeadGeneralized HeadException = iota
	// HeadDoubles: only 6-6, 4-4 and 3-3 may take two.
	HeadDoubles
)

// BlockCheck says when the six-block rule is checked.
type BlockCheck uint8

// Readings of the six-block check.
const (
	// BlockEachDie: after every single die, even in passing (default).
	BlockEachDie BlockCheck = iota
	// BlockEndOfTurn: only the position at the end of the turn.
	BlockEndOfTurn
)

// BlockExemption says when a six-block is allowed.
type BlockExemption uint8

// Readings of the six-block exemption.
const (
	// ExemptAhead: at least one opponent checker stands ahead of the block
	// (default).
	ExemptAhead BlockExemption = iota
	// ExemptHome: at least one opponent checker has entered its home.
	ExemptHome
)

// ShortVariant is the reading of short nardy.
type ShortVariant uint8

// Readings of short nardy.
const (
	// International backgammon rules (default).
	International ShortVariant = iota
	// Eastern: no hit and hide; no gammon with the cube; arithmetic stakes.
	Eastern
)

// Rules is a rule profile: the reading of every disputed rule. The zero
// value is the default profile of RULES.md.
type Rules struct {
	HeadException  HeadException
	BlockCheck     BlockCheck
	BlockExemption BlockExemption
	NoLastRoll     bool // long nardy: last-roll=off (no draws)
	Short          ShortVariant
}

// DefaultRules is the default profile.
var DefaultRules = Rules{}

// RuleKey describes one rule key as written in a block's rules: line.
type RuleKey struct {
	Name   string
	Values []string // the first is the default
	Game   Game
}

// RuleKeys lists the rule keys in the order they are documented.
var RuleKeys = []RuleKey{
	{"head-exception", []string{"generalized", "doubles"}, Long},
	{"block-check", []string{"each-die", "end-of-turn"}, Long},
	{"block-exemption", []string{"ahead", "home"}, Long},
	{"last-roll", []string{"on", "off"}, Long},
	{"short", []string{"international", "eastern"}, Short},
}

func ruleKeyNames() string {
	names := make([]string, len(RuleKeys))
	for i, k := range RuleKeys {
		names[i] = k.Name
	}
	return strings.Join(names, ", ")
}

// value returns the index of the value of key i in r.
func (r Rules) value(i int) int {
	switch RuleKeys[i].Name {
	case "head-exception":
		return int(r.HeadException)
	case "block-check":
		return int(r.BlockCheck)
	case "block-exemption":
		return int(r.BlockExemption)
	case "last-roll":
		if r.NoLastRoll {
			return 1
		}
		return 0
	default:
		return int(r.Short)
	}
}

func (r *Rules) setValue(i, v int) {
	switch RuleKeys[i].Name {
	case "head-exception":
		r.HeadException = HeadException(v)
	case "block-check":
		r.BlockCheck = BlockCheck(v)
	case "block-exemption":
		r.BlockExemption = BlockExemption(v)
	case "last-roll":
		r.NoLastRoll = v == 1
	default:
		r.Short = ShortVariant(v)
	}
}

// ruleIndex returns the index in RuleKeys of the key of "key=value" (which
// must be known).
func ruleIndex(kv string) int {
	name, _, _ := strings.Cut(kv, "=")
	for i, k := range RuleKeys {
		if k.Name == name {
			return i
		}
	}
	return -1
}

// Get returns the value of the rule key name ("block-check") in r.
func (r Rules) Get(name string) (string, bool) {
	for i, k := range RuleKeys {
		if k.Name == name {
			return k.Values[r.value(i)], true
		}
	}
	return "", false
}

// Set applies one override written "key=value" to r. Unknown keys and
// values are errors that list what is known.
func (r *Rules) Set(kv string) error {
	name, val, ok := strings.Cut(kv, "=")
	if !ok {
		return errorString("rule " + quote(kv) + `: write "key=value", e.g. "block-check=end-of-turn"`)
	}
	for i, k := range RuleKeys {
		if k.Name != name {
			continue
		}
		for v, s := range k.Values {
			if s == val {
				r.setValue(i, v)
				return nil
			}
		}
		return errorString("rule " + quote(kv) + ": " + name + " is " + strings.Join(k.Values, " or "))
	}
	return errorString("unknown rule " + quote(kv) + "; known: " + ruleKeyNames())
}

// GameOf returns the game a rule key applies to.
func GameOf(name string) (Game, bool) {
	for _, k := range RuleKeys {
		if k.Name == name {
			return k.Game, true
		}
	}
	return Long, false
}

// ParseRules applies space-separated "key=value" overrides to base.
func ParseRules(base Rules, s string) (Rules, error) {
	for _, f := range strings.Fields(s) {
		if err := base.Set(f); err != nil {
			return base, err
		}
	}
	return base, nil
}

// Diff returns the overrides that turn base into r, as "key=value" words
// in documented order, only for keys of game g.
func (r Rules) Diff(base Rules, g Game) []string {
	var out []string
	for i, k := range RuleKeys {
		if k.Game == g && r.value(i) != base.value(i) {
			out = append(out, k.Name+"="+k.Values[r.value(i)])
		}
	}
	return out
}

// Text writes every key of game g as "key=value", space-separated.
func (r Rules) Text(g Game) string {
	var parts []string
	for i, k := range RuleKeys {
		if k.Game == g {
			parts = append(parts, k.Name+"="+k.Values[r.value(i)])
		}
	}
	return strings.Join(parts, " ")
}
