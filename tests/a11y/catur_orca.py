# catur_orca.py: the real screen reader, Orca, listening on the test's accessibility bus
# SPDX-License-Identifier: GPL-3.0-or-later
#
# run-a11y.sh gives the test a display, a D-Bus session and an accessibility bus of its own;
# this module starts Debian's Orca there, with preferences of its own and speech-dispatcher's
# silent "dummy" output module, and reads what Orca would have spoken from its debug log: every
# utterance is a line "SPEECH OUTPUT: '…'" written by orca/speech.py before the text goes to
# the speech server. A test asserts on those lines, which is what a blind player hears.
#
# Orca is started through its own Python package rather than /usr/bin/orca: the launcher
# refuses to start while any other Orca of the same user runs (pgrep -x orca), and another
# worktree's test, or the developer's own screen reader, must not make this test fail or be
# killed by it (--replace). What the launcher does besides (settings, debug file) is done
# here the same way.
import gettext
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from catur_a11y import iterate, log

ORCA_PACKAGE = "/usr/lib/python3/dist-packages/orca"
SPEECH_DISPATCHER = shutil.which("speech-dispatcher")

SPOKEN = re.compile(r"SPEECH OUTPUT: '(.*)'(?: voice=\S+)? ?\{")

# What the launcher script does, without its check for other Orcas.
LAUNCHER = r"""
import sys
from orca import debug
debug.debugLevel = debug.LEVEL_ALL
debug.eventDebugLevel = debug.LEVEL_OFF
debug.debugFile = open(sys.argv[1], "w", buffering=1)
from orca import orca
manager = orca.getSettingsManager()
manager.activate(sys.argv[2], {})
sys.path.insert(0, manager.getPrefsDir())
sys.exit(orca.main())
"""


def missing():
    """Why the screen reader cannot run here, or None."""
    if not os.path.isdir(ORCA_PACKAGE):
        return "Orca is not installed (Debian package orca)"
    if SPEECH_DISPATCHER is None:
        return "speech-dispatcher is not installed (Debian package speech-dispatcher)"
    return None


class Orca:
    """Orca and its speech server, started for one test, their speech read from the log."""

    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix="catur-orca-")
        self.log_path = os.path.join(self.dir, "orca-debug.log")
        env = os.environ.copy()
        # speech-dispatcher of its own, speaking to the dummy output module, which plays one
        # recorded message through libao's null driver: no sound card, no sound. Without an
        # audio output that opens, the module does not load and speech-dispatcher stops.
        config = os.path.join(self.dir, "speechd")
        os.makedirs(config)
        with open(os.path.join(config, "speechd.conf"), "w") as conf:
            conf.write('AddModule "dummy" "sd_dummy" ""\nDefaultModule dummy\n'
                       'AudioOutputMethod "libao"\nLogDir "%s"\n' % self.dir)
        with open(os.path.join(self.dir, ".libao"), "w") as libao:
            libao.write("default_driver=null\n")
        socket = os.path.join(self.dir, "speechd.sock")
        self.speechd = subprocess.Popen(
            [SPEECH_DISPATCHER, "--run-single", "--timeout", "0",
             "--communication-method", "unix_socket", "--socket-path", socket,
             "--config-dir", config, "--pid-file", os.path.join(self.dir, "speechd.pid")],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            env=dict(env, HOME=self.dir))
        end = time.monotonic() + 10
        while not os.path.exists(socket) and time.monotonic() < end:
            if self.speechd.poll() is not None:
                raise AssertionError("speech-dispatcher stopped (%d): %s"
                                     % (self.speechd.returncode, self.speechd_log()))
            time.sleep(0.05)
        env["SPEECHD_ADDRESS"] = "unix_socket:" + socket
        env["XDG_RUNTIME_DIR"] = self.dir
        prefs = os.path.join(self.dir, "prefs")
        self.process = subprocess.Popen(
            [sys.executable, "-c", LAUNCHER, self.log_path, prefs],
            stdout=subprocess.DEVNULL, stderr=open(os.path.join(self.dir, "orca.err"), "w"),
            env=env)
        self.read = 0
        # Orca says "Screen reader on." once it listens to the bus, in its own language (Orca's
        # catalogue, under LANGUAGE); it says it to speech-dispatcher, or logs that it could not.
        started = gettext.translation("orca", fallback=True).gettext("Screen reader on.")
        self.wait_for(lambda line: "Screen reader on" in line or started.rstrip(".") in line,
                      "Orca to start", 30)
        with open(self.log_path, errors="replace") as debug_log:
            if "Speech Dispatcher service failed to connect" in debug_log.read():
                raise AssertionError("Orca did not reach speech-dispatcher: "
                                     + self.speechd_log())

    def speechd_log(self):
        try:
            with open(os.path.join(self.dir, "speech-dispatcher.log"), errors="replace") as f:
                return f.read()[-2000:]
        except FileNotFoundError:
            return "(no log)"

    def lines(self):
        """Every utterance so far."""
        try:
            with open(self.log_path, errors="replace") as debug_log:
                return [m.group(1) for m in map(SPOKEN.search, debug_log) if m]
        except FileNotFoundError:
            return []

    def mark(self):
        """Forgets what was said until now: later calls look only at what follows."""
        self.read = len(self.lines())

    def said(self):
        return self.lines()[self.read:]

    def wait_for(self, check, what, timeout=10.0):
        """Waits until an utterance since the mark satisfies @check; returns it."""
        end = time.monotonic() + timeout
        while True:
            for line in self.said():
                if check(line):
                    return line
            if self.process.poll() is not None:
                raise AssertionError("Orca exited (%d) waiting for %s: %s"
                                     % (self.process.returncode, what, self.error_tail()))
            if time.monotonic() > end:
                raise AssertionError("Orca did not say %s; it said: %s" % (what, self.said()))
            iterate(0.1)

    def wait_for_text(self, text, timeout=10.0):
        return self.wait_for(lambda line: text in line, repr(text), timeout)

    def error_tail(self):
        try:
            with open(os.path.join(self.dir, "orca.err"), errors="replace") as err:
                return err.read()[-2000:]
        except FileNotFoundError:
            return ""

    def quit(self, keep_log=None):
        for process in (self.process, self.speechd):
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
        if keep_log:
            shutil.copy(self.log_path, keep_log)
            log("Orca's debug log is kept in", keep_log)
        shutil.rmtree(self.dir, ignore_errors=True)
