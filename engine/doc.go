// Package engine is the rules engine of nardydocs: positions, dice, moves,
// whole-turn plays, rule profiles, legal-play generation, results and dice
// statistics for long nardy (длинные нарды) and short nardy (короткие нарды,
// backgammon), plus the plain-text position block format shared by the
// Markdown pages, the command line and the in-browser checker.
//
// Points are numbered 1..24 from White's side for both colours, as on every
// diagram and in every move notation. Internally each side's checkers are
// kept in its own coordinates (24 is the far end, 1 the deepest home point,
// 0 borne off, 25 the bar), so both colours move downwards.
//
// The package is pure: it does no I/O and avoids fmt and reflect, so that
// the WebAssembly checker built on it stays small.
package engine
