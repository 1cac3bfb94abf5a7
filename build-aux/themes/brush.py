# SPDX-License-Identifier: GPL-3.0-or-later
"""Brush strokes turned into filled outlines, for the piece themes drawn
with characters: Xiangqi's Classic (and the river's words on its board)
and Shogi's Traditional.

plugins/xiangqi/themes/make-classic-theme.py describes the strokes at
length. A character is a function drawing strokes into a Glyph, in a
1 x 1 em box with y downwards; Glyph.svg_path() gives one path of closed
outlines, filled with the nonzero rule, so the pieces need no font.

Shogi's kanji and kana also use t() the rising stroke 提, vt() the
vertical ending in a rising tick 竖提, and curve() a free brush line
through quadratic pieces (for と and the long sweeps of 飛).
"""

import math

# Brush widths, in em.
WV = 0.094              # verticals, falling strokes, dots
WH = 0.060              # horizontals
RISE = 0.03             # how much a horizontal rises per em of length


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

    def t(self, x0, y0, x1, y1, w=WV):
        """提: a rising stroke to the upper right, pressed at the start and
        lifting off to a point."""
        self.path((x0, y0), (x1, y1, w * 1.15, w * 0.2), cap0=0.3)

    def vt(self, x, y0, y1, x2, y2, w=WV):
        """竖提: down from (x, y0) to y1, then a tick rising to (x2, y2)."""
        self.path((x, y0), (x, y1, w * 1.05, w),
                  (x2, y2, w, w * 0.2), cap0=-0.35)

    def curve(self, start, *parts, w=WV, taper=(1.0, 1.0)):
        """A free brush line through quadratic pieces (cx, cy, x, y) or
        straight ones (x, y); its width goes from w * taper[0] to
        w * taper[1] along the pieces."""
        n = len(parts)
        out = []
        for i, part in enumerate(parts):
            w0 = w * (taper[0] + (taper[1] - taper[0]) * i / n)
            w1 = w * (taper[0] + (taper[1] - taper[0]) * (i + 1) / n)
            out.append(tuple(part) + (w0, w1))
        self.path(start, *out)

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


