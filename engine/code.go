package engine

import (
	"errors"
	"strconv"
	"strings"
)

// Code returns the position's one-line code, copyable and exact:
//
//	Lw66:24x13,18x2:12x15
//	Sb31:bar,13x5,8x3,6x5,2:19x5,17x3,12x5,1x2
//	Lbsb:3,1x2:16,15x2:last-roll=off
//
// The header is the game (L long, S short), the side to move (w, b), the
// dice if any, and for long nardy "sb" when Black started the game. Then
// White's and Black's checkers: "bar" or points in White's numbering from
// 24 down, with "xN" for more than one checker; an empty list means all
// borne off. A last part, when present, lists rule overrides (only those
// that differ from the default profile).
func Code(p Position, d Dice, hasDice bool, r Rules) string {
	var sb []byte
	if p.Game == Long {
		sb = append(sb, 'L')
	} else {
		sb = append(sb, 'S')
	}
	sb = append(sb, "wb"[p.Turn])
	if hasDice {
		sb = append(sb, '0'+d[0], '0'+d[1])
	}
	if p.Game == Long && p.Started == Black {
		sb = append(sb, "sb"...)
	}
	for _, s := range []Side{White, Black} {
		sb = append(sb, ':')
		first := true
		item := func(name string, n int) {
			if !first {
				sb = append(sb, ',')
			}
			first = false
			sb = append(sb, name...)
			if n > 1 {
				sb = append(sb, 'x')
				sb = strconv.AppendInt(sb, int64(n), 10)
			}
		}
		if n := p.Bar(s); n > 0 {
			item("bar", n)
		}
		for pt := Point(24); pt >= 1; pt-- {
			if n := p.Count(s, pt); n > 0 {
				item(strconv.Itoa(int(pt)), n)
			}
		}
	}
	if diff := r.Diff(DefaultRules, p.Game); len(diff) > 0 {
		sb = append(sb, ':')
		sb = append(sb, strings.Join(diff, ",")...)
	}
	return string(sb)
}

// ParsedCode is what a position code holds.
type ParsedCode struct {
	Position Position
	Dice     Dice
	HasDice  bool
	Rules    Rules
}

// ParseCode reads a position code written by Code. It accepts only the
// canonical form, so Code(ParseCode(s)) == s for every code it accepts.
func ParseCode(s string) (Position, error) {
	c, err := ParseFullCode(s)
	return c.Position, err
}

// ParseFullCode reads a position code with its dice and rules.
func ParseFullCode(s string) (ParsedCode, error) {
	var c ParsedCode
	if msg := parseCode(s, &c); msg != "" {
		return ParsedCode{}, errors.New("position code " + strconv.Quote(s) + ": " + msg)
	}
	return c, nil
}

// parseCode is ParseFullCode writing into c, with the problem, if any,
// as a message.
func parseCode(s string, c *ParsedCode) (msg string) {
	parts := strings.SplitN(s, ":", 5)
	n := len(parts)
	if n != 3 && n != 4 {
		return `expected "header:white:black" or "header:white:black:rules"`
	}
	h := parts[0]
	if len(h) < 2 || (h[0] != 'L' && h[0] != 'S') || (h[1] != 'w' && h[1] != 'b') {
		return `the header starts with L or S (the game), then w or b (the side to move)`
	}
	g := Long
	if h[0] == 'S' {
		g = Short
	}
	c.Position = NewPosition(g)
	p := &c.Position
	if h[1] == 'b' {
		p.Turn = Black
	}
	h = h[2:]
	if len(h) >= 2 && isDigit(h[0]) {
		c.Dice, c.HasDice = Dice{h[0] - '0', h[1] - '0'}, true
		if !c.Dice.Valid() {
			return "a die shows 1 to 6"
		}
		h = h[2:]
	}
	if h == "sb" && g == Long {
		p.Started = Black
		h = ""
	}
	if h != "" {
		return `unexpected "` + h + `" in the header`
	}
	for s := White; s <= Black; s++ {
		me, opp := &p.b[s], &p.b[s.Other()]
		prev, total := 26, 0
		for rest, more := parts[1+s], parts[1+s] != ""; more; {
			var item string
			item, rest, more = strings.Cut(rest, ",")
			name, count, hasCount := strings.Cut(item, "x")
			n, at := 1, 25
			if hasCount {
				n = canonicalInt(count)
			}
			if name != "bar" {
				at = canonicalInt(name)
			}
			// The point in both sides' own coordinates (the bar is 25).
			mine, theirs := at, at
			if at < 25 {
				mine, theirs = own(g, s, Point(at)), own(g, s.Other(), Point(at))
			}
			switch {
			case hasCount && (n < 2 || n > Checkers):
				msg = "a count is 2 to 15 (a single checker has no count)"
			case at < 1 || at > 24 && name != "bar":
				msg = `a point is 1 to 24 or "bar"`
			case at == 25 && g == Long:
				msg = "long nardy has no bar"
			case at >= prev:
				msg = "points are listed from the bar and 24 down, each once"
			case total+n > Checkers:
				msg = "more than 15 checkers"
			case at < 25 && opp[theirs] > 0:
				msg = "the point holds checkers of both sides"
			}
			if msg != "" {
				return `"` + item + `": ` + msg
			}
			prev, total = at, total+n
			me[mine] = int8(n)
			me[0] -= int8(n)
		}
	}
	if n == 4 {
		// Only rules that differ from the default, once each, in the
		// documented order: the code stays canonical.
		last := -1
		for rest, more := parts[3], true; more; {
			var kv string
			kv, rest, more = strings.Cut(rest, ",")
			k, v := codeRule(kv, g)
			if k <= last {
				return `rule "` + kv + `": a code lists, once each and in this order, only rules that differ from the default: ` + codeRules(g)
			}
			c.Rules.setValue(k, v)
			last = k
		}
	}
	return ""
}

// codeRule finds "key=value" among the rules of game g that differ from
// the default, returning the key's index in RuleKeys and the value's, or
// -1 when kv is not one of them.
func codeRule(kv string, g Game) (key, value int) {
	name, val, _ := strings.Cut(kv, "=")
	for i, k := range RuleKeys {
		if k.Game != g || k.Name != name {
			continue
		}
		for v := 1; v < len(k.Values); v++ {
			if k.Values[v] == val {
				return i, v
			}
		}
	}
	return -1, 0
}

// codeRules lists what a code of game g may hold among its rules.
func codeRules(g Game) string {
	var list []string
	for _, k := range RuleKeys {
		for v := 1; k.Game == g && v < len(k.Values); v++ {
			list = append(list, k.Name+"="+k.Values[v])
		}
	}
	return strings.Join(list, ", ")
}

// canonicalInt reads a number of one or two digits written without sign
// or leading zeros, or returns -1.
func canonicalInt(s string) int {
	if s == "" || len(s) > 2 || !isDigit(s[0]) || s[0] == '0' {
		return -1
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return -1
	}
	return n
}
