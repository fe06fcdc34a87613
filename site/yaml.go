package site

import (
	"bytes"
	"errors"
	"strconv"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/lexer"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"

	"github.com/nardydocs/nardydocs/engine"
)

// A page's front matter and the site's configuration are YAML mappings of
// scalar values, read with github.com/goccy/go-yaml, which gives every
// node's line and column, so that each problem is reported where it is.

// yamlEntry is one "key: value" of a YAML mapping.
type yamlEntry struct {
	key   string
	value ast.Node
	at    engine.Pos // the value's place (the key's when it has none)
	keyAt engine.Pos
}

// yamlMapping reads src, a YAML mapping whose first line is line+1 of
// file, into its entries in the order written. Problems (YAML syntax, a
// document that is not a mapping, a key given twice) go into errs.
func yamlMapping(src []byte, file string, line int, errs *engine.ErrorList) []yamlEntry {
	pos := func(n ast.Node) engine.Pos {
		if n == nil || n.GetToken() == nil {
			return engine.Pos{File: file, Line: line + 1, Col: 1}
		}
		p := n.GetToken().Position
		return engine.Pos{File: file, Line: line + p.Line, Col: p.Column}
	}
	if !yamlBounds(src, file, line, errs) {
		return nil
	}
	// Windows line ends as "\n": the parser counts a "\r\n" after a
	// comment as two lines.
	src = bytes.ReplaceAll(src, []byte("\r\n"), []byte("\n"))
	f, err := parser.ParseBytes(src, 0, parser.AllowDuplicateMapKey()) // reported below, in file lines
	if err != nil {
		at := yamlErrorPos(err, file, line)
		errs.Add(at, yamlProblem(yamlMessage(err), src, at, line))
		return nil
	}
	tagged := false
	for _, tk := range lexer.Tokenize(string(src)) {
		if tk.Type == token.TagType {
			tagged = true
			at := engine.Pos{File: file, Line: line + tk.Position.Line, Col: tk.Position.Column}
			errs.Add(at, "YAML tag "+strconv.Quote(tk.Value)+": nardydocs reads plain values only; remove the tag, or quote the value if it begins with \"!\"")
		}
	}
	if tagged {
		return nil
	}
	var out []yamlEntry
	seen := map[string]engine.Pos{}
	for _, doc := range f.Docs {
		var values []*ast.MappingValueNode
		switch body := doc.Body.(type) {
		case nil:
			continue
		case *ast.MappingNode:
			values = body.Values
		case *ast.MappingValueNode:
			values = []*ast.MappingValueNode{body}
		default:
			errs.Add(pos(body), `expected "key: value" lines`)
			continue
		}
		for _, mv := range values {
			key := ""
			if mv.Key != nil {
				key = mv.Key.String()
				if tok := mv.Key.GetToken(); tok != nil {
					key = tok.Value
				}
			}
			e := yamlEntry{key: key, value: mv.Value, at: pos(mv.Value), keyAt: pos(mv.Key)}
			if mv.Value == nil || mv.Value.GetToken() == nil {
				e.at = e.keyAt
			}
			if first, dup := seen[key]; dup {
				errs.Add(e.keyAt, "duplicate key "+strconv.Quote(key)+" (first on line "+strconv.Itoa(first.Line)+")")
				continue
			}
			seen[key] = e.keyAt
			out = append(out, e)
		}
	}
	return out
}

// text returns an entry's value as text: a string, a number or a boolean
// as written; an empty value is "".
func (e yamlEntry) text(errs *engine.ErrorList) (string, bool) {
	switch v := e.value.(type) {
	case nil, *ast.NullNode:
		return "", true
	case *ast.StringNode:
		return v.Value, true
	case *ast.LiteralNode:
		return v.Value.Value, true
	case ast.ScalarNode:
		return v.GetToken().Value, true
	}
	errs.Add(e.at, strconv.Quote(e.key)+" takes one value on its line, not a list or a mapping")
	return "", false
}

// yamlErrorPos returns the place of a goccy error in file coordinates.
func yamlErrorPos(err error, file string, line int) engine.Pos {
	var ye yaml.Error
	if errors.As(err, &ye) && ye.GetToken() != nil {
		p := ye.GetToken().Position
		return engine.Pos{File: file, Line: line + p.Line, Col: p.Column}
	}
	return engine.Pos{File: file, Line: line + 1, Col: 1}
}

// yamlMessage returns a goccy error's message without its source excerpt.
func yamlMessage(err error) string {
	var ye yaml.Error
	if errors.As(err, &ye) {
		return ye.GetMessage()
	}
	return err.Error()
}
