#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Generate the "Classic" Xiangqi piece theme.

Writes themes/classic/ next to this script: one SVG per piece
(<side>-<kind>.svg) and a theme.ini.  Everything is drawn here from
simple primitives, including the characters: each character is a short
list of brush strokes (below, in GLYPHS) that this script turns into
filled outlines, so the pieces need no CJK font at run time and look
the same everywhere (for example inside a Flatpak sandbox).

Usage: make-classic-theme.py [OUTPUT_DIR]


How a character is described
----------------------------

A character is a function that draws into a Glyph, in a 1 x 1 em box
with x to the right and y downwards.  Components are drawn into
sub-boxes (Glyph.box), so that 亻, 車, 馬 or 包 are written once and
reused in 俥 and 車, 傌 and 馬, 炮 and 砲.  Stroke widths are in em and
do not scale with a sub-box.

The strokes are the classic brush strokes of the Kai and Song styles:

  h   横  horizontal: thin, rising slightly, pressed at its end
  v   竖  vertical: thicker than the horizontals
  p   撇  left-falling: full at the start, tapering to a point
  n   捺  right-falling: thin at the start, swelling, pressed foot
  d   点  dot: a short stroke that thickens
  hz  横折 horizontal then down, optionally ending in a hook (钩)
  vh  竖折 / 竖弯钩 down then right, optionally ending in a hook
  hp  横撇 horizontal then a left-falling sweep

Each one becomes a list of segments (straight or quadratic) whose width
varies along the stroke.  outline() offsets the centre line by half the
width on both sides (mitring the corners of turning strokes), closes it
with round caps and emits one closed path per stroke; all strokes of a
character form one <path> with the nonzero fill rule.
"""

import math
import os
import sys

KINDS = ("general", "advisor", "elephant", "horse", "chariot", "cannon", "pawn")

SIDES = {
    "red": {
        "ink": "#b3261e",
        "glyphs": dict(zip(KINDS, "帥仕相傌俥炮兵")),
    },
    "black": {
        "ink": "#1f1f1f",
        "glyphs": dict(zip(KINDS, "將士象馬車砲卒")),
    },
}

# Geometry, in viewBox units (0 0 100 100).
CX, CY = 50.0, 48.5     # disc centre; a little high to leave room for the shadow
R_DISC = 45.0           # outer edge of the piece (margin ~3 incl. stroke)
R_FACE = 42.0           # top face, inside the bevelled rim
R_RING = 37.0           # engraved ring
SHADOW_DY = 1.6         # drop shadow offset
EM = 48.0               # size of the character's em box
LIP_DY = 0.8            # offset of the light "engraved" lip under the ink

# Brush widths, in em.
WV = 0.094              # verticals, falling strokes, dots
WH = 0.060              # horizontals
RISE = 0.03             # how much a horizontal rises per em of length

THEME_INI = """[Theme]
Name=Classic
Description=Traditional wooden discs with red and black characters
Preview=red-general.svg
"""

SVG_TEMPLATE = """<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100" viewBox="0 0 100 100">
  <title>{title}</title>
  <defs>
{shadow}
    <linearGradient id="{p}-rim" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#e2c28c"/>
      <stop offset="0.55" stop-color="#c99a5b"/>
      <stop offset="1" stop-color="#9c6d38"/>
    </linearGradient>
    <radialGradient id="{p}-face" cx="{cx}" cy="{cy}" r="{rf}" fx="{fx}" fy="{fy}" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="#fbf1dc"/>
      <stop offset="0.6" stop-color="#f1dfb8"/>
      <stop offset="1" stop-color="#dec08e"/>
    </radialGradient>
    <path id="{p}-glyph" d="{glyph}"/>
  </defs>
  <!-- soft drop shadow -->
  <circle cx="{cx}" cy="{sy}" r="{rs}" fill="url(#{p}-shadow)"/>
  <!-- bevelled wooden rim -->
  <circle cx="{cx}" cy="{cy}" r="{rd}" fill="url(#{p}-rim)" stroke="#7a5228" stroke-width="0.8"/>
  <!-- top face -->
  <circle cx="{cx}" cy="{cy}" r="{rf}" fill="url(#{p}-face)" stroke="#a97c46" stroke-opacity="0.55" stroke-width="0.6"/>
  <!-- engraved ring: light lower lip, then the ink groove -->
  <circle cx="{cx}" cy="{ry}" r="{rr}" fill="none" stroke="#fffaf0" stroke-opacity="0.8" stroke-width="1.6"/>
  <circle cx="{cx}" cy="{cy}" r="{rr}" fill="none" stroke="{ink}" stroke-width="2.2"/>
  <!-- character {char}, brush strokes drawn by make-classic-theme.py:
       light lower lip for an engraved look, then the ink -->
  <use xlink:href="#{p}-glyph" y="{lip}" fill="#fffaf0" fill-opacity="0.7"/>
  <use xlink:href="#{p}-glyph" fill="{ink}"/>
</svg>
"""


def fmt(v):
    """Compact number formatting for attribute values."""
    s = "%.2f" % v
    s = s.rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


def shadow_gradient(p, cx, cy, r, opacity, blur=1.1):
    """The drop shadow: a disc of radius r blurred by a Gaussian of standard
    deviation blur, as a radial gradient.  An feGaussianBlur filter drew the
    same, but took librsvg half the time of the whole piece (three quarters at
    twice the size); the gradient follows the blurred edge, opacity * Phi((r -
    d) / blur), at -2, -1, 0, +1 and +2 deviations from the edge."""
    outer = r + 2 * blur
    edge = [(-2, 0.977), (-1, 0.841), (0, 0.5), (1, 0.159), (2, 0.0)]
    stops = ['      <stop offset="0" stop-opacity="%s"/>' % fmt(opacity)]
    stops += ['      <stop offset="%.4f" stop-opacity="%.3f"/>'
              % ((r + k * blur) / outer, opacity * a) for k, a in edge]
    return ('    <radialGradient id="%s-shadow" cx="%s" cy="%s" r="%s" '
            'gradientUnits="userSpaceOnUse">\n%s\n    </radialGradient>'
            % (p, fmt(cx), fmt(cy), fmt(outer), "\n".join(stops)))


# ---------------------------------------------------------------------------
# Brush engine: centre lines with a varying width, offset into outlines
# ---------------------------------------------------------------------------

class Seg:
    """One piece of a stroke's centre line: straight (c is None) or a
    quadratic Bézier with control point c; its width runs from w0 to w1."""

    def __init__(self, a, b, w0, w1, c=None):
        self.a, self.b, self.c, self.w0, self.w1 = a, b, c, w0, w1

    def point(self, t):
        a, b, c = self.a, self.b, self.c
        if c is None:
            return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        u = 1 - t
        return (u * u * a[0] + 2 * u * t * c[0] + t * t * b[0],
                u * u * a[1] + 2 * u * t * c[1] + t * t * b[1])

    def tangent(self, t):
        a, b, c = self.a, self.b, self.c
        if c is None:
            d = (b[0] - a[0], b[1] - a[1])
        else:
            d = (2 * (1 - t) * (c[0] - a[0]) + 2 * t * (b[0] - c[0]),
                 2 * (1 - t) * (c[1] - a[1]) + 2 * t * (b[1] - c[1]))
            if math.hypot(*d) < 1e-9:
                d = (b[0] - a[0], b[1] - a[1])
        n = math.hypot(*d) or 1.0
        return (d[0] / n, d[1] / n)

    def width(self, t):
        return self.w0 + (self.w1 - self.w0) * t

    def samples(self):
        return 2 if self.c is None and self.w0 == self.w1 else 14


def _offset(p, t, w, side):
    # Left normal of direction t in a y-down system is (t.y, -t.x).
    return (p[0] + side * t[1] * w / 2, p[1] - side * t[0] * w / 2)


def _join(p, tin, win, tout, wout, side):
    """Offset points where two segments meet: the mitre of the two offset
    lines, or both ends (a bevel) when they are parallel or the mitre is
    too long."""
    a = _offset(p, tin, win, side)
    b = _offset(p, tout, wout, side)
    cross = tin[0] * tout[1] - tin[1] * tout[0]
    if abs(cross) < 1e-3:
        return [a] if math.hypot(a[0] - b[0], a[1] - b[1]) < 1e-6 else [a, b]
    s = ((b[0] - a[0]) * tout[1] - (b[1] - a[1]) * tout[0]) / cross
    m = (a[0] + s * tin[0], a[1] + s * tin[1])
    if math.hypot(m[0] - p[0], m[1] - p[1]) > 1.6 * max(win, wout):
        return [a, b]
    return [m]


def _cap(p, t, w, forward, steps=6):
    """Half circle around p; at the end of a stroke (forward) it runs from
    the left side to the right one, at the start from right to left."""
    r = w / 2
    base = math.atan2(-t[0], t[1]) if forward else math.atan2(t[0], -t[1])
    pts = []
    for i in range(1, steps):
        ang = base + math.pi * i / steps
        pts.append((p[0] + r * math.cos(ang), p[1] + r * math.sin(ang)))
    return pts


def outline(segs, cap0=0.0):
    """Closed outline (list of points) around a chain of segments.  The end
    is round; the start too when cap0 is 0, else it is cut at a slant:
    cap0 * width is how far the left side (seen along the stroke)
    reaches back past the start, and the right side stays short of it,
    like a brush put down at an angle."""
    left, right = [], []
    for i, s in enumerate(segs):
        n = s.samples()
        for k in range(n):
            t = k / n
            p = s.point(t)
            if k == 0 and i > 0:
                prev = segs[i - 1]
                tin, win = prev.tangent(1.0), prev.w1
                tout, wout = s.tangent(0.0), s.w0
                left += _join(p, tin, win, tout, wout, +1)
                right += _join(p, tin, win, tout, wout, -1)
            else:
                tg, w = s.tangent(t), s.width(t)
                left.append(_offset(p, tg, w, +1))
                right.append(_offset(p, tg, w, -1))
    last = segs[-1]
    pe, te, we = last.b, last.tangent(1.0), last.w1
    left.append(_offset(pe, te, we, +1))
    right.append(_offset(pe, te, we, -1))
    first = segs[0]
    ps, ts, ws = first.a, first.tangent(0.0), first.w0
    if cap0:
        k = cap0 * ws
        left[0] = (left[0][0] - ts[0] * k, left[0][1] - ts[1] * k)
        right[0] = (right[0][0] + ts[0] * k, right[0][1] + ts[1] * k)
        start = [(ps[0] - ts[0] * ws * 0.25, ps[1] - ts[1] * ws * 0.25)]
    else:
        start = _cap(ps, ts, ws, False)
    pts = left + _cap(pe, te, we, True) + right[::-1] + start
    return _oriented(pts)


def _oriented(pts):
    """The polygon, turned to run clockwise (on screen) if it does not;
    with one orientation for every stroke, overlaps add up under the
    nonzero rule instead of cancelling out."""
    area = sum(pts[i - 1][0] * pts[i][1] - pts[i][0] * pts[i - 1][1]
               for i in range(len(pts)))
    return pts if area > 0 else pts[::-1]


def _simplify(pts, tol):
    """Ramer-Douglas-Peucker on an open polyline."""
    if len(pts) < 3:
        return pts
    a, b = pts[0], pts[-1]
    dx, dy = b[0] - a[0], b[1] - a[1]
    ln = math.hypot(dx, dy)
    best, idx = -1.0, 0
    for i in range(1, len(pts) - 1):
        p = pts[i]
        if ln < 1e-9:
            d = math.hypot(p[0] - a[0], p[1] - a[1])
        else:
            d = abs(dx * (a[1] - p[1]) - dy * (a[0] - p[0])) / ln
        if d > best:
            best, idx = d, i
    if best <= tol:
        return [a, b]
    return _simplify(pts[:idx + 1], tol)[:-1] + _simplify(pts[idx:], tol)


class Glyph:
    """Collects the strokes of one character in em units."""

    def __init__(self):
        self.strokes = []
        self.shapes = []
        self.frame = (0.0, 0.0, 1.0, 1.0)
        self.weight = 1.0       # scales every width; lighter for busy characters

    # -- placement ----------------------------------------------------------

    def box(self, x0, y0, x1, y1):
        """Draw the following strokes into the sub-box (x0, y0)-(x1, y1)
        of the current box; use as a context manager."""
        glyph = self

        class _Box:
            def __enter__(self_):
                self_.saved = glyph.frame
                fx0, fy0, fx1, fy1 = glyph.frame
                sx, sy = fx1 - fx0, fy1 - fy0
                glyph.frame = (fx0 + x0 * sx, fy0 + y0 * sy,
                               fx0 + x1 * sx, fy0 + y1 * sy)

            def __exit__(self_, *exc):
                glyph.frame = self_.saved

        return _Box()

    def ex(self, length):
        """A length in em as a horizontal length in the current box."""
        return length / (self.frame[2] - self.frame[0])

    def ey(self, length):
        """A length in em as a vertical length in the current box."""
        return length / (self.frame[3] - self.frame[1])

    def _p(self, x, y):
        fx0, fy0, fx1, fy1 = self.frame
        return (fx0 + x * (fx1 - fx0), fy0 + y * (fy1 - fy0))

    def path(self, start, *parts, cap0=0.0):
        """Generic stroke.  start is (x, y); each part is
        (x, y, w0, w1) for a straight piece or (cx, cy, x, y, w0, w1)
        for a quadratic one; coordinates in the current box."""
        segs = []
        a = self._p(*start)
        for part in parts:
            if len(part) == 4:
                x, y, w0, w1 = part
                w0, w1 = w0 * self.weight, w1 * self.weight
                b = self._p(x, y)
                segs.append(Seg(a, b, w0, w1))
            else:
                cx, cy, x, y, w0, w1 = part
                w0, w1 = w0 * self.weight, w1 * self.weight
                b = self._p(x, y)
                segs.append(Seg(a, b, w0, w1, self._p(cx, cy)))
            a = b
        self.strokes.append((segs, cap0))

    # -- the basic strokes ----------------------------------------------------

    def h(self, x0, y, x1, w=WH, rise=None):
        """横: a horizontal, rising slightly to the right.  The brush is put
        down at a slant (起笔) and pressed at the end (顿笔)."""
        dy = (RISE if rise is None else rise) * self.ey(x1 - x0) / self.ex(1.0)
        slope = dy / (x1 - x0)
        xm = x1 - min(self.ex(0.09), 0.3 * (x1 - x0))
        self.path((x0, y),
                  (xm, y - slope * (xm - x0), w * 1.1, w * 0.95),
                  (x1, y - dy + self.ey(0.006), w * 0.95, w * 1.35),
                  cap0=0.3)

    def v(self, x, y0, y1, w=WV, end="blunt"):
        """竖: a vertical; end is "blunt", "needle" (悬针, tapering) or
        "hook" (竖钩, a flick to the lower left)."""
        if end == "needle":
            ym = y0 + (y1 - y0) * 0.6
            self.path((x, y0), (x, ym, w * 1.05, w), (x, y1, w, w * 0.12),
                      cap0=-0.35)
        else:
            self.path((x, y0), (x, y1, w * 1.05, w * 0.98), cap0=-0.35)
        if end == "hook":
            self.hook(x, y1, w)

    def hook(self, x, y, w=WV, dx=-0.14, dy=-0.075, end=(0.0, 1.0)):
        """钩: a sharp flick from the end (x, y) of a stroke of width w
        that was heading in direction end; dx, dy (em) lead to the tip.
        A filled wedge: its base runs from the stroke's outer corner
        (away from the hook) to its inner edge a little before the end."""
        px, py = self._p(x, y)
        tx, ty = end
        # Unit normal pointing away from the hook side.
        proj = dx * tx + dy * ty
        nx, ny = -(dx - proj * tx), -(dy - proj * ty)
        nl = math.hypot(nx, ny) or 1.0
        nx, ny = nx / nl, ny / nl
        r = w * self.weight / 2
        outer = (px + nx * r + tx * r * 0.9, py + ny * r + ty * r * 0.9)
        inner = (px - nx * r - tx * r * 2.2, py - ny * r - ty * r * 2.2)
        tip = (px + dx, py + dy)
        # A slightly hollow upper edge, like a brush lifting off.
        mid = ((inner[0] + tip[0]) / 2 + nx * r * 0.25,
               (inner[1] + tip[1]) / 2 + ny * r * 0.25)
        self.shapes.append([outer, tip, mid, inner, (px, py)])

    def p(self, x0, y0, cx, cy, x1, y1, w=WV):
        """撇: left-falling, full at the start and tapering to a point."""
        self.path((x0, y0), (cx, cy, x1, y1, w * 1.05, w * 0.18))

    def n(self, x0, y0, cx, cy, x1, y1, w=WV):
        """捺: right-falling, thin at the start, swelling to a pressed foot
        that ends in a short flat flick."""
        # Split the curve at 85% for the foot.
        mx = 0.0225 * x0 + 0.255 * cx + 0.7225 * x1
        my = 0.0225 * y0 + 0.255 * cy + 0.7225 * y1
        # Control of the first part of the split quadratic.
        c1x, c1y = x0 + 0.85 * (cx - x0), y0 + 0.85 * (cy - y0)
        self.path((x0, y0), (c1x, c1y, mx, my, w * 0.45, w * 1.35),
                  (x1, y1, w * 1.35, w * 0.3))

    def d(self, x0, y0, x1, y1, w=WV):
        """点: a dot, starting light and pressing down."""
        self.path((x0, y0), (x1, y1, w * 0.55, w * 1.3))

    def hz(self, x0, y0, x1, y1, hook=False, w=WH, wv=WV, bow=0.0,
           hk=(-0.14, -0.075)):
        """横折 (and 横折钩 with hook): right from (x0, y0) to x1, then down
        to y1.  bow pulls the bottom of the vertical part inwards; hk is
        the reach of the hook in em."""
        dy = 0.5 * RISE * self.ey(x1 - x0) / self.ex(1.0)
        parts = [(x1, y0 - dy, w, w * 1.1)]
        if bow:
            parts.append((x1, y0 + (y1 - y0) * 0.6, x1 - bow, y1, wv, wv))
        else:
            parts.append((x1, y1, wv * 1.1, wv))
        self.path((x0, y0), *parts)
        if hook:
            self.hook(x1 - bow, y1, wv, *hk)

    def vh(self, x0, y0, y1, x1, hook=False, w=WV, wh=WH * 1.1, r=0.08):
        """竖弯 / 竖弯钩: down from (x0, y0) to y1 with a rounded corner of
        radius r (in em), right to x1, then (hook) a flick upwards."""
        rx, ry = self.ex(r), self.ey(r)
        parts = [(x0, y1 - ry, w, w),
                 (x0, y1, x0 + rx, y1, w, wh),
                 (x1, y1, wh, wh * 1.2)]
        self.path((x0, y0), *parts)
        if hook:
            self.hook(x1, y1, wh * 1.2, 0.012, -0.12, end=(1.0, 0.0))

    def hp(self, x0, y0, x1, cx, cy, x2, y2, w=WH, wv=WV):
        """横撇: right to x1, then a left-falling sweep through (cx, cy) to
        (x2, y2)."""
        self.path((x0, y0), (x1, y0, w, w * 1.1),
                  (cx, cy, x2, y2, wv, wv * 0.2))

    # -- output ----------------------------------------------------------------

    def svg_path(self, x, y, size, tol=0.03):
        """All strokes as one path, the em box placed at (x, y)."""
        out = []
        polys = [outline(segs, cap0) for segs, cap0 in self.strokes]
        polys += [_oriented(shape) for shape in self.shapes]
        for poly in polys:
            pts = [(x + px * size, y + py * size) for px, py in poly]
            pts = _simplify(pts + [pts[0]], tol)[:-1]
            out.append("M" + " ".join("%s,%s" % (fmt(px), fmt(py))
                                      for px, py in pts) + "Z")
        return "".join(out)


# ---------------------------------------------------------------------------
# Components, drawn into the current box of g
# ---------------------------------------------------------------------------

def ren(g):
    """亻 standing person: a short falling stroke and a vertical."""
    g.p(0.78, 0.04, 0.62, 0.32, 0.05, 0.50)
    g.v(0.56, 0.30, 0.96)


def shi(g):
    """士: long top, short bottom."""
    g.h(0.04, 0.36, 0.96)
    g.v(0.50, 0.08, 0.845)
    g.h(0.16, 0.86, 0.84)


def che(g):
    """車: 一, 日 with the axle through it, long 一."""
    g.h(0.08, 0.09, 0.92)
    g.v(0.16, 0.24, 0.67)
    g.hz(0.16, 0.24, 0.84, 0.67)
    g.h(0.16, 0.455, 0.84)
    g.h(0.16, 0.67, 0.84)
    g.h(0.02, 0.835, 0.98)
    g.v(0.50, 0.01, 0.99)


def ma(g):
    """馬 (traditional): 𠀆-like top over 灬 inside the hooked frame."""
    g.v(0.13, 0.03, 0.64)
    g.h(0.13, 0.05, 0.86)
    g.v(0.47, 0.05, 0.62)
    g.h(0.13, 0.235, 0.80)
    g.h(0.13, 0.42, 0.80)
    g.hz(0.13, 0.62, 0.92, 0.95, hook=True, bow=0.03, hk=(-0.11, -0.06))
    g.p(0.16, 0.73, 0.15, 0.84, 0.05, 0.92)
    g.d(0.31, 0.73, 0.35, 0.87)
    g.d(0.47, 0.72, 0.54, 0.85)
    g.d(0.63, 0.71, 0.73, 0.83)


def bao(g):
    """包: 勹 wrapped around 巳."""
    g.p(0.34, 0.02, 0.24, 0.26, 0.02, 0.40)
    g.hz(0.20, 0.19, 0.94, 0.70, hook=True, bow=0.02, hk=(-0.10, -0.06))
    g.hz(0.30, 0.36, 0.70, 0.56)
    g.h(0.30, 0.56, 0.70)
    g.vh(0.30, 0.36, 0.92, 0.92, hook=True)


def huo(g):
    """火 as a left-hand side: two dots, the falling stroke, a last dot."""
    g.d(0.14, 0.30, 0.24, 0.50)
    g.p(0.86, 0.24, 0.80, 0.36, 0.66, 0.47)
    g.path((0.50, 0.05), (0.50, 0.52, WV * 1.05, WV),
           (0.48, 0.80, 0.04, 0.96, WV, WV * 0.18))
    g.d(0.56, 0.62, 0.92, 0.82)


def shi_stone(g):
    """石 as a left-hand side."""
    g.h(0.06, 0.14, 0.94)
    g.p(0.50, 0.15, 0.40, 0.46, 0.02, 0.66)
    g.v(0.32, 0.48, 0.90)
    g.hz(0.32, 0.48, 0.90, 0.86)
    g.h(0.32, 0.845, 0.90)


def mu(g):
    """木 as a left-hand side: the last stroke becomes a dot."""
    g.h(0.04, 0.30, 0.96)
    g.v(0.52, 0.04, 0.96)
    g.p(0.50, 0.32, 0.40, 0.56, 0.04, 0.74)
    g.d(0.62, 0.42, 0.92, 0.54)


def mu_eye(g):
    """目."""
    g.v(0.04, 0.10, 0.93)
    g.hz(0.04, 0.10, 0.94, 0.93)
    g.h(0.04, 0.37, 0.94)
    g.h(0.04, 0.635, 0.94)
    g.h(0.04, 0.90, 0.94)


# ---------------------------------------------------------------------------
# The fourteen characters
# ---------------------------------------------------------------------------

def g_shuai(g):
    """帥 = 𠂤 + 巾."""
    g.weight = 0.95
    with g.box(0.04, 0.0, 0.42, 1.0):
        g.p(0.54, 0.02, 0.50, 0.11, 0.34, 0.18)
        g.v(0.16, 0.19, 0.95)
        g.hz(0.16, 0.19, 0.86, 0.45)
        g.h(0.16, 0.45, 0.86)
        g.hz(0.16, 0.56, 0.90, 0.87)
        g.h(0.16, 0.87, 0.90)
    with g.box(0.46, 0.0, 0.97, 1.0):
        g.v(0.50, 0.03, 0.97)
        g.v(0.06, 0.25, 0.80)
        g.hz(0.06, 0.25, 0.92, 0.74, hook=True)


def g_shi_red(g):
    """仕 = 亻 + 士."""
    with g.box(0.0, 0.0, 0.34, 1.0):
        ren(g)
    with g.box(0.36, 0.0, 0.97, 1.0):
        shi(g)


def g_xiang_red(g):
    """相 = 木 + 目."""
    with g.box(0.02, 0.0, 0.44, 1.0):
        mu(g)
    with g.box(0.50, 0.0, 0.95, 1.0):
        mu_eye(g)


def g_ma_red(g):
    """傌 = 亻 + 馬."""
    g.weight = 0.86
    with g.box(0.0, 0.0, 0.32, 1.0):
        ren(g)
    with g.box(0.33, 0.02, 0.98, 0.98):
        ma(g)


def g_ju_red(g):
    """俥 = 亻 + 車."""
    g.weight = 0.95
    with g.box(0.0, 0.0, 0.34, 1.0):
        ren(g)
    with g.box(0.35, 0.0, 0.98, 1.0):
        che(g)


def g_pao_red(g):
    """炮 = 火 + 包."""
    g.weight = 0.95
    with g.box(0.02, 0.0, 0.40, 1.0):
        huo(g)
    with g.box(0.42, 0.02, 0.98, 0.98):
        bao(g)


def g_bing(g):
    """兵 = 丘 + 八."""
    g.p(0.74, 0.05, 0.52, 0.13, 0.27, 0.16)
    g.v(0.27, 0.15, 0.63)
    g.h(0.27, 0.385, 0.76)
    g.v(0.64, 0.385, 0.63)
    g.h(0.04, 0.635, 0.96)
    g.p(0.36, 0.72, 0.26, 0.86, 0.06, 0.95)
    g.d(0.62, 0.72, 0.88, 0.93)


def g_jiang(g):
    """將 (traditional) = 爿 + 夕 over 寸."""
    g.weight = 0.92
    with g.box(0.02, 0.0, 0.32, 1.0):
        g.v(0.82, 0.03, 0.97)
        g.path((0.20, 0.10), (0.20, 0.37, WV, WV),
               (0.82, 0.37, WH, WH))
        g.h(0.06, 0.58, 0.82, rise=0.0)
        g.p(0.36, 0.59, 0.34, 0.82, 0.02, 0.95)
    with g.box(0.36, 0.0, 0.98, 1.0):
        g.p(0.40, 0.03, 0.26, 0.18, 0.02, 0.28)
        g.hp(0.26, 0.14, 0.88, 0.70, 0.40, 0.06, 0.52)
        g.d(0.34, 0.26, 0.52, 0.35)
        g.h(0.02, 0.61, 0.98)
        g.v(0.72, 0.45, 0.93, end="hook")
        g.d(0.22, 0.71, 0.38, 0.84)


def g_shi_black(g):
    """士."""
    with g.box(0.04, 0.0, 0.96, 1.0):
        shi(g)


def g_xiang_black(g):
    """象: ⺈ over 口 over 豕 without its top."""
    g.weight = 0.9
    g.p(0.40, 0.04, 0.30, 0.20, 0.10, 0.32)
    g.hp(0.30, 0.15, 0.62, 0.56, 0.26, 0.44, 0.40)
    g.v(0.22, 0.27, 0.47, w=WV * 0.9)
    g.hz(0.22, 0.27, 0.80, 0.47, wv=WV * 0.9)
    g.h(0.22, 0.47, 0.80)
    g.p(0.40, 0.48, 0.28, 0.56, 0.08, 0.61)
    g.p(0.47, 0.51, 0.34, 0.67, 0.07, 0.77)
    g.p(0.54, 0.63, 0.40, 0.83, 0.05, 0.94)
    g.path((0.44, 0.50), (0.62, 0.62, 0.60, 0.78, WV * 0.7, WV * 1.05),
           (0.58, 0.92, 0.42, 0.90, WV * 1.05, WV * 0.9),
           (0.38, 0.86, WV * 0.9, WV * 0.2))
    g.p(0.84, 0.50, 0.74, 0.58, 0.60, 0.63)
    g.n(0.62, 0.62, 0.72, 0.84, 0.96, 0.91)


def g_ma_black(g):
    """馬."""
    g.weight = 0.92
    with g.box(0.07, 0.02, 0.93, 0.98):
        ma(g)


def g_ju_black(g):
    """車."""
    with g.box(0.06, 0.0, 0.94, 1.0):
        che(g)


def g_pao_black(g):
    """砲 = 石 + 包."""
    g.weight = 0.95
    with g.box(0.02, 0.0, 0.42, 1.0):
        shi_stone(g)
    with g.box(0.44, 0.02, 0.98, 0.98):
        bao(g)


def g_zu(g):
    """卒 = 亠 + 从 + 十."""
    g.d(0.46, 0.03, 0.54, 0.13)
    g.h(0.08, 0.20, 0.92)
    g.p(0.34, 0.26, 0.27, 0.42, 0.10, 0.54)
    g.d(0.26, 0.40, 0.38, 0.50)
    g.p(0.68, 0.26, 0.61, 0.42, 0.46, 0.54)
    g.d(0.62, 0.38, 0.86, 0.52)
    g.h(0.04, 0.665, 0.96)
    g.v(0.50, 0.58, 0.98)


GLYPHS = {
    "帥": g_shuai, "仕": g_shi_red, "相": g_xiang_red, "傌": g_ma_red,
    "俥": g_ju_red, "炮": g_pao_red, "兵": g_bing,
    "將": g_jiang, "士": g_shi_black, "象": g_xiang_black, "馬": g_ma_black,
    "車": g_ju_black, "砲": g_pao_black, "卒": g_zu,
}


def glyph_path(char):
    g = Glyph()
    GLYPHS[char](g)
    return g.svg_path(CX - EM / 2, CY - EM / 2, EM)


def piece_svg(side, kind):
    info = SIDES[side]
    char = info["glyphs"][kind]
    return SVG_TEMPLATE.format(
        title="%s %s" % (side.capitalize(), kind),
        p="%s-%s" % (side, kind),
        cx=fmt(CX),
        cy=fmt(CY),
        sy=fmt(CY + SHADOW_DY),
        rd=fmt(R_DISC),
        rs=fmt(R_DISC + 2 * 1.1),
        shadow=shadow_gradient("%s-%s" % (side, kind), CX, CY + SHADOW_DY, R_DISC, 0.38),
        rf=fmt(R_FACE),
        fx=fmt(CX - 8),
        fy=fmt(CY - 10),
        ry=fmt(CY + 0.7),
        rr=fmt(R_RING),
        lip=fmt(LIP_DY),
        ink=info["ink"],
        char=char,
        glyph=glyph_path(char),
    )


def write(path, text):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    out = argv[1] if len(argv) > 1 else os.path.join(here, "classic")
    os.makedirs(out, exist_ok=True)
    for side in SIDES:
        for kind in KINDS:
            write(os.path.join(out, "%s-%s.svg" % (side, kind)), piece_svg(side, kind))
    write(os.path.join(out, "theme.ini"), THEME_INI)
    print("wrote %d pieces and theme.ini to %s" % (len(SIDES) * len(KINDS), out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
