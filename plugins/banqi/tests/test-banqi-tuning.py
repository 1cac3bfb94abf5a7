#!/usr/bin/env python3
# test-banqi-tuning.py: the tuning build of Banqi's plugin and tests/bench/tune-banqi.py (TAP)
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-banqi-tuning.py ENGINE MATCH TUNING_PLUGIN_DIR GAME_PLUGIN_DIR TUNE_BANQI_PY
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                "tests"))
from engine_tap import main, test  # noqa: E402

ENGINE, MATCH, TUNING, GAME, TUNE = sys.argv[1:6]
# A red Cannon and Chariot face up against a black Horse and Soldier.
POSITION = "position startpos moves a1=h b2=C c3=p d4=R"
# The game's weights as tune-banqi.py writes them, the Cannon's worth raised from 240 to 900.
CANNON_900 = "rank_value=650,320,160,90,60,900,45"


def search(plugins, weights=None):
    """The score and best move of a depth-2 search of POSITION."""
    env = {key: value for key, value in os.environ.items() if key != "CATUR_PLUGIN_PATH"}
    if weights is not None:
        env["CATUR_BANQI_WEIGHTS"] = weights
    process = subprocess.Popen([ENGINE, "--plugin-path", plugins, "--variant", "banqi"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                               bufsize=1, env=env)
    out = []
    try:
        # A `quit` sent at once would cut the search short: wait for its move.
        process.stdin.write(POSITION + "\ngo depth 2\n")
        for line in process.stdout:
            out.append(line.strip())
            if line.startswith("bestmove"):
                break
    finally:
        process.stdin.write("quit\n")
        process.stdin.close()
        process.wait(timeout=30)
    infos = [line.split() for line in out if line.startswith("info depth 2 ")]
    best = [line for line in out if line.startswith("bestmove")]
    assert infos and best, out
    words = infos[-1]
    return " ".join(words[words.index("score") + 1:words.index("score") + 3]), best[0]


@test
def the_tuning_build_plays_the_games_weights_by_default():
    assert search(TUNING) == search(GAME)
    assert search(TUNING, "") == search(GAME)


@test
def the_tuning_build_plays_the_weights_it_is_given():
    score, _ = search(TUNING, CANNON_900)
    assert score != search(GAME)[0], score
    # The same weights written out in full give the same search.
    full = CANNON_900 + ";hidden_share=90;room_weight=3;chase_weight=4"
    assert search(TUNING, full)[0] == score


@test
def weights_that_do_not_fit_stop_the_engine_with_their_name():
    env = dict(os.environ, CATUR_BANQI_WEIGHTS="rank_value=650,320")
    done = subprocess.run([ENGINE, "--plugin-path", TUNING, "--variant", "banqi"],
                          input=POSITION + "\ngo depth 1\nquit\n", capture_output=True,
                          text=True, env=env, timeout=60)
    assert done.returncode != 0 and "rank_value wants 7 values" in done.stderr, done.stderr
    env["CATUR_BANQI_WEIGHTS"] = "rank_valu=1"
    done = subprocess.run([ENGINE, "--plugin-path", TUNING, "--variant", "banqi"],
                          input=POSITION + "\ngo depth 1\nquit\n", capture_output=True,
                          text=True, env=env, timeout=60)
    assert done.returncode != 0 and "rank_valu=1" in done.stderr, done.stderr


@test
def tune_banqi_plays_its_steps_and_reads_back_what_it_wrote():
    with tempfile.TemporaryDirectory() as folder:
        output = os.path.join(folder, "weights.txt")
        common = [sys.executable, TUNE, "--level", "newcomer", "--report", "1", "--engine",
                  ENGINE, "--match", MATCH, "--plugin-path", TUNING, "--output", output]
        done = subprocess.run(common + ["--steps", "2", "--seed", "3"], capture_output=True,
                              text=True, timeout=600)
        assert done.returncode == 0, done.stderr
        reports = [line for line in done.stdout.splitlines() if line.startswith("# step ")]
        assert [line.split(",")[0] for line in reports] == ["# step 1", "# step 2"], done.stdout
        with open(output) as f:
            written = f.read().splitlines()
        assert written[0] == "# tune-banqi.py, 2 steps" and written[1].startswith("rank_value="), \
            written
        assert "hidden_share = { " in "\n".join(written), written
        # A run started from that text starts where it ended.
        done = subprocess.run(common + ["--steps", "0", "--start", output], capture_output=True,
                              text=True, timeout=60)
        assert done.returncode == 0 and written[1] in done.stdout.splitlines(), \
            (written[1], done.stdout, done.stderr)


sys.exit(main())
