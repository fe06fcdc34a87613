// Package bot is the computer player of nardydocs, at three levels, for
// both games: it chooses a play for a roll, estimates a position's chances
// and decides on the doubling cube. It depends only on engine and the
// standard library, and runs natively and compiled to WebAssembly (the game
// page) alike; every play it returns is one of engine.LegalPlays.
//
// # The levels
//
// Strong values the position after every legal play with a small neural
// network (one hidden layer of sigmoid units, five outputs: the chances of
// winning, of winning and of losing a gammon or mars, of winning and of
// losing a backgammon or home mars). In short nardy it then values its
// best few candidates (Candidates, within Margin of the best) one roll
// deeper, by the opponent's best answer to each of the 21 rolls, and plays
// the best of those; in long nardy it plays the network's best (0-ply):
// there the look-ahead cost a median 176 ms a move in a browser (a long
// game's doubles have hundreds of plays to answer with), over the game
// page's budget of 50 ms, and won only 53.5% of 400 games against the same
// network without it. A finished game is valued exactly, and so is a
// long-nardy last roll, by its 21 rolls, and a short-nardy bear-off of up
// to six checkers a side. Each game has its own input
// encoding (see encode): short nardy's follows Tesauro's (four units per
// point and side, the bar, the checkers off); long nardy's has no bar,
// tells whether each side may bear off and who started (who has the last
// roll). Strong is deterministic.
//
// Middle values each resulting position with a hand-built evaluation:
// in short nardy the pip count, the points made (home and bar points, the
// longest prime, anchors), the blots weighted by the opponent's shots at
// them and its home board, the checkers on the bar; in long nardy the pip
// count, the points held in front of the opponent's checkers and runs of
// them, both sides' mobility (so that it does not block itself), the
// spread of its checkers and leaving the head, bearing off.
//
// Beginner is the middle evaluation with a beginner's habits and a random
// error drawn from the player's seed: it hits whenever it can, minds its
// blots little, and takes checkers off the head too early.
//
// # The cube
//
// A player judges the cube by its estimate of the position, counting the
// cube's stakes: gammons (mars) count double and backgammons triple,
// except under the eastern rules, which have no mars with the cube. With
// equity E for the side concerned, it doubles when DoublePoint ≤ E ≤
// TooGood (about 70% or more of winning chances, but not so far ahead
// that it should play on for a gammon), and takes a double from stake S
// to N when N·E ≥ −S: with a doubling cube E ≥ −½, a winning chance of at
// least 25% (the take point) when no gammon threatens.
//
// # The weights
//
// The networks' weights are the files weights/short.bin and
// weights/long.bin, embedded in the package (see MarshalBinary for the
// format); a file of another game, encoding version or size is refused.
// They are made by self-play with temporal-difference learning (Train):
//
//	make weights
//
// runs the training command for both games (go run ./internal/bot/train
// -game short -games N -seed S -out internal/bot/weights/short.bin, and
// the same for long); the same flags give the same files. The short-nardy
// weights were made with -games 300000 -hidden 80 -seed 1 (about 18
// minutes on one shared core), the long-nardy ones with -games 100000
// -hidden 80 -seed 1 (about 35 minutes).
package bot
