// Package odds computes exact statistics of nardy positions beyond a single
// roll: how many turns a side needs to bear off (a one-sided bear-off table
// in the manner of GNU Backgammon's one-sided database), the chance of the
// draw on the long-nardy last roll, the chances of a race once the two
// sides can no longer interact, and the chance that a blocked checker gets
// past a blockade within a number of turns.
//
// The package builds on the rules engine and never the reverse: the engine
// stays small enough for WebAssembly, while this package uses math/big for
// exact fractions.
//
// # Exact, double precision, sampled
//
// Every figure says how it was obtained (see Method):
//
//   - Exact: an exact fraction computed with math/big. One-roll and
//     last-roll figures are always exact; so are bear-off distributions of
//     positions with up to ExactCheckers checkers, races between two such
//     positions, and escape chances.
//   - Double: the exact model evaluated in double precision (a relative
//     error of about 1e-15, far below the shown precision). The one-sided
//     bear-off table and the races built on it are of this kind.
//   - Sampled: a Monte Carlo estimate with a standard error, used for the
//     part of a race before a side has all its checkers home when the exact
//     computation would visit too many positions.
//
// # The one-sided model
//
// A one-sided figure looks at one side's checkers only. It is the right
// model once the sides no longer interact: a short-nardy bear-off with no
// contact, a long-nardy home (a move inside the home is always allowed and
// opponent checkers never stand there once both sides have passed each
// other). The side plays to minimise its expected number of turns; among
// plays of equal expectation it takes the one whose result has the fewest
// checkers on its highest differing point (comparing the counts from the
// far end down, the order of the table's index), so every figure is
// reproducible. Dice are counted over the 36 ordered outcomes and a double
// is played four times; the plays are those of docs/rules.md, and the
// package's tests check them against the engine's legal plays. Best play for winning a particular race can differ from
// this policy in rare, close cases; the race figures are therefore those of
// both sides playing the one-sided policy, the usual race approximation.
package odds
