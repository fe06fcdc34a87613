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
// # Exact, double precision, one-sided
//
// Every figure says how it was obtained (see Method):
//
//   - Exact: an exact fraction computed with math/big. One-roll and
//     last-roll figures are always exact; so are bear-off distributions of
//     positions with up to ExactCheckers checkers, escape chances, and
//     races small enough to be solved under best play for both sides (see
//     Race).
//   - Double: the exact model evaluated in double precision (a relative
//     error of about 1e-15, far below the shown precision). The one-sided
//     bear-off table of 6 or more checkers is of this kind.
//   - OneSided: a race too large for best play, computed with the
//     one-sided model below: an approximation, named as such.
//
// Every computation is bounded: the bear-off tables are built once per
// process, when first needed (see PrepareTable); a race under best play is
// only attempted when its states are few enough (Options.MaxTwoSided), and
// those between small homes are kept for the process (SharedCheckers); and
// the one-sided way home of a side not yet home gives up with an error
// past Options.MaxPositions.
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
// package's tests check them against the engine's legal plays.
//
// A bear-off table ("bearoff") is this model for the side to move: the
// chance of bearing off in exactly or within k turns when playing to bear
// off in as few turns as possible on average. For a race, playing for the
// fewest turns on average is not the same as playing to win: a side may do
// better by aiming at the turn that matters. Race therefore solves small
// races under best play for both sides, exactly, and uses the one-sided
// model, labelled OneSided, only for larger ones.
package odds
