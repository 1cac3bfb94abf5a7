# catur_a11y.py: drives a running Catur the way a screen-reader user's tools see it
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Catur runs as its own process on the test's accessibility bus (run-a11y.sh starts the bus,
# the registry and the display). This module finds widgets through AT-SPI by their accessible
# names and roles, presses real keys and clicks with real X input events (xdotool, through
# the XTest extension), and records what the application announces (AT-SPI events), so a
# test sees what Orca would see and nothing of GTK's insides.
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
        self.process = subprocess.Popen([catur, *args], env=env or os.environ.copy())
        self.listener = Atspi.EventListener.new(self._event)
        for kind in ("object:property-change:accessible-name",
                     "object:property-change:accessible-description",
                     "object:state-changed:focused", "object:state-changed:showing",
                     "object:text-changed:insert", "object:children-changed"):
            self.listener.register(kind)
        self.app = wait_for(self._find_app, "Catur on the accessibility bus", 30)
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
        self.listener.deregister("object:children-changed")
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
    def click(self, acc, dx=None, dy=None):
        box = acc.get_extents(Atspi.CoordType.SCREEN)
        x = box.x + (box.width // 2 if dx is None else dx)
        y = box.y + (box.height // 2 if dy is None else dy)
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

    def activate_window(self):
        """Gives the window the X input focus, as a window manager would."""
        out = subprocess.run(["xdotool", "search", "--sync", "--pid", str(self.process.pid)],
                             capture_output=True, text=True)
        for wid in out.stdout.split():
            subprocess.run(["xdotool", "windowactivate", "--sync", wid], capture_output=True)
            subprocess.run(["xdotool", "windowfocus", "--sync", wid], capture_output=True)
        iterate(0.3)

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
