package engine

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
	return join(names, ", ")
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
	name, _, _ := cut(kv, '=')
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

// Preset is a named rule profile: one reading of every disputed rule.
type Preset struct {
	Name  string
	Rules Rules
}

// Presets are the named profiles, the default first. A "rules:" line (or
// --rules, or the site's configuration) may name one; key=value words
// after it override it.
var Presets = []Preset{
	// The defaults of RULES.md.
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
	return join(names, ", ")
}

// Set applies one word of a "rules:" line to r: a preset's name sets
// every rule to the preset, "key=value" overrides one rule. Unknown
// presets, keys and values are errors that list what is known.
func (r *Rules) Set(kv string) error {
	name, val, ok := cut(kv, '=')
	if !ok {
		for _, p := range Presets {
			if p.Name == kv {
				*r = p.Rules
				return nil
			}
		}
		return errorString("unknown profile " + quote(kv) + "; write a preset (" + presetNames() + ") or \"key=value\", e.g. \"block-check=end-of-turn\"")
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
		return errorString("rule " + quote(kv) + ": " + name + " is " + join(k.Values, " or "))
	}
	return errorString("unknown rule " + quote(kv) + "; known: " + ruleKeyNames())
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
	return join(append([]string{Presets[best].Name}, bestDiff...), " ")
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
	for _, f := range fields(s) {
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
	return join(parts, " ")
}
