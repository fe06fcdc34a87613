package engine

import (
	"errors"
	"strconv"
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
// value is the default profile (docs/rules.md).
type Rules struct {
	HeadException  HeadException
	BlockCheck     BlockCheck
	BlockExemption BlockExemption
	NoLastRoll     bool // long nardy: last-roll=off (no draws)
	// HomeMars is long nardy's home-mars=on: a mars where the loser has
	// all 15 checkers in its home counts triple (домашний марс).
	HomeMars bool
	// LongCube is long nardy's long-cube=on: the game may be played with
	// the doubling cube, as in tournaments.
	LongCube bool
	Short    ShortVariant
	// NoBackgammon is short nardy's backgammon=off: a gammon is never
	// raised to a backgammon (кокс), as in seed 001.
	NoBackgammon bool
}

// DefaultRules is the default profile.
var DefaultRules = Rules{}

// RuleKey describes one rule key as written in a "rules:" line: its
// name, its values and the field of Rules it reads and writes.
type RuleKey struct {
	Name   string
	Values []string // the first is the default
	Game   Game
	get    func(Rules) int   // the index in Values of r's value
	set    func(*Rules, int) // sets r's value to Values[v]
}

// RuleKeys lists the rule keys in the order they are documented
// (docs/rules.md). Each reads and writes its own field of Rules, so that
// a key cannot be renamed into another's field.
var RuleKeys = []RuleKey{
	{"head-exception", []string{"generalized", "doubles"}, Long,
		func(r Rules) int { return int(r.HeadException) },
		func(r *Rules, v int) { r.HeadException = HeadException(v) }},
	{"block-check", []string{"each-die", "end-of-turn"}, Long,
		func(r Rules) int { return int(r.BlockCheck) },
		func(r *Rules, v int) { r.BlockCheck = BlockCheck(v) }},
	{"block-exemption", []string{"ahead", "home"}, Long,
		func(r Rules) int { return int(r.BlockExemption) },
		func(r *Rules, v int) { r.BlockExemption = BlockExemption(v) }},
	{"last-roll", []string{"on", "off"}, Long,
		func(r Rules) int { return boolIndex(r.NoLastRoll) },
		func(r *Rules, v int) { r.NoLastRoll = v == 1 }},
	{"home-mars", []string{"off", "on"}, Long,
		func(r Rules) int { return boolIndex(r.HomeMars) },
		func(r *Rules, v int) { r.HomeMars = v == 1 }},
	{"long-cube", []string{"off", "on"}, Long,
		func(r Rules) int { return boolIndex(r.LongCube) },
		func(r *Rules, v int) { r.LongCube = v == 1 }},
	{"short", []string{"international", "eastern"}, Short,
		func(r Rules) int { return int(r.Short) },
		func(r *Rules, v int) { r.Short = ShortVariant(v) }},
	{"backgammon", []string{"on", "off"}, Short,
		func(r Rules) int { return boolIndex(r.NoBackgammon) },
		func(r *Rules, v int) { r.NoBackgammon = v == 1 }},
}

// boolIndex is 1 for true and 0 for false: the index of a switch's value
// in a key whose second value turns it on.
func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}

func ruleKeyNames() string {
	names := make([]string, len(RuleKeys))
	for i, k := range RuleKeys {
		names[i] = k.Name
	}
	return strings.Join(names, ", ")
}

// value returns the index of the value of key i in r.
func (r Rules) value(i int) int { return RuleKeys[i].get(r) }

// setValue sets key i of r to its v-th value.
func (r *Rules) setValue(i, v int) { RuleKeys[i].set(r, v) }

// Get returns the value of the rule key name ("block-check") in r.
func (r Rules) Get(name string) (string, bool) {
	for i, k := range RuleKeys {
		if k.Name == name {
			return k.Values[r.value(i)], true
		}
	}
	return "", false
}

// Preset is a named rule profile: one reading of every disputed rule.
type Preset struct {
	Name  string
	Rules Rules
}

// Presets are the named profiles, the default first. A "rules:" line (or
// --rules, or the site's configuration) may name one; key=value words
// after it override it.
var Presets = []Preset{
	// The defaults (docs/rules.md).
	{"default", Rules{}},
	// Tournament wording: the first-turn exception is the list of doubles
	// 6-6, 4-4 and 3-3; a six-block is checked after every die; the last
	// roll may draw.
	{"federation", Rules{HeadException: HeadDoubles}},
	// The defaults without the last roll: long nardy has no draws.
	{"no-draws", Rules{NoLastRoll: true}},
	// Common club rules (seed 000): only the doubles 6-6, 4-4, 3-3 take two
	// from the head, a six-block formed in passing is no error, no draws.
	{"club", Rules{HeadException: HeadDoubles, BlockCheck: BlockEndOfTurn, NoLastRoll: true}},
	// Eastern short nardy: no hit and hide, no gammon with the cube,
	// arithmetic stakes.
	{"eastern", Rules{Short: Eastern}},
}

func presetNames() string {
	names := make([]string, len(Presets))
	for i, p := range Presets {
		names[i] = p.Name
	}
	return strings.Join(names, ", ")
}

// Set applies one word of a "rules:" line to r: a preset's name sets
// every rule to the preset, "key=value" overrides one rule. Unknown
// presets, keys and values are errors that list what is known.
func (r *Rules) Set(kv string) error {
	name, val, ok := strings.Cut(kv, "=")
	if !ok {
		for _, p := range Presets {
			if p.Name == kv {
				*r = p.Rules
				return nil
			}
		}
		return errors.New("unknown profile " + strconv.Quote(kv) + "; write a preset (" + presetNames() + `) or "key=value", e.g. "block-check=end-of-turn"`)
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
		return errors.New("rule " + strconv.Quote(kv) + ": " + name + " is " + strings.Join(k.Values, " or "))
	}
	return errors.New("unknown rule " + strconv.Quote(kv) + "; known: " + ruleKeyNames())
}

// Profile names r as a preset plus the overrides that differ from it:
// "default", "no-draws", "club head-exception=generalized". The preset
// chosen is the one with the fewest differences (the earlier on a tie).
func (r Rules) Profile() string {
	best, bestDiff := 0, []string(nil)
	for i, p := range Presets {
		var diff []string
		for _, g := range []Game{Long, Short} {
			diff = append(diff, r.Diff(p.Rules, g)...)
		}
		if i == 0 || len(diff) < len(bestDiff) {
			best, bestDiff = i, diff
		}
	}
	return strings.Join(append([]string{Presets[best].Name}, bestDiff...), " ")
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
