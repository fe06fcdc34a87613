//go:build js && wasm

// Command game is the game pages' module: a whole game of nardy against
// the computer or a friend, compiled to WebAssembly (GOOS=js
// GOARCH=wasm) and served as game.wasm, loaded only by the game pages
// (docs/game.md). The work is done in package internal/gameui.
package main

import "github.com/nardydocs/nardydocs/internal/gameui"

func main() { gameui.Run() }
