# GNU Backgammon as a player for botmatch (scripts/botmatch): a long-running
# process that reads one position a line and answers with its 0-ply choice.
#
# Run inside gnubg's embedded Python, by botmatch (see gnubg.go):
#
#     gnubg -t -q -r -p gnubgplayer.py 3>answers
#
# Each request on stdin is one line:
#
#     POSITION-ID DIE DIE
#
# the GNU Backgammon Position ID of the position with the side to move on
# roll, and the roll. The answer, one line on file descriptor 3 (gnubg writes
# its own messages to stdout), is
#
#     ok BEST ID ID ...
#
# where every ID is the Position ID of a position after one of gnubg's legal
# moves, the opponent now on roll: BEST is the move gnubg chooses, then all
# its legal moves (one per resulting position), in gnubg's order, best first.
# A roll with no legal move answers "ok -". Anything wrong answers
# "error MESSAGE" and the process goes on.
#
# gnubg ranks the moves with `hint` at 0-ply, cubeless (money game, cube
# off, no Jacoby rule, no noise, no pruning): every legal move is evaluated
# and the first is the one gnubg would play.

import os

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
        "set automatic doubles 0",
        "set cube use off",
        "set jacoby off",
        "set evaluation chequerplay evaluation plies 0",
        "set evaluation chequerplay evaluation cubeful off",
        "set evaluation chequerplay evaluation prune off",
        "set evaluation chequerplay evaluation noise 0",
        "set evaluation chequerplay evaluation deterministic on",
        "set display off",
        "new game",
    ]:
        cmd(c)


def after(board, move):
    """Applies a parsed move to board (not on roll, on roll); returns the
    board with the opponent on roll, in gnubg's order."""
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


def answer(line):
    fields = line.split()
    if len(fields) != 3:
        raise ValueError("want POSITION-ID DIE DIE, got %r" % line)
    pid, a, b = fields[0], int(fields[1]), int(fields[2])
    if not (1 <= a <= 6 and 1 <= b <= 6):
        raise ValueError("dice %d %d" % (a, b))
    if gnubg.posinfo()["gamestate"] != 1:
        cmd("new game")
    cmd("set board " + pid)
    if gnubg.positionid() != pid:
        raise ValueError("gnubg did not take position " + pid)
    board = gnubg.board()
    cmd("set dice %d %d" % (a, b))
    hints = gnubg.hint(100000)["hint"]
    ids = [gnubg.positionid(after(board, gnubg.parsemove(h["move"]))) for h in hints]
    if not ids:
        return "ok -"
    return "ok " + " ".join([ids[0]] + ids)


def main():
    setup()
    out = os.fdopen(3, "w")
    out.write("ready\n")
    out.flush()
    # The requests are read from descriptor 0 directly: a line is answered
    # as soon as it arrives, whatever gnubg has made of sys.stdin.
    requests = os.fdopen(0, "rb")
    for raw in iter(requests.readline, b""):
        line = raw.decode("ascii", "replace").strip()
        if not line:
            continue
        try:
            reply = answer(line)
        except Exception as e:  # the request is answered, the process goes on
            reply = "error " + str(e).replace("\n", " ")
        out.write(reply + "\n")
        out.flush()


main()
