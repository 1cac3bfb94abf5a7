#!/usr/bin/env python3
# Start-up time and memory of Catur beside GNOME Chess, under a virtual display.
# SPDX-License-Identifier: GPL-3.0-or-later
"""Starts Catur and GNOME Chess in turn (RUNS times each, alternating, after one untimed
start of each that fills the caches) and prints, per application, the median and the range of

  window  the time from the start of the process to its first window drawn: mapped, and its
          pixels no longer one flat colour (the X DAMAGE extension says when it is drawn on;
          the window is then read back);
  cpu     the processor time the process had used by then, all threads (less sensitive than
          the time to other programs running on the machine);
  rss     the resident memory of the application's process (VmRSS) 3 s later, and apart the
          memory of its child processes (GNOME Chess starts a chess engine when it has one).

Each application gets a home of its own (the same for all its starts, so that caches warm up
as on a desktop), settings in memory, no accessibility bus, and a D-Bus session bus that
activates nothing. Catur runs from BUILD_DIR with the environment `meson devenv` gives it.
GTK picks its renderer as usual (GL under Xvfb, through Mesa's llvmpipe); GSK_RENDERER=cairo
in the environment measures both with the cairo renderer.

Usage: tests/bench/startup.py [--runs N] [--build BUILD_DIR] [--only catur|chess]
           [--size WxH] [--floor] [--also-catur OTHER_BUILD_DIR] [--also COMMAND] [--smaps DIR]
--size starts both with windows of one size (each has its own default, and pixels cost
memory); --floor adds an empty libadwaita window (what GTK takes before an application does
anything of its own); --also-catur another build of Catur (before and after a change);
--also any program; --smaps keeps each process's /proc/PID/smaps at the memory reading, to
see where the memory goes.
Needs xvfb-run, dbus-run-session, libX11 and libXdamage; GNOME Chess from the gnome-chess
package (without it, only Catur is measured). A benchmark: it prints figures, asserts none.
"""

import argparse
import ctypes
import ctypes.util
import os
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE_ROOT = os.path.dirname(os.path.dirname(HERE))

# X11 through ctypes: the few calls and structures this needs.
MAP_NOTIFY = 19
SUBSTRUCTURE_NOTIFY_MASK = 1 << 19
Z_PIXMAP = 2
ALL_PLANES = ctypes.c_ulong(~0 & 0xFFFFFFFFFFFFFFFF)
DAMAGE_REPORT_NON_EMPTY = 3


class XMapEvent(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong),
                ("send_event", ctypes.c_int), ("display", ctypes.c_void_p),
                ("event", ctypes.c_ulong), ("window", ctypes.c_ulong),
                ("override_redirect", ctypes.c_int)]


class XDamageNotifyEvent(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong),
                ("send_event", ctypes.c_int), ("display", ctypes.c_void_p),
                ("drawable", ctypes.c_ulong), ("damage", ctypes.c_ulong)]


class XEvent(ctypes.Union):
    _fields_ = [("type", ctypes.c_int), ("xmap", XMapEvent),
                ("xdamage", XDamageNotifyEvent), ("pad", ctypes.c_long * 24)]


class XImage(ctypes.Structure):
    _fields_ = [("width", ctypes.c_int), ("height", ctypes.c_int),
                ("xoffset", ctypes.c_int), ("format", ctypes.c_int),
                ("data", ctypes.c_void_p), ("byte_order", ctypes.c_int),
                ("bitmap_unit", ctypes.c_int), ("bitmap_bit_order", ctypes.c_int),
                ("bitmap_pad", ctypes.c_int), ("depth", ctypes.c_int),
                ("bytes_per_line", ctypes.c_int), ("bits_per_pixel", ctypes.c_int)]


class XWindowAttributes(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("width", ctypes.c_int),
                ("height", ctypes.c_int), ("border_width", ctypes.c_int),
                ("depth", ctypes.c_int), ("visual", ctypes.c_void_p),
                ("root", ctypes.c_ulong), ("class_", ctypes.c_int),
                ("pad", ctypes.c_long * 16)]


def load_x11():
    x11 = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
    damage = ctypes.CDLL(ctypes.util.find_library("Xdamage") or "libXdamage.so.1")
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x11.XDefaultRootWindow.restype = ctypes.c_ulong
    x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    x11.XSelectInput.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_long]
    x11.XPending.argtypes = [ctypes.c_void_p]
    x11.XNextEvent.argtypes = [ctypes.c_void_p, ctypes.POINTER(XEvent)]
    x11.XConnectionNumber.argtypes = [ctypes.c_void_p]
    x11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
    x11.XFree.argtypes = [ctypes.c_void_p]
    x11.XSetErrorHandler.restype = ctypes.c_void_p
    x11.XGetWindowAttributes.argtypes = [ctypes.c_void_p, ctypes.c_ulong,
                                         ctypes.POINTER(XWindowAttributes)]
    x11.XGetImage.restype = ctypes.POINTER(XImage)
    x11.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
                              ctypes.c_uint, ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
    damage.XDamageQueryExtension.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int),
                                             ctypes.POINTER(ctypes.c_int)]
    damage.XDamageCreate.restype = ctypes.c_ulong
    damage.XDamageCreate.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int]
    damage.XDamageDestroy.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
    damage.XDamageSubtract.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong,
                                       ctypes.c_ulong]
    return x11, damage


# A window that vanishes while it is looked at must not end the benchmark.
ERROR_HANDLER_TYPE = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)
ignore_x_errors = ERROR_HANDLER_TYPE(lambda display, error: 0)


class Display:
    def __init__(self):
        self.x11, self.damage = load_x11()
        self.x11.XSetErrorHandler(ignore_x_errors)
        self.dpy = self.x11.XOpenDisplay(None)
        if not self.dpy:
            sys.exit("startup.py: cannot open the display")
        event_base, error_base = ctypes.c_int(), ctypes.c_int()
        if not self.damage.XDamageQueryExtension(self.dpy, ctypes.byref(event_base),
                                                 ctypes.byref(error_base)):
            sys.exit("startup.py: the display has no DAMAGE extension")
        self.damage_notify = event_base.value
        self.root = self.x11.XDefaultRootWindow(self.dpy)
        self.x11.XSelectInput(self.dpy, self.root, SUBSTRUCTURE_NOTIFY_MASK)
        self.x11.XSync(self.dpy, 0)

    def drain(self):
        event = XEvent()
        while self.x11.XPending(self.dpy):
            self.x11.XNextEvent(self.dpy, ctypes.byref(event))

    def next_event(self, deadline):
        """The next X event, or None once @deadline (monotonic seconds) has passed."""
        event = XEvent()
        while not self.x11.XPending(self.dpy):
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            select.select([self.x11.XConnectionNumber(self.dpy)], [], [], min(left, 0.05))
        self.x11.XNextEvent(self.dpy, ctypes.byref(event))
        return event

    def drawn(self, window):
        """Whether @window shows more than a flat background (a sample of its pixels)."""
        attributes = XWindowAttributes()
        if not self.x11.XGetWindowAttributes(self.dpy, window, ctypes.byref(attributes)):
            return False
        width, height = attributes.width, attributes.height
        if width < 50 or height < 50:
            return False
        image = self.x11.XGetImage(self.dpy, window, 0, 0, width, height, ALL_PLANES, Z_PIXMAP)
        if not image:
            return False
        try:
            img = image.contents
            if img.bits_per_pixel != 32:
                return True
            data = ctypes.string_at(img.data, img.bytes_per_line * img.height)
            colours = set()
            for row in range(4, height, max(1, height // 80)):
                base = row * img.bytes_per_line
                for column in range(4, width, max(1, width // 80)):
                    colours.add(data[base + 4 * column:base + 4 * column + 3])
            return len(colours) >= 3
        finally:
            # XDestroyImage is a macro: free the pixels, then the structure.
            self.x11.XFree(ctypes.c_void_p(image.contents.data))
            self.x11.XFree(ctypes.cast(image, ctypes.c_void_p))

    def wait_for_drawn_window(self, process, deadline):
        """Seconds from now until a toplevel is mapped and drawn, or None."""
        damages = {}
        while True:
            if process.poll() is not None:
                return None
            event = self.next_event(deadline)
            if event is None:
                return None
            if event.type == MAP_NOTIFY and not event.xmap.override_redirect:
                window = event.xmap.window
                damages[window] = self.damage.XDamageCreate(self.dpy, window,
                                                            DAMAGE_REPORT_NON_EMPTY)
                if self.drawn(window):
                    return time.monotonic()
            elif event.type == self.damage_notify:
                self.damage.XDamageSubtract(self.dpy, event.xdamage.damage, 0, 0)
                if self.drawn(event.xdamage.drawable):
                    return time.monotonic()

    def forget(self):
        self.x11.XSync(self.dpy, 0)
        self.drain()


def rss_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def cpu_ms(pid):
    """The processor time @pid has used so far, all its threads, user and system."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rpartition(")")[2].split()
    except OSError:
        return 0.0
    # utime and stime are fields 14 and 15 of stat(5), 12 and 13 after the command name.
    return (int(fields[11]) + int(fields[12])) * 1000.0 / os.sysconf("SC_CLK_TCK")


def descendants(pid):
    children = []
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            children = [int(c) for c in f.read().split()]
    except OSError:
        return []
    result = []
    for child in children:
        result.append(child)
        result.extend(descendants(child))
    return result


def catur_app(build, name="Catur"):
    program = os.path.join(build, "src", "catur")
    if not os.access(program, os.X_OK):
        sys.exit(f"startup.py: {program} is not built")
    env = {
        "CATUR_PLUGIN_PATH": os.path.join(build, "plugins", "xiangqi"),
        "CATUR_LOCALEDIR": os.path.join(build, "po"),
        "GSETTINGS_SCHEMA_DIR": os.path.join(build, "data"),
    }
    return (name, [program, "--game", "xiangqi"], env,
            ("io/github/caturapp/Catur", "window-width", "window-height"))


def chess_app():
    program = shutil.which("gnome-chess") or "/usr/games/gnome-chess"
    if not os.access(program, os.X_OK):
        return None
    return ("GNOME Chess", [program], {}, ("org/gnome/Chess", "width", "height"))


def start(display, app, home, settle, smaps=None, size=None):
    name, argv, extra, size_keys = app
    env = dict(os.environ)
    env.update({
        "HOME": home,
        "XDG_CONFIG_HOME": os.path.join(home, ".config"),
        "XDG_DATA_HOME": os.path.join(home, ".local", "share"),
        "XDG_CACHE_HOME": os.path.join(home, ".cache"),
        "XDG_STATE_HOME": os.path.join(home, ".local", "state"),
        "GSETTINGS_BACKEND": "memory",
        "NO_AT_BRIDGE": "1",
        "GTK_A11Y": "none",
        "ADW_DISABLE_PORTAL": "1",
    })
    env.update(extra)
    if size is not None and size_keys is not None:
        # Settings in a key file, which holds the window size the application starts with.
        group, width_key, height_key = size_keys
        folder = os.path.join(home, ".config", "glib-2.0", "settings")
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "keyfile"), "w") as keyfile:
            keyfile.write(f"[{group}]\n{width_key}={size[0]}\n{height_key}={size[1]}\n")
        env["GSETTINGS_BACKEND"] = "keyfile"
    display.forget()
    begin = time.monotonic()
    process = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, start_new_session=True)
    shown = display.wait_for_drawn_window(process, begin + 30)
    own = children = 0
    cpu = cpu_ms(process.pid)
    if shown is not None:
        time.sleep(settle)
        own = rss_kib(process.pid)
        if smaps is not None:
            shutil.copyfile(f"/proc/{process.pid}/smaps", smaps)
        children = sum(rss_kib(child) for child in descendants(process.pid))
    try:
        os.killpg(process.pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    # Let the display forget the window before the next start.
    time.sleep(0.3)
    if shown is None:
        return None
    return (shown - begin, own, children, cpu)


def summary(name, results):
    times = [r[0] * 1000 for r in results]
    own = [r[1] / 1024 for r in results]
    children = [r[2] / 1024 for r in results]
    cpu = [r[3] for r in results]
    line = (f"{name:16} window {statistics.median(times):6.0f} ms "
            f"(min {min(times):.0f}, max {max(times):.0f})   "
            f"cpu {statistics.median(cpu):4.0f} ms   "
            f"rss {statistics.median(own):5.1f} MB (min {min(own):.1f}, max {max(own):.1f})")
    if max(children) > 0:
        line += f"   children {statistics.median(children):.1f} MB"
    print(line, flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--build", default=os.path.join(SOURCE_ROOT, "_build"))
    parser.add_argument("--only", choices=["catur", "chess"])
    parser.add_argument("--settle", type=float, default=3.0,
                        help="seconds between the window and the memory reading")
    parser.add_argument("--verbose", action="store_true", help="print every start")
    parser.add_argument("--floor", action="store_true",
                        help="measure an empty libadwaita window too (tests/bench/"
                        "bench-empty-window of the build): what the toolkit takes")
    parser.add_argument("--also", action="append", default=[], metavar="COMMAND",
                        help="measure this command too (e.g. a bare GTK program, for the floor)")
    parser.add_argument("--size", metavar="WxH",
                        help="start both applications with windows of this size (their own "
                        "default sizes differ: a window's pixels cost memory)")
    parser.add_argument("--smaps", metavar="DIR",
                        help="keep /proc/PID/smaps of each start in DIR, to see where memory goes")
    parser.add_argument("--also-catur", action="append", default=[], metavar="BUILD_DIR",
                        help="measure the Catur of another build too (before and after a change)")
    args = parser.parse_args()

    # A display and a session bus of its own: run again inside them.
    if os.environ.get("CATUR_BENCH_INSIDE") != "1":
        scratch = tempfile.mkdtemp(prefix="catur-bench-bus-")
        config = os.path.join(scratch, "bus.conf")
        with open(config, "w") as f:
            f.write(f"""<busconfig>
  <type>session</type>
  <listen>unix:tmpdir={scratch}</listen>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
""")
        env = dict(os.environ, CATUR_BENCH_INSIDE="1")
        command = ["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24",
                   "dbus-run-session", f"--config-file={config}", "--",
                   sys.executable, os.path.abspath(__file__)] + sys.argv[1:]
        status = subprocess.call(command, env=env)
        shutil.rmtree(scratch, ignore_errors=True)
        return status

    display = Display()
    apps = []
    if args.only in (None, "catur"):
        apps.append(catur_app(os.path.abspath(args.build)))
    if args.only in (None, "chess"):
        chess = chess_app()
        if chess is None:
            print("GNOME Chess is not installed (apt-get install gnome-chess): Catur only")
        else:
            apps.append(chess)

    for build in args.also_catur:
        apps.append(catur_app(os.path.abspath(build),
                              "Catur@" + os.path.basename(os.path.abspath(build))))
    if args.floor:
        empty = os.path.join(os.path.abspath(args.build), "tests", "bench", "bench-empty-window")
        apps.append(("empty window", [empty], {}, None))
    for command in args.also:
        apps.append((os.path.basename(command.split()[0]), command.split(), {}, None))

    size = tuple(int(v) for v in args.size.split("x")) if args.size else None

    homes = {app[0]: tempfile.mkdtemp(prefix="catur-bench-home-") for app in apps}
    results = {app[0]: [] for app in apps}
    try:
        for app in apps:
            start(display, app, homes[app[0]], 0.5, size=size)
        for run in range(args.runs):
            for app in apps:
                smaps = None
                if args.smaps:
                    os.makedirs(args.smaps, exist_ok=True)
                    smaps = os.path.join(args.smaps, f"{app[0].replace(' ', '-')}-{run + 1}.smaps")
                result = start(display, app, homes[app[0]], args.settle, smaps, size)
                if result is None:
                    print(f"{app[0]}: no window within 30 s", file=sys.stderr)
                    continue
                results[app[0]].append(result)
                if args.verbose:
                    print(f"  {app[0]:12} run {run + 1}: {result[0] * 1000:.0f} ms, "
                          f"cpu {result[3]:.0f} ms, "
                          f"{result[1] / 1024:.1f} MB (+{result[2] / 1024:.1f} MB)", flush=True)
    finally:
        for home in homes.values():
            shutil.rmtree(home, ignore_errors=True)

    print(f"median of {args.runs} alternating starts; window = first frame drawn, "
          f"rss = {args.settle:g} s later"
          + (f"; windows of {args.size}" if args.size else "; each application's own window size"))
    for app in apps:
        if results[app[0]]:
            summary(app[0], results[app[0]])
    return 0


if __name__ == "__main__":
    sys.exit(main())
