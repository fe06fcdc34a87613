# Asks GNU Backgammon for the legal moves of every case in a cases file
# (written by ./cases, see generate.sh) and writes the reference corpus.
#
# Run inside gnubg's embedded Python:
#
#     GNUBG_CASES=cases.txt GNUBG_OUT=corpus.txt gnubg -t -q -r -p query.py
#
# For each case gnubg is given the position by its Position ID (the side to
# move on roll) and the roll, and lists every legal move with `hint` at
# 0-ply (a 0-ply evaluation scores every legal move: nothing is filtered).
# gnubg's move generator keeps one move per resulting position. Each move is
# turned into the resulting position twice, and the two must agree:
#
#   1. by gnubg itself: `set board`, `set dice`, `move <move>`, then the
#      Position ID of the new position (the opponent now on roll);
#   2. by applying the parsed move (gnubg.parsemove) to the board here.
#
# The number of dice a move uses is read from the mover's pip count when the
# move bears nothing off (with a bear-off an overshooting die hides it).
#
# Output, one line per case, tab-separated:
#
#     code  position-id  tags  count  dice  result-ids
#
# count is the number of distinct moves, dice the number of dice each move
# uses ("-" when no move shows it) and result-ids the sorted Position IDs of
# the resulting positions, space-separated (empty when no move is legal).

import os
import sys

import gnubg


def cmd(s):
    gnubg.command(s)


def setup():
    for c in [
        "set player 0 human",
        "set player 1 human",
        "set automatic roll off",
        "set automatic move off",
        "set automatic bearoff off",
        "set automatic game off",
        "set evaluation chequerplay evaluation plies 0",
        "set evaluation chequerplay evaluation prune off",
        "set display off",
        "new game",
    ]:
        cmd(c)


def ensure_game():
    if gnubg.posinfo()["gamestate"] != 1:
        cmd("new game")


def pips(side):
    return sum((i + 1) * n for i, n in enumerate(side))


def apply_move(board, move):
    """Applies a parsed move to board (not on roll, on roll); returns the
    board of the opponent to roll next, in gnubg's order."""
    opp, me = list(board[0]), list(board[1])
    for f, t in move:
        # Points are the mover's, 1..24; 25 is the bar and 0 is off.
        if me[f - 1] <= 0:
            raise ValueError("no checker on %d for %r" % (f, move))
        me[f - 1] -= 1
        if t > 0:
            me[t - 1] += 1
            if opp[24 - t] == 1:
                opp[24 - t] = 0
                opp[24] += 1
            elif opp[24 - t] > 1:
                raise ValueError("point %d is held for %r" % (t, move))
    return (me, opp)


def dice_used(before, after, dice):
    """Number of dice a move used, from the mover's pips, or None when the
    move bore a checker off."""
    if sum(after) != sum(before):
        return None
    drop = pips(before) - pips(after)
    a, b = dice
    if a == b:
        if drop % a or not 1 <= drop // a <= 4:
            raise ValueError("pips dropped by %d with %d-%d" % (drop, a, b))
        return drop // a
    if drop == a + b:
        return 2
    if drop in (a, b):
        return 1
    raise ValueError("pips dropped by %d with %d-%d" % (drop, a, b))


def query(pid, dice):
    ensure_game()
    cmd("set board " + pid)
    if gnubg.positionid() != pid:
        raise ValueError("gnubg did not take position " + pid)
    board = gnubg.board()
    cmd("set dice %d %d" % dice)
    # An empty list when no move is legal.
    hints = gnubg.hint(100000)["hint"]
    results = set()
    used = set()
    for h in hints:
        text = h["move"]
        parsed = gnubg.parsemove(text)
        mine = apply_move(board, parsed)
        mine_id = gnubg.positionid(mine)
        ensure_game()
        cmd("set board " + pid)
        cmd("set dice %d %d" % dice)
        cmd("move " + text)
        theirs = gnubg.positionid()
        if theirs != mine_id:
            raise ValueError("%s %d-%d %s: gnubg gives %s, the parsed move %s" % (pid, dice[0], dice[1], text, theirs, mine_id))
        if mine_id in results:
            raise ValueError("%s %d-%d: two moves give %s" % (pid, dice[0], dice[1], mine_id))
        results.add(mine_id)
        n = dice_used(board[1], mine[0], dice)
        if n is not None:
            used.add(n)
    if len(used) > 1:
        raise ValueError("%s %d-%d: moves use different numbers of dice %r" % (pid, dice[0], dice[1], used))
    return sorted(results), (str(used.pop()) if used else "-")


def main():
    setup()
    src = os.environ["GNUBG_CASES"]
    dst = os.environ["GNUBG_OUT"]
    out = []
    with open(src) as f:
        for line in f:
            line = line.rstrip("\n")
            if not line:
                continue
            code, pid, tags = line.split("\t")
            dice = (int(code[2]), int(code[3]))
            results, used = query(pid, dice)
            out.append("\t".join([code, pid, tags, str(len(results)), used, " ".join(results)]))
    with open(dst, "w") as f:
        f.write("\n".join(out) + "\n")
    sys.stderr.write("query: %d cases\n" % len(out))


main()
