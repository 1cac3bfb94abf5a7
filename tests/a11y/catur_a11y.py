# catur_a11y.py: drives a running Catur the way a screen-reader user's tools see it
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Catur runs as its own process on the test's accessibility bus (run-a11y.sh starts the bus,
# the registry and the display). This module finds widgets through AT-SPI by their accessible
# names and roles, presses real keys and clicks with real X input events (xdotool, through
# the XTest extension), and records what the application announces (AT-SPI events), so a
# test sees what Orca would see and nothing of GTK's insides.
import gettext
import os
import re
import subprocess
import sys
import time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, GLib  # noqa: E402

# A name that is a class name, as GTK 4.8 reports a widget it was told nothing about.
TYPE_NAME = re.compile(r"^(Gtk|Adw|Catur|Gdk)[A-Z][A-Za-z]*$")


# The program's language: with LANGUAGE=id (and the build's catalogue in CATUR_LOCALEDIR, as
# run-a11y.sh --language sets them) the expected words come from the same catalogue.
INDONESIAN = os.environ.get("LANGUAGE", "").startswith("id")
if INDONESIAN:
    catalogue = gettext.translation("catur", localedir=os.environ.get("CATUR_LOCALEDIR", ""),
                                    languages=["id"])
else:
    catalogue = gettext.NullTranslations()
_ = catalogue.gettext


def C_(context, text):
    return catalogue.pgettext(context, text)


def printf(template, *args):
    """C's printf with the positional arguments (%1$s) translators use."""
    if "$" in template:
        for number, arg in enumerate(args, 1):
            template = template.replace("%%%d$s" % number, str(arg))
            template = template.replace("%%%d$u" % number, str(arg))
        return template
    return template.replace("%u", "%s") % tuple(args)


def log(*words):
    print("#", *words, flush=True)


class Timeout(AssertionError):
    pass


def iterate(seconds):
    """Runs the main loop that delivers AT-SPI events for @seconds."""
    end = time.monotonic() + seconds
    context = GLib.MainContext.default()
    while time.monotonic() < end:
        while context.pending():
            context.iteration(False)
        time.sleep(0.01)


def wait_for(check, what, timeout=10.0):
    end = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > end:
            raise Timeout("timed out waiting for " + what)
        iterate(0.05)


def role(acc):
    return acc.get_role_name()


def name(acc):
    return acc.get_name() or ""


def states(acc):
    state_set = acc.get_state_set()
    return {s for s in (Atspi.StateType.FOCUSED, Atspi.StateType.FOCUSABLE,
                        Atspi.StateType.SENSITIVE, Atspi.StateType.SELECTED,
                        Atspi.StateType.CHECKED, Atspi.StateType.PRESSED,
                        Atspi.StateType.SHOWING, Atspi.StateType.VISIBLE)
            if state_set.contains(s)}


def children(acc):
    result = []
    for i in range(acc.get_child_count()):
        child = acc.get_child_at_index(i)
        if child is not None:
            result.append(child)
    return result


def walk(acc, depth=0):
    """Every object below @acc (and @acc), depth first, with its depth."""
    yield acc, depth
    for child in children(acc):
        yield from walk(child, depth + 1)


def describe(acc):
    return "[%s] %r (%r)" % (role(acc), name(acc), acc.get_description() or "")


class Catur:
    """The application under test: its process and its accessible tree."""

    def __init__(self, catur, *args, env=None):
        self.events = []
        # The display may still be starting when the test does (several suites start
        # displays at once): wait until it answers.
        wait_for(lambda: subprocess.run(["xdotool", "getdisplaygeometry"],
                                        capture_output=True).returncode == 0,
                 "the display " + os.environ.get("DISPLAY", "?"), 30)
        self.listener = Atspi.EventListener.new(self._event)
        for kind in ("object:property-change:accessible-name",
                     "object:property-change:accessible-description",
                     "object:state-changed:focused", "object:state-changed:showing",
                     "object:text-changed:insert", "object:children-changed"):
            self.listener.register(kind)
        # Now and then the first connection to a display that has just started is refused
        # ("cannot open display"): the program is started again, three times at most.
        for attempt in range(3):
            self.process = subprocess.Popen([catur, *args], env=env or os.environ.copy())
            self.app = wait_for(lambda: self._find_app() or self.process.poll() is not None,
                                "Catur on the accessibility bus", 30)
            if self.process.poll() is None:
                break
            log("Catur exited with %d at start; starting it again" % self.process.returncode)
            self.app = None
            iterate(1.0)
        assert self.app is not None, "Catur did not start"
        self.window = wait_for(lambda: self.find_in(self.app, "frame"), "the main window", 30)

    def _event(self, event):
        try:
            self.events.append((event.type, name(event.source), event.source.get_role_name(),
                                event.any_data))
        except GLib.Error:
            pass

    def _find_app(self):
        desktop = Atspi.get_desktop(0)
        for app in children(desktop):
            if name(app) == "catur":
                return app
        return None

    def quit(self):
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()

    # Finding things.
    def frames(self):
        return [c for c in children(self.app) if role(c) in ("frame", "dialog", "window")]

    def find_in(self, root, role_name, name_text=None, match=None):
        for acc, _ in walk(root):
            if role(acc) != role_name:
                continue
            if name_text is not None and name(acc) != name_text:
                continue
            if match is not None and not match(acc):
                continue
            return acc
        return None

    def find(self, role_name, name_text=None, timeout=10.0, root=None, match=None):
        return wait_for(lambda: self.find_in(root or self.window, role_name, name_text, match),
                        "%s %r" % (role_name, name_text), timeout)

    def focused(self):
        for frame in self.frames():
            for acc, _ in walk(frame):
                if Atspi.StateType.FOCUSED in states(acc):
                    return acc
        return None

    # Real input.
    def window_origin(self):
        """Where the top-level surface sits on the screen: GTK 4 reports extents relative to
        its window only."""
        out = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid",
                              str(self.process.pid)], capture_output=True, text=True)
        for wid in out.stdout.split():
            geometry = subprocess.run(["xdotool", "getwindowgeometry", "--shell", wid],
                                      capture_output=True, text=True).stdout
            values = dict(line.split("=", 1) for line in geometry.split())
            if int(values.get("WIDTH", 0)) > 200:
                return int(values["X"]), int(values["Y"])
        return 0, 0

    def click(self, acc, dx=None, dy=None):
        box = acc.get_extents(Atspi.CoordType.WINDOW)
        origin_x, origin_y = self.window_origin()
        x = origin_x + box.x + (box.width // 2 if dx is None else dx)
        y = origin_y + box.y + (box.height // 2 if dy is None else dy)
        subprocess.run(["xdotool", "mousemove", "--sync", str(x), str(y), "click", "1"],
                       check=True)
        iterate(0.2)

    def key(self, *keys):
        for k in keys:
            subprocess.run(["xdotool", "key", "--clearmodifiers", k], check=True)
            iterate(0.15)

    def type_text(self, text):
        subprocess.run(["xdotool", "type", "--delay", "30", text], check=True)
        iterate(0.2)

    def to_menu_item(self, label):
        """Opens the main menu (F10) and goes down to the item @label (its mnemonic ignored),
        which then has the focus."""
        self.key("F10")
        wanted = label.replace("_", "")
        for _press in range(30):
            focused = self.focused()
            if focused is not None and name(focused).replace("_", "").startswith(wanted):
                return focused
            self.key("Down")
        focused = self.focused()
        raise AssertionError("no %r in the main menu (the focus is on %s)"
                             % (wanted, describe(focused) if focused else "nothing"))

    def activate_window(self):
        """Gives the window the X input focus, as a window manager would."""
        out = subprocess.run(["xdotool", "search", "--sync", "--pid", str(self.process.pid)],
                             capture_output=True, text=True)
        for wid in out.stdout.split():
            subprocess.run(["xdotool", "windowactivate", "--sync", wid], capture_output=True)
            subprocess.run(["xdotool", "windowfocus", "--sync", wid], capture_output=True)
        iterate(0.3)

    # The board by keyboard, as a blind player moves on it.
    def cursor_square(self):
        """The square under the keyboard cursor, read from what has the focus ("e2: Red
        Cannon", "e2, Red Cannon")."""
        focused = self.focused()
        match = re.match(r"^([a-z]+[0-9]+|[0-9][a-z])[:,]", name(focused) if focused else "")
        return match.group(1) if match else None

    def goto_square(self, square, files="abcdefghi"):
        """Moves the keyboard cursor to @square (letters for files, digits for ranks) with the
        arrow keys, reading where it is after every press."""
        if self.cursor_square() is None:
            self.key("Right")
        for _ in range(40):
            focused = self.focused()
            here = wait_for(self.cursor_square, "the keyboard cursor on the board (the focus "
                            "is on %s)" % (describe(focused) if focused else "nothing"))
            if here == square:
                return
            df = files.index(square[0]) - files.index(here[0])
            dr = int(square[1:]) - int(here[1:])
            if df != 0:
                self.key("Right" if df > 0 else "Left")
            else:
                self.key("Up" if dr > 0 else "Down")
        raise AssertionError("the cursor did not reach %s (it is on %s)"
                             % (square, self.cursor_square()))

    def play_by_keyboard(self, move):
        """Plays a coordinate move such as h2e2: to the piece, Return, to the target,
        Return."""
        split = re.match(r"^([a-z][0-9]+)([a-z][0-9]+)$", move)
        self.goto_square(split.group(1))
        self.key("Return")
        self.goto_square(split.group(2))
        self.key("Return")
        iterate(0.5)

    # What was said.
    def spoken(self, since=0):
        """Names and descriptions that changed, and texts inserted, in order: what a screen
        reader hears of them."""
        words = []
        for kind, source_name, source_role, data in self.events[since:]:
            if kind.endswith("accessible-name"):
                words.append(source_name)
            elif kind.startswith("object:text-changed:insert") and isinstance(data, str):
                words.append(data)
        return words


def run(tests):
    """Runs the test functions as a TAP script."""
    print("1..%d" % len(tests), flush=True)
    failed = 0
    for number, test in enumerate(tests, 1):
        try:
            test()
            print("ok %d %s" % (number, test.__name__), flush=True)
        except Exception as error:  # noqa: BLE001 - every failure is reported, then the next
            failed += 1
            for line in str(error).splitlines() or [repr(error)]:
                log(line)
            print("not ok %d %s" % (number, test.__name__), flush=True)
    return 1 if failed else 0
