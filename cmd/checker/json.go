package main

import (
	"strconv"
	"strings"

	"github.com/nardydocs/nardydocs/templates/i18n"
)

// Check judges a move for a position block or position code and returns
// the verdict as one JSON object:
//
//	{"legal": false, "reason": "point-held", "message": "…", "col": 0,
//	 "play": "", "plays": ["24/18 24/18"], "dice_played": 2}
//
// or {"error": "…"} when the position cannot be read. lang is "ru" or
// "uk".
func Check(text, move, lang string) string {
	return evaluate(text, move, i18n.Lang(lang)).json()
}

func (r result) json() string {
	var sb strings.Builder
	if r.Error != "" {
		sb.WriteString(`{"error": `)
		quote(&sb, r.Error)
		sb.WriteString("}")
		return sb.String()
	}
	sb.WriteString(`{"legal": ` + strconv.FormatBool(r.Legal))
	sb.WriteString(`, "reason": `)
	quote(&sb, r.Reason)
	sb.WriteString(`, "message": `)
	quote(&sb, r.Message)
	sb.WriteString(`, "col": ` + strconv.Itoa(r.Col) + `, "play": `)
	quote(&sb, r.Play)
	sb.WriteString(`, "plays": [`)
	for i, p := range r.Plays {
		if i > 0 {
			sb.WriteString(", ")
		}
		quote(&sb, p)
	}
	sb.WriteString(`], "dice_played": ` + strconv.Itoa(r.DicePlayed) + "}")
	return sb.String()
}

// quote writes s as a JSON string.
func quote(sb *strings.Builder, s string) {
	const hex = "0123456789abcdef"
	sb.WriteByte('"')
	for _, c := range []byte(s) {
		switch {
		case c == '"' || c == '\\':
			sb.WriteByte('\\')
			sb.WriteByte(c)
		case c == '\n':
			sb.WriteString(`\n`)
		case c < 0x20:
			sb.WriteString(`\u00`)
			sb.WriteByte(hex[c>>4])
			sb.WriteByte(hex[c&15])
		default:
			sb.WriteByte(c)
		}
	}
	sb.WriteByte('"')
}
