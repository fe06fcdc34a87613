package gameui

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"

	"github.com/nardydocs/nardydocs/engine"
	"github.com/nardydocs/nardydocs/internal/bot"
	"github.com/nardydocs/nardydocs/internal/game"
	"github.com/nardydocs/nardydocs/templates/i18n"
)

// saveVersion is the version of the saved form; another is refused.
const saveVersion = 1

// saved is a controller as Save writes it: the setup beyond the game's
// own, and the game (game.Game's JSON).
type saved struct {
	Version int             `json:"version"`
	Mode    string          `json:"mode"`
	Side    string          `json:"side"`
	Level   string          `json:"level"`
	Game    json.RawMessage `json:"game"`
}

// Save writes the game being played and its setup, for a page to keep
// (in localStorage) and Restore.
func (c *Controller) Save() ([]byte, error) {
	data, err := c.g.MarshalJSON()
	if err != nil {
		return nil, err
	}
	return json.Marshal(saved{Version: saveVersion, Mode: c.set.Mode.String(), Side: c.set.Side.String(), Level: c.set.Level.String(), Game: data})
}

// Restore reads a game written by Save for a page of game kind g. It
// trusts nothing (the game is replayed through the engine, see
// game.Game.UnmarshalJSON) and refuses a save of another game or
// version, or one the rules do not allow, saying what is wrong. The
// restored controller says the game goes on, and the computer acts if it
// is its turn.
func Restore(lang i18n.Lang, data []byte, g engine.Game, opt Options) (*Controller, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var s saved
	if err := dec.Decode(&s); err != nil {
		return nil, errors.New("saved game: " + err.Error())
	}
	if dec.More() {
		return nil, errors.New("saved game: text after the game")
	}
	if s.Version != saveVersion {
		return nil, errors.New("saved game: version " + strconv.Itoa(s.Version) + ", expected " + strconv.Itoa(saveVersion))
	}
	mode, err := ParseMode(s.Mode)
	if err != nil {
		return nil, errors.New("saved game: " + err.Error())
	}
	side, ok := engine.ParseSide(s.Side)
	if !ok {
		return nil, errors.New("saved game: side " + strconv.Quote(s.Side) + `: expected "white" or "black"`)
	}
	level, err := bot.ParseLevel(s.Level)
	if err != nil {
		return nil, errors.New("saved game: " + err.Error())
	}
	gm := game.New(g, engine.DefaultRules, game.Options{Dice: opt.Dice})
	if err := gm.UnmarshalJSON(s.Game); err != nil {
		return nil, err
	}
	if gm.Kind() != g {
		return nil, errors.New("saved game: a game of " + gm.Kind().String() + " nardy, not " + g.String())
	}
	c := &Controller{lang: lang, opt: opt}
	c.set = Setup{Game: g, Rules: gm.Rules(), Mode: mode, Side: side, Level: level, Cube: gm.CubeInUse()}
	c.g = gm
	if mode == Computer {
		c.comp = bot.New(level, gm.Rules(), opt.Seed)
	}
	c.news = []string{i18n.GameText(lang, "play.restored")}
	if err := c.settle(); err != nil {
		return nil, err
	}
	return c, nil
}
