#!/usr/bin/python3
# test-orca-games.py: a short game of each of the four games, played by keyboard alone, and
# what the real Orca says of it
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Orca 43 on the test's accessibility bus, its speech read from its debug log (catur_orca.py).
# Every key is a real X key press; every check waits on what Orca said, not on a fixed time.
# - Xiangqi, two players: the Cannon picked up and put down again (Escape), both heard; moves
#   and a capture that names where the piece came from; in Indonesian, Black resigns and the
#   result is heard.
# - Chess against the computer, after 1. e4 e5 2. Qh5 Nc6: the Queen takes on f7 with check,
#   the King takes it back, and f7, under the cursor, is read again with the reply. With
#   Check my move on, a move that hangs the Queen is held: the question and the judge's
#   sentence are heard, and Escape keeps the Queen home.
# - Shogi, two players: the Bishop takes on 2b and is promoted by keyboard, the Silver takes
#   back, Sente's Bishop is dropped from the hand, and the move count is in plies (手数).
# - Banqi, two players, its board lying on its side in the wide window: the arrows explained
#   as the focus comes to the board, and pieces turned up by keyboard.
# The rest of a game heard by Orca is in the other Orca suites: Chess's under-promotion, Shogi's
# "do not promote", the hint, the question before resigning and the new-game dialog's value in
# test-orca-words.py; the computer's reply with the focus on the move list and a resignation
# heard off the board in test-orca-announce.py; moves typed in test-orca-command.py.
# In Indonesian (LANGUAGE=id) only the Xiangqi game is played, the words from the catalogue.
# CATUR_ORCA_LOG=FILE keeps Orca's debug log; CATUR_ORCA_TRANSCRIPT=FILE writes what Orca said
# in each game; CATUR_ORCA_ONLY=WORD runs only the tests whose name has WORD.
import os
import re
import sys
import tempfile

import catur_orca
from catur_a11y import C_, INDONESIAN, Catur, _, describe, iterate, log, name, printf, \
    run, wait_for

CATUR = sys.argv[1]
app = None
orca = None
transcript = []


def focus_text():
    focused = app.focused()
    return describe(focused) if focused else "nothing"


def settings_env(keys=""):
    """A Catur of its own, with the settings @keys (keyfile lines) and no saved game."""
    config = tempfile.mkdtemp()
    os.makedirs(os.path.join(config, "glib-2.0", "settings"))
    with open(os.path.join(config, "glib-2.0", "settings", "keyfile"), "w") as keyfile:
        keyfile.write("[io/github/caturapp/Catur]\n" + keys)
    return dict(os.environ, GSETTINGS_BACKEND="keyfile", XDG_CONFIG_HOME=config,
                XDG_DATA_HOME=tempfile.mkdtemp())


def start(title, *args, keys=""):
    """A new Catur for the game @title; what Orca said of the last one goes to the
    transcript."""
    global app
    if app is not None:
        app.quit()
    orca.mark()
    transcript.append((title, orca.read))
    app = Catur(CATUR, *args, env=settings_env(keys))
    app.activate_window()


def enter_board(game):
    """Ctrl+B, which puts the focus on the board and says the game, the turn and the cell.
    Orca hears of a new application a few seconds after its window shows, and holds on to
    the window it knew before until a focus comes (docs/accessibility-announcements.md): when
    Ctrl+B is not heard, the cursor is moved, which Orca follows, and Ctrl+B pressed again."""
    # "Xiangqi. Red to move, move 1. e0, Red General."
    turn = printf(_("%s to move, move %u."), "[side]", 1).split("[side]")[1].split("1")[0]
    for _press in range(4):
        try:
            said = hear("ctrl+b", lambda line: line.startswith(game + ". ") and turn in line,
                        "where the player is", 4)
        except AssertionError as error:
            log(error)
            app.key("Down", "Up")
            orca.wait_for(lambda line: True, "the cursor", 10)
            continue
        log("Ctrl+B, Orca said:", said)
        return said
    raise AssertionError("Ctrl+B never said where the player is (the focus is on %s)"
                         % focus_text())


def cursor():
    """The square under the cursor: "e2" of "e2, Red Cannon", "7g" of "7g, Sente Pawn"."""
    focused = app.focused()
    match = re.match(r"^([a-z][0-9]+|[0-9][a-z])[:,]", name(focused) if focused else "")
    return match.group(1) if match else None


def goto(square):
    """The cursor to @square with the arrows. Shogi's squares ("7g") count files from the
    right and letter ranks from the top; the others' ("e2") letter files from the left."""
    shogi = square[0].isdigit()
    for _press in range(40):
        here = wait_for(cursor, "the cursor (the focus is on %s)" % focus_text(), 5)
        if here == square:
            return
        if shogi:
            if here[0] != square[0]:
                app.key("Left" if int(square[0]) > int(here[0]) else "Right")
            else:
                app.key("Down" if square[1] > here[1] else "Up")
        elif here[0] != square[0]:
            app.key("Right" if square[0] > here[0] else "Left")
        else:
            app.key("Up" if int(square[1:]) > int(here[1:]) else "Down")
    raise AssertionError("the cursor did not reach %s (it is on %s)" % (square, cursor()))


def hear(key, check, what, timeout=10.0):
    """Presses @key and waits for Orca to say what satisfies @check (a text, or a test)."""
    orca.mark()
    app.key(key)
    if isinstance(check, str):
        return orca.wait_for_text(check, timeout)
    return orca.wait_for(check, what, timeout)


def play(move):
    """@move (h2e2, 7g7f): to the piece, Return, to the target, Return; what Orca said of it,
    once it has said the move."""
    goto(move[:2])
    app.key("Return")
    goto(move[2:])
    orca.mark()
    app.key("Return")
    said = orca.wait_for(lambda line: move[:2] in line and move[2:] in line
                         and not line.startswith(move[2:] + ","), "the move " + move)
    log(move, "- Orca said:", said)
    return said


def side_piece(side, piece):
    return printf(C_("side and piece", "%s %s"), _(side), _(piece))


# Xiangqi.

def test_xiangqi_pick_up_and_put_down():
    """Return on the Cannon says it is picked up; Escape, that it is put down."""
    start("Xiangqi", "--game", "xiangqi")
    enter_board(_("Xiangqi"))
    goto("h2")
    cannon = side_piece("Red", "Cannon")
    said = hear("Return", printf(_("%s picked up."), cannon), "the piece picked up")
    log("Return on h2, Orca said:", said)
    said = hear("Escape", printf(_("%s put down."), cannon), "the piece put down")
    log("Escape, Orca said:", said)


def test_xiangqi_capture_names_its_origin():
    """C2=5, H8+7, C5+4: the Cannon jumps its Soldier on e3 and takes on e6, and the capture
    says where it came from."""
    play("h2e2")
    play("h9g7")
    said = play("e2e6")
    # "Red Cannon from e2 takes the Pawn on e6."
    capture = printf(_("%s from %s takes the %s on %s"), side_piece("Red", "Cannon"), "e2",
                     "[taken]", "e6")
    before, after = capture.split("[taken]")
    assert before in said and after in said, said


def test_xiangqi_resignation_is_heard():
    """Black, to move, resigns: the result is heard where the focus comes back."""
    app.to_menu_item(_("_Resign…"))
    app.key("Return")
    dialog = wait_for(lambda: [f for f in app.frames() if name(f) != name(app.window)],
                      "the question before resigning", 5)[0]
    resign = _("_Resign").replace("_", "")
    orca.mark()
    app.click(app.find("push button", root=dialog,
                       match=lambda acc: name(acc).replace("_", "").split(" ")[0] == resign))
    app.activate_window()
    said = orca.wait_for_text(printf(_("%s. %s."), printf(_("%s wins"), _("Red")),
                                     printf(_("%s resigned"), _("Black"))), 15)
    log("after the resignation, Orca said:", said)


# Chess.

def test_chess_reply_fills_the_square_under_the_cursor():
    """After 1. e4 e5 2. Qh5 Nc6, the Queen takes on f7 with check by keyboard, and the
    computer's only move takes it back with the King: f7, under the cursor, is read again."""
    start("Chess", "--game", "chess", "--moves", "e4 e5 Qh5 Nc6",
          keys="mode='computer'\nlevel='master'\nmaster-movetime=1000\n")
    enter_board(_("Chess"))
    said = play("h5f7")
    assert said.endswith(printf(_("%s, check."), "")[:-1].strip(", ") + "."), said
    said = orca.wait_for(lambda line: "e8" in line and "f7" in line, "the computer's reply", 60)
    log("the computer's reply, Orca said:", said)
    # "Black King from e8 takes the Queen on f7. Under the cursor: f7, Black King."
    king = side_piece("Black", "King")
    assert printf(_("Under the cursor: %s."), printf(_("%s, %s"), "f7", king)) in said, said


def test_chess_check_my_move_is_heard():
    """With Check my move on, 1. e4 d5 2. Qg4 is held (the Bishop takes the Queen): Orca reads
    the question's heading, the judge's sentence and the button with the focus; Escape
    (Choose Another Move) is heard, the Queen is still on d1 and the board has the focus."""
    start("Chess, check my move", "--game", "chess", "--moves", "e4 d5",
          keys="mode='computer'\nlevel='beginner'\ncheck-my-move=true\n")
    enter_board(_("Chess"))
    goto("d1")
    app.key("Return")
    goto("g4")
    orca.mark()
    app.key("Return")
    headings = [_("This Move Leaves a Piece Hanging"), _("This Move Loses Material")]
    said = orca.wait_for(lambda line: any(h in line for h in headings), "the question", 30)
    log("the move held - Orca said:", said)
    # The judge's sentence, which Orca does not read of a dialog by itself: "This leaves your
    # Queen on g4 hanging: the Bishop on c8 takes it."
    said = orca.wait_for(lambda line: all(word in line for word in
                                          (_("Queen"), "g4", _("Bishop"), "c8")),
                         "why the move is bad", 10)
    log("why - Orca said:", said)
    choose = _("_Choose Another Move").replace("_", "")
    said = orca.wait_for(lambda line: choose in line, "the button with the focus", 10)
    log("the button - Orca said:", said)
    orca.mark()
    app.key("Escape")
    # What a window manager does when the dialog closes: the window is active again.
    app.activate_window()
    said = orca.wait_for_text(_("Choose another move."), 10)
    log("Escape - Orca said:", said)
    wait_for(lambda: cursor() is not None, "the focus back on the board", 10)
    goto("d1")
    assert side_piece("White", "Queen") in name(app.focused()), describe(app.focused())


# Shogi.

def to_hand(piece):
    """From the bottom right of the board into Sente's hand (beside the board in a wide window,
    below it in a narrow one), to the slot of @piece."""
    goto("1i")
    for key in ("Right", "Down"):
        app.key(key)
        iterate(0.3)
        if "hand" in name(app.focused() or app.window) or cursor() is None:
            break
    for key in ["Up"] * 7 + ["Down"] * 7 + ["Left"] * 7 + ["Right"] * 7:
        if piece in name(app.focused()):
            return
        app.key(key)
    raise AssertionError("no %s in the hand (the focus is on %s)" % (piece, focus_text()))


def test_shogi_game_with_a_drop():
    """7g7f 3c3d 8h2b+ (promoted by keyboard) 3a2b, then Sente drops its Bishop on 5e: the drop
    is heard, and the count of moves is in plies."""
    start("Shogi", "--game", "shogi")
    enter_board(_("Shogi"))
    play("7g7f")
    play("3c3d")
    goto("8h")
    app.key("Return")
    goto("2b")
    orca.mark()
    app.key("Return")
    orca.wait_for_text(_("Promote?"))
    for _press in range(3):
        focused = app.focused()
        if (focused.get_description() or "").endswith("+"):
            break
        app.key("Down")
    orca.mark()
    app.key("Return")
    said = orca.wait_for(lambda line: "8h" in line and "2b" in line, "the promotion")
    log("8h2b+, Orca said:", said)
    assert printf(_("%s, becomes %s"), "", "").strip() in said, said
    play("3a2b")
    to_hand(_("Bishop"))
    bishop = side_piece("Sente", "Bishop")
    said = hear("Return", printf(_("%s picked up."), bishop), "the Bishop picked up")
    log("Return on the hand's Bishop, Orca said:", said)
    # The square's name typed takes the cursor from the hand to it.
    orca.mark()
    app.key("5", "e")
    orca.wait_for(lambda line: line.startswith("5e,"), "the cursor on 5e")
    said = hear("Return", lambda line: "5e" in line and _("Bishop") in line
                and not line.startswith("5e,"), "the drop")
    log("the drop, Orca said:", said)
    # Five plies played: Gote plays the sixth (手数 6).
    said = hear("t", printf(_("%s to move, move %u."), _("Gote"), 6), "the turn")
    log("t, Orca said:", said)


# Banqi.

def test_banqi_sideways_board_and_flips():
    """The board lies on its side in the wide window: the focus coming to it says how the
    arrows go; two face-down pieces turned up by keyboard, each heard."""
    start("Banqi", "--game", "banqi")
    said = enter_board(_("Banqi"))
    assert said.endswith(" " + _("The board lies on its side: → goes up the ranks, "
                                 "↓ along the files.")), said
    # → goes up the ranks.
    here = wait_for(cursor, "the cursor")
    said = hear("Right", lambda line: line.startswith(here[0] + str(int(here[1:]) + 1) + ","),
                "the next rank")
    for move in ("a1", "d8"):
        # A square's name typed takes the cursor there, whichever way the board lies.
        orca.mark()
        app.key(*move)
        orca.wait_for(lambda line: line.startswith(move + ","), "the cursor on " + move)
        # "Red turns up a1: Red General."
        said = hear("Return", lambda line: (move + ":") in line and line.endswith("."),
                    "the flip on " + move)
        log("Return on", move, "- Orca said:", said)


def test_transcript():
    """What Orca said in each game, for a person to read (CATUR_ORCA_TRANSCRIPT)."""
    path = os.environ.get("CATUR_ORCA_TRANSCRIPT")
    lines = orca.lines()
    marks = transcript + [("", len(lines))]
    noise = re.compile(r"^(left |right )?(shift|control|alt|return|escape|tab|[a-z]) ?$")
    text = []
    for (title, begin), (_next, end) in zip(marks, marks[1:]):
        text.append("## " + title)
        text += ["- " + line for line in lines[begin:end] if not noise.match(line)]
    assert len(transcript) >= 1 and all(len(t) > 1 for t in text), text
    if path:
        with open(path, "w") as out:
            out.write("\n".join(text) + "\n")


if __name__ == "__main__":
    why_not = catur_orca.missing()
    if why_not:
        print("1..0 # SKIP " + why_not, flush=True)
        sys.exit(1 if os.environ.get("CI") == "true" else 0)
    orca = catur_orca.Orca()
    status = 1
    tests = [test_xiangqi_pick_up_and_put_down,
             test_xiangqi_capture_names_its_origin]
    # In English, a resignation heard off the board is test-orca-announce.py's.
    if INDONESIAN:
        tests += [test_xiangqi_resignation_is_heard]
    else:
        tests += [test_chess_reply_fills_the_square_under_the_cursor,
                  test_chess_check_my_move_is_heard,
                  test_shogi_game_with_a_drop,
                  test_banqi_sideways_board_and_flips]
    only = os.environ.get("CATUR_ORCA_ONLY")
    if only:
        tests = [t for t in tests if only in t.__name__]
    try:
        status = run(tests + [test_transcript])
    finally:
        if app is not None:
            app.quit()
        orca.quit(keep_log=os.environ.get("CATUR_ORCA_LOG"))
    sys.exit(status)
