#!/bin/sh
# Regenerates corpus.txt, the GNU Backgammon reference data of
# engine/gnubg_test.go. Needs gnubg (Debian: apt-get install gnubg; the
# data was made with GNU Backgammon 1.07.001) and Go. Usage, from anywhere:
#
#   sh engine/testdata/gnubg/generate.sh
#
#   1. selfplay.py: gnubg plays 40 money games against itself (fixed seed,
#      0-ply) and lists the positions and rolls it met.
#   2. ./cases picks the cases: the opening with all 21 rolls; 400
#      positions with a roll from random short-nardy games that the engine
#      plays from the opening (fixed seed), chosen to cover the bar, blocked
#      and failed entries, bearing off, hits during bear-off, rolls that
#      cannot be played in full and doubles; 100 positions with the roll
#      gnubg had in its own games.
#   3. query.py lists gnubg's legal moves for each case, as the Position IDs
#      of the resulting positions.
set -eu
dir=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$dir/../../.." && pwd)
gnubg=$(command -v gnubg || echo /usr/games/gnubg)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# A private HOME keeps the user's gnubg settings out of the data; -r skips
# the rc files, -q the sounds.
mkdir "$tmp/home"

run_gnubg() { # script, the line its log must contain, then VAR=value...
	script=$1 expect=$2
	shift 2
	env HOME="$tmp/home" "$@" "$gnubg" -t -q -r -p "$script" >"$tmp/gnubg.log" 2>&1 &&
		grep -q "$expect" "$tmp/gnubg.log" || {
		tail -20 "$tmp/gnubg.log" >&2
		exit 1
	}
}

run_gnubg "$dir/selfplay.py" '^Seed set to 20240601' GNUBG_GAMES=40 GNUBG_OUT="$tmp/selfplay.txt"

(cd "$root" && go run ./engine/testdata/gnubg/cases -seed 20240601 -games 150 -n 400 \
	-selfplay "$tmp/selfplay.txt" -selfplay-n 100) >"$tmp/cases.txt"

run_gnubg "$dir/query.py" '^query: ' GNUBG_CASES="$tmp/cases.txt" GNUBG_OUT="$tmp/corpus.txt"

{
	echo "# GNU Backgammon reference corpus for short nardy, made by generate.sh with"
	echo "# $("$gnubg" --version 2>/dev/null | head -1)."
	echo "# One case a line, tab-separated: position code with the roll, Position ID"
	echo "# (side to move on roll), tags, number of distinct legal moves, dice each"
	echo "# move uses (\"-\" when no move shows it), sorted Position IDs of the"
	echo "# resulting positions (opponent on roll)."
	cat "$tmp/corpus.txt"
} >"$dir/corpus.txt"
echo "wrote $dir/corpus.txt ($(grep -vc '^#' "$dir/corpus.txt") cases)"
