package main

import "github.com/nardydocs/nardydocs/templates/i18n"

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
	if r.Error != "" {
		return string(append(quote([]byte(`{"error": `), r.Error), '}'))
	}
	b := []byte(`{"legal": `)
	if r.Legal {
		b = append(b, "true"...)
	} else {
		b = append(b, "false"...)
	}
	b = quote(append(b, `, "reason": `...), r.Reason)
	b = quote(append(b, `, "message": `...), r.Message)
	b = appendUint(append(b, `, "col": `...), uint(r.Col))
	b = quote(append(b, `, "play": `...), r.Play)
	b = append(b, `, "plays": [`...)
	for i, p := range r.Plays {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = quote(b, p)
	}
	b = appendUint(append(b, `], "dice_played": `...), uint(r.DicePlayed))
	return string(append(b, '}'))
}

// quote appends s to b as a JSON string.
func quote(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for _, c := range []byte(s) {
		switch {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c == '\n':
			b = append(b, `\n`...)
		case c < 0x20:
			b = append(b, `\u00`...)
			b = append(b, hex[c>>4], hex[c&15])
		default:
			b = append(b, c)
		}
	}
	return append(b, '"')
}

// appendUint appends n in decimal (the checker does without strconv,
// which would bring the errors package and its reflection along).
func appendUint(b []byte, n uint) []byte {
	if n >= 10 {
		b = appendUint(b, n/10)
	}
	return append(b, byte('0'+n%10))
}
