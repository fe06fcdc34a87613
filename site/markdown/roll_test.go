package markdown

import (
	"bytes"
	"testing"

	"github.com/yuin/goldmark"
)

// TestRolls: a roll in the text is kept on one line; numbers, ranges,
// moves and code are left as they are.
func TestRolls(t *testing.T) {
	t.Parallel()
	m := goldmark.New(goldmark.WithExtensions(Extender{}))
	for _, c := range []struct{ in, want string }{
		{"Выпало 6-2.", `<p>Выпало <span class="roll">6-2</span>.</p>`},
		{"6-6, 5-5 и 4-4", `<p><span class="roll">6-6</span>, <span class="roll">5-5</span> и <span class="roll">4-4</span></p>`},
		{"(5-3)", `<p>(<span class="roll">5-3</span>)</p>`},
		{"**6-5** и *1-1*", `<p><strong><span class="roll">6-5</span></strong> и <em><span class="roll">1-1</span></em></p>`},
		{"## При 5-5\n", `<h2>При <span class="roll">5-5</span></h2>`},
		{"пункты 12-15, ход 24-18, 6-7, 0-1, 7-1, 6-25, 1-2-3", `<p>пункты 12-15, ход 24-18, 6-7, 0-1, 7-1, 6-25, 1-2-3</p>`},
		{"код `6-2` и 3-1", `<p>код <code>6-2</code> и <span class="roll">3-1</span></p>`},
		{"строка 2-1\nи 6-5", "<p>строка <span class=\"roll\">2-1</span>\nи <span class=\"roll\">6-5</span></p>"},
		{"[ход 6-5](a.md)", `<p><a href="a.md">ход <span class="roll">6-5</span></a></p>`},
	} {
		var buf bytes.Buffer
		if err := m.Convert([]byte(c.in), &buf); err != nil {
			t.Fatal(err)
		}
		if got := string(bytes.TrimSpace(buf.Bytes())); got != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.in, got, c.want)
		}
	}
}
