# Lets GNU Backgammon play money games against itself and writes, for each
# move it made, the position before the move and the roll:
#
#     position-id  die  die  player
#
# The Position ID has the player on roll second, as gnubg writes it. Run
# inside gnubg's embedded Python (see generate.sh):
#
#     GNUBG_GAMES=20 GNUBG_OUT=selfplay.txt gnubg -t -q -r -p selfplay.py
#
# The dice come from gnubg's Mersenne Twister with a fixed seed and both
# players evaluate at 0-ply without a cube, so a given gnubg version writes
# the same games every time.

import os

import gnubg

for c in [
    "set rng mersenne",
    "set seed 20240601",
    "set cube use off",
    "set player 0 gnubg",
    "set player 1 gnubg",
    "set player 0 chequerplay evaluation plies 0",
    "set player 1 chequerplay evaluation plies 0",
    "set automatic game off",
    "set display off",
]:
    gnubg.command(c)

with open(os.environ["GNUBG_OUT"], "w") as out:
    for g in range(int(os.environ["GNUBG_GAMES"])):
        gnubg.command("new game")
        for rec in gnubg.match(0, 1, 0, 0)["games"][-1]["game"]:
            if rec.get("action") == "move" and "board" in rec:
                out.write("%s %d %d %s\n" % (rec["board"], rec["dice"][0], rec["dice"][1], rec["player"]))
