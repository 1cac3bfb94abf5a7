#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Generate the "Classic" Chess piece theme.

Writes themes/classic/ next to this script: one SVG per piece
(<side>-<kind>.svg) and a theme.ini.  The pieces are a Staunton-like
set drawn here from our own geometry:

  king    crown cup under a cross     queen   coronet of points and balls
  rook    tower with crenellations    bishop  mitre with a slit and a ball
  knight  horse's head with a mane    pawn    ball on a collar
  and an eye

How a piece is drawn
--------------------

A piece is a few parts (plinth, body, collar, head...) in the 100 x 100
viewBox; the turned ones are half profiles, mirrored about x = 50 by
lathe().  The parts are drawn twice: first with a stroke twice the
outline width, then filled on top, so that only the outer edge of their
union keeps an outline and the silhouette is one clean shape.  The
inner lines (collars, the slit, the mane, the eye) are then drawn on
top as strokes: dark on the ivory White pieces, light on the ebony
Black ones, where they stop short of the outline.  A soft elliptical
shadow (a squashed radial gradient, cheaper for librsvg than a blur
filter) lies on the square under the plinth.

Usage: make-classic-theme.py [OUTPUT_DIR]
"""

import os
import sys

KINDS = ("king", "queen", "rook", "bishop", "knight", "pawn")

SIDES = {
    "white": {
        # The body's colours from left to right: shade, highlight, body,
        # shade, as on a turned and polished piece lit from the left.
        # Inner lines stop "inset" short of the outline.
        "body": ("#ddd0b4", "#fffdf6", "#f3ead7", "#cdbd9a"),
        "outline": "#2a2420",
        "detail": "#2a2420",
        "detail_opacity": 1.0,
        "inset": 0.0,
    },
    "black": {
        "body": ("#2d2926", "#5b5550", "#35302c", "#161412"),
        "outline": "#0d0b0a",
        "detail": "#eee6d6",
        "detail_opacity": 0.92,
        "inset": 2.2,
    },
}

OUTLINE = 2.8           # outer outline width, in viewBox units
DETAIL = 1.9            # inner line width
BASE_Y = 88.0           # bottom of every plinth
WIDEN = 1.08            # the turned pieces' profiles are drawn this much wider
SHADOW_OPACITY = 0.38

THEME_INI = """[Theme]
Name=Classic
Description=Staunton pieces in ivory and ebony
Preview=white-knight.svg
"""

SVG_TEMPLATE = ("""<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" """
    """height="100" viewBox="0 0 100 100">
  <title>{title}</title>
  <!-- {title}: drawn by make-classic-theme.py -->
  <defs>
    <radialGradient id="{p}-shadow" cx="50" cy="{sy}" r="{sr}" gradientUnits="userSpaceOnUse" """
    """gradientTransform="matrix(1 0 0 {sk} 0 {sdy})">
      <stop offset="0" stop-opacity="{so}"/>
      <stop offset="0.55" stop-opacity="{so2}"/>
      <stop offset="1" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="{p}-body" x1="{gx0}" y1="0" x2="{gx1}" y2="0" """
    """gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="{b0}"/>
      <stop offset="0.3" stop-color="{b1}"/>
      <stop offset="0.62" stop-color="{b2}"/>
      <stop offset="1" stop-color="{b3}"/>
    </linearGradient>
    <g id="{p}-shape">
{parts}
    </g>
  </defs>
  <!-- shadow on the square -->
  <ellipse cx="50" cy="{sy}" rx="{sr}" ry="{sry}" fill="url(#{p}-shadow)"/>
  <!-- silhouette: outline under the fill -->
  <use xlink:href="#{p}-shape" fill="{outline}" stroke="{outline}" stroke-width="{ow}" """
    """stroke-linejoin="round"/>
  <use xlink:href="#{p}-shape" fill="url(#{p}-body)"/>
  <!-- inner lines -->
  <g fill="none" stroke="{detail}" stroke-opacity="{do}" stroke-width="{dw}" """
    """stroke-linecap="round" stroke-linejoin="round">
{details}
  </g>
{extra}</svg>
""")


def fmt(v):
    """Compact number formatting for attribute values."""
    s = "%.2f" % v
    s = s.rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


def pt(x, y):
    return "%s %s" % (fmt(x), fmt(y))


# ---------------------------------------------------------------------------
# Geometry helpers
# ---------------------------------------------------------------------------

def lathe(start_y, *segs):
    """A closed path symmetric about x = 50 from a right half profile.

    The profile starts on the axis at (0, start_y) and runs through segs,
    ("L", x, y) or ("C", x1, y1, x2, y2, x, y) with x measured from the
    axis, back to the axis; the left half is the mirror image, walked
    backwards."""
    segs = [(s[0],) + tuple(v * WIDEN if k % 2 == 0 else v for k, v in enumerate(s[1:]))
            for s in segs]
    nodes = [(0.0, start_y)]
    for s in segs:
        nodes.append((s[-2], s[-1]))
    d = ["M" + pt(50, start_y)]
    for s in segs:
        if s[0] == "L":
            d.append("L" + pt(50 + s[1], s[2]))
        else:
            d.append("C" + ", ".join(pt(50 + s[i], s[i + 1]) for i in (1, 3, 5)))
    for i in range(len(segs) - 1, -1, -1):
        s = segs[i]
        x0, y0 = nodes[i]
        if s[0] == "L":
            d.append("L" + pt(50 - x0, y0))
        else:
            d.append("C" + ", ".join((pt(50 - s[3], s[4]), pt(50 - s[1], s[2]),
                                      pt(50 - x0, y0))))
    return " ".join(d) + " Z"


def band(y, half, sag, inset):
    """An inner line across a turned part at height y, curved by sag (the
    near side of a ring seen slightly from above)."""
    h = half * WIDEN - inset
    return "M%s Q%s %s" % (pt(50 - h, y), pt(50, y + 2 * sag), pt(50 + h, y))


def plinth(hw):
    """The two-tier base shared by all pieces, hw its half width."""
    b = BASE_Y
    return lathe(b,
                 ("L", hw - 2, b),
                 ("C", hw, b, hw + 0.6, b - 4.5, hw - 1.2, b - 5.4),
                 ("L", hw - 3.5, b - 6),
                 ("C", hw - 2.4, b - 7.5, hw - 3.4, b - 10.2, hw - 6, b - 10.6),
                 ("L", 0, b - 10.6))


def plinth_details(hw, inset):
    """The line between the plinth's two tiers."""
    b = BASE_Y
    return [band(b - 5.7, hw - 2.4, 0.6, inset)]


def path(d):
    return '<path d="%s"/>' % d


def circle(cx, cy, r):
    return '<circle cx="%s" cy="%s" r="%s"/>' % (fmt(cx), fmt(cy), fmt(r))


# ---------------------------------------------------------------------------
# The pieces.  Each returns (parts, details, extra): the silhouette's
# shapes back to front, the inner lines (path data) and any further
# SVG drawn last (with the side's colours filled in).
# ---------------------------------------------------------------------------

def pawn(inset):
    hw = 21.0
    body = lathe(78, ("L", 15, 78), ("C", 12, 71, 7.5, 62, 6.8, 49), ("L", 0, 49))
    collar = lathe(50.5, ("L", 9.5, 50.5), ("C", 12.5, 50.5, 12.5, 45.5, 9.5, 45.5),
                   ("L", 0, 45.5))
    head = circle(50, 35.5, 10)
    parts = [path(body), path(collar), head, path(plinth(hw))]
    details = plinth_details(hw, inset) + [
        band(50.2, 10.5, 0.5, inset), band(45.8, 9.8, 0.5, inset)]
    return parts, details, ""


def bishop(inset):
    hw = 23.0
    body = lathe(78, ("L", 16, 78), ("C", 12, 71, 6.5, 61, 6.5, 50), ("L", 0, 50))
    collar = lathe(52, ("L", 11, 52), ("C", 14, 52, 14, 47.5, 11, 47.5),
                   ("L", 8.5, 47.5), ("C", 11, 47.5, 11, 43.5, 8.5, 43.5), ("L", 0, 43.5))
    mitre = lathe(45, ("L", 8, 45), ("C", 14.5, 40, 15, 31, 10, 24.5),
                  ("C", 7, 20.5, 3, 18.5, 0, 16.5))
    ball = circle(50, 13.5, 4)
    parts = [path(body), path(mitre), path(collar), ball, path(plinth(hw))]
    details = plinth_details(hw, inset) + [
        band(51.8, 11.6, 0.5, inset), band(47.6, 10.6, 0.4, inset),
        band(43.6, 9.0, 0.4, inset),
        # the slit, falling from the right shoulder of the mitre
        "M57.6 26 L47.4 36.8"]
    return parts, details, ""


def rook(inset):
    hw = 25.0
    body = lathe(78, ("L", 17, 78), ("C", 15.5, 68, 14.5, 52, 14.5, 40), ("L", 0, 40))
    ring = lathe(43, ("L", 16, 43), ("C", 17.5, 43, 17.5, 38, 16, 38), ("L", 0, 38))
    head = lathe(39, ("L", 17, 39), ("C", 18.5, 37, 19, 35.5, 19, 33),
                 ("L", 19, 20), ("L", 12, 20), ("L", 12, 25.5), ("L", 4, 25.5),
                 ("L", 4, 20), ("L", 0, 20))
    parts = [path(body), path(head), path(ring), path(plinth(hw))]
    details = plinth_details(hw, inset) + [
        band(42.8, 16.2, 0.4, inset), band(38.2, 16.2, 0.4, inset),
        band(30.5, 19.0, 0.5, inset)]
    return parts, details, ""


def queen(inset):
    hw = 26.0
    body = lathe(78, ("L", 16.5, 78), ("C", 12, 70, 7.5, 58, 7.5, 46), ("L", 0, 46))
    collar = lathe(50, ("L", 12, 50), ("C", 15, 50, 15, 45.5, 12, 45.5),
                   ("L", 10, 45.5), ("C", 12.5, 45.5, 12.5, 41.5, 10, 41.5), ("L", 0, 41.5))
    crown = lathe(43, ("L", 10, 43), ("C", 13, 38, 17, 28, 20.5, 19.5),
                  ("L", 14.5, 27), ("L", 11, 16.5), ("L", 5.5, 26), ("L", 0, 14))
    balls = [circle(50 + dx * WIDEN, y, r) for dx, y, r in
             ((-20.5, 18, 3.2), (20.5, 18, 3.2), (-11, 15, 3.2), (11, 15, 3.2),
              (0, 11.5, 3.6))]
    parts = [path(body), path(crown)] + balls + [path(collar), path(plinth(hw))]
    details = plinth_details(hw, inset) + [
        band(49.8, 12.8, 0.5, inset), band(45.6, 11.6, 0.4, inset),
        band(41.6, 10.2, 0.4, inset), band(36.5, 13.6, 0.8, inset)]
    return parts, details, ""


def king(inset):
    hw = 26.0
    body = lathe(78, ("L", 17, 78), ("C", 12.5, 70, 8, 59, 8, 48), ("L", 0, 48))
    collar = lathe(52, ("L", 12.5, 52), ("C", 15.5, 52, 15.5, 47.5, 12.5, 47.5),
                   ("L", 10.5, 47.5), ("C", 13, 47.5, 13, 43.5, 10.5, 43.5), ("L", 0, 43.5))
    crown = lathe(45, ("L", 10, 45), ("C", 13, 40, 16.5, 33.5, 18, 29),
                  ("C", 19.8, 28.4, 20.2, 25.6, 18, 25), ("C", 14, 23, 8, 21.8, 3, 21.8),
                  ("L", 0, 21.8))
    cross = lathe(23, ("L", 2.6, 23), ("L", 2.6, 15.5), ("L", 7.5, 15.5), ("L", 7.5, 10.5),
                  ("L", 2.6, 10.5), ("L", 2.6, 5.5), ("L", 0, 5.5))
    parts = [path(body), path(cross), path(crown), path(collar), path(plinth(hw))]
    details = plinth_details(hw, inset) + [
        band(51.8, 13.3, 0.5, inset), band(47.6, 12.2, 0.4, inset),
        band(43.6, 10.6, 0.4, inset), band(28.6, 18.2, 0.9, inset)]
    return parts, details, ""


def cubic(p0, p1, p2, p3, t):
    """The point at t of the cubic Bézier p0..p3."""
    u = 1 - t
    return tuple(u * u * u * a + 3 * u * u * t * b + 3 * u * t * t * c + t * t * t * d
                 for a, b, c, d in zip(p0, p1, p2, p3))


def scallops(p0, p1, p2, p3, n, depth):
    """Path data (without the moveto) along the cubic p0..p3 in n bumps
    that bulge depth units to the right of the direction of travel: the
    tufts of a mane."""
    pts = [cubic(p0, p1, p2, p3, i / n) for i in range(n + 1)]
    d = []
    for a, b in zip(pts, pts[1:]):
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        dx, dy = b[0] - a[0], b[1] - a[1]
        ln = (dx * dx + dy * dy) ** 0.5
        # right of travel in a y-down system is (-dy, dx)
        cx, cy = mx - dy / ln * depth * 2, my + dx / ln * depth * 2
        d.append("Q%s %s" % (pt(cx, cy), pt(*b)))
    return " ".join(d)


# The back of the knight's neck, from behind the ear down to the plinth.
MANE = ((47.5, 17.5), (64, 19), (77, 33), (77.5, 53))


def strand(inner, outer, t, inset):
    """One strand of the mane: a short curve from the inner edge at t out
    to a valley between two tufts, stopping inset short of it."""
    x0, y0 = cubic(*inner, t)
    x1, y1 = cubic(*outer, t + 0.03)
    cx, cy = cubic(*outer, t - 0.03)
    k = inset / 7.0
    x1, y1 = x1 + (x0 - x1) * k, y1 + (y0 - y1) * k
    return "M%s Q%s %s" % (pt(x0, y0), pt(cx, cy), pt(x1, y1))


def knight(inset):
    hw = 26.0
    # The head and neck, facing left, standing on the plinth: chest, throat,
    # jowl, chin and muzzle, nose, forehead, ear, then the mane.
    head = ("M29 79 C27 71 28.5 64 35 58.5 C37.5 56.5 39.5 55 40.5 53.5"
            " C37 56.5 31.5 59 27 60.5 C23.5 61.6 21 62.2 18.5 61"
            " C17 60.4 16 59.6 15.6 58.6 L22 57.2 L14.9 55.4"
            " C14.4 54.4 14.3 53.5 14.6 52.6 C15.4 49.6 18 47 20.5 44.2"
            " C25 39 29.5 32.5 33.5 26.5 C35 24.2 36.5 21.5 37.5 19.5"
            " L39 9.5 L44.5 16.2 L47.5 17.5 " + scallops(*MANE, 7, 0.9) +
            " C77.8 64 75.5 72 74.5 79 Z")
    far_ear = "M43 17.5 L47.5 8 L51 18.5 Z"
    parts = [path(far_ear), path(head), path(plinth(hw))]
    i = inset
    a, b, c, d = MANE
    inner = [(x - 6.5, y + 2) for x, y in (a, b, c, d)]
    inner[0] = (a[0] - 2 + i * 0.3, a[1] + 3.5 + i * 0.5)
    details = plinth_details(hw, inset) + [
        # the inner edge of the mane
        "M%s C%s %s %s C%s %s %s" % (pt(*inner[0]), pt(*inner[1]), pt(*inner[2]),
                                      pt(*inner[3]), pt(inner[3][0], 63),
                                      pt(inner[3][0] - 1.5, 71), pt(70.5 - i * 0.4, 78.5 - i)),
        # strands of the mane, from its inner edge out to the tufts
        " ".join(strand(inner, MANE, t, i) for t in (0.25, 0.4, 0.55, 0.7, 0.85)),
        # the jowl, round under the eye, into the throat
        "M40.5 53.5 C46.5 49 48 42.5 45.5 38.5",
    ]
    extra = ('  <g fill="{detail}" fill-opacity="{do}">\n'
             '    <path d="M32 33.2 C34 30.2 38.4 29.2 41 30.6 C39 33.4 35.5 34.6 32 33.2 Z"/>\n'
             '    <path d="M18.4 50.6 C19.4 48.6 22 48 23.2 49 '
             'C22.2 50.8 20.2 51.6 18.4 50.6 Z"/>\n'
             '  </g>\n')
    return parts, details, extra


ART = {"king": king, "queen": queen, "rook": rook, "bishop": bishop,
       "knight": knight, "pawn": pawn}

HALF_WIDTH = {"king": 26, "queen": 26, "rook": 25, "bishop": 23, "knight": 26, "pawn": 21}


def piece_svg(side, kind):
    info = SIDES[side]
    p = "%s-%s" % (side, kind)
    parts, details, extra = ART[kind](info["inset"])
    hw = HALF_WIDTH[kind] * (WIDEN if kind != "knight" else 1)
    sy = BASE_Y - 0.5
    sr = hw + 5
    sk = 0.2
    return SVG_TEMPLATE.format(
        title="%s %s" % (side.capitalize(), kind),
        p=p,
        sy=fmt(sy), sr=fmt(sr), sry=fmt(sr * sk), sk=fmt(sk), sdy=fmt(sy * (1 - sk)),
        so=fmt(SHADOW_OPACITY), so2=fmt(SHADOW_OPACITY * 0.55),
        gx0=fmt(50 - hw), gx1=fmt(50 + hw),
        b0=info["body"][0], b1=info["body"][1], b2=info["body"][2], b3=info["body"][3],
        parts="\n".join("      " + s for s in parts),
        outline=info["outline"], ow=fmt(2 * OUTLINE),
        detail=info["detail"], do=fmt(info["detail_opacity"]), dw=fmt(DETAIL),
        details="\n".join("    " + path(d) for d in details),
        extra=extra.replace("{detail}", info["detail"]).replace(
            "{do}", fmt(info["detail_opacity"])),
    )


def write(path_, text):
    with open(path_, "w", encoding="utf-8", newline="\n") as f:
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
