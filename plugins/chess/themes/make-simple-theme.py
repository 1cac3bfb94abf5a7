#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Generate the "Simple" Chess piece theme.

Writes themes/simple/ next to this script: one SVG per piece
(<side>-<kind>.svg) and a theme.ini.  The pieces are flat, bold
pictograms made for small squares: broad silhouettes built from a few
geometric shapes, a thick outline, one flat colour (white or near
black) and only the inner lines a player needs to tell them apart:

  king    a cross on a round crown    queen   a crown of five balls
  rook    a tower with three merlons  bishop  a mitre with a slit
  knight  a horse's head with an eye  pawn    a ball on a cone

How a piece is drawn
--------------------

The parts (plinth, body, head...) are shapes in the 100 x 100 viewBox;
the symmetric ones are half profiles mirrored about x = 50 by lathe().
They are drawn twice, stroked with twice the outline width and then
filled, so that the union of the parts has one outline around it.  The
few inner lines are strokes on top: dark on White, white on Black,
stopping short of the outline.  A flat, faint elliptical shadow (a
squashed radial gradient rather than a blur filter, which librsvg draws
slowly) sits under the plinth so that the pieces stand on the square.

Usage: make-simple-theme.py [OUTPUT_DIR]
"""

import os
import sys

KINDS = ("king", "queen", "rook", "bishop", "knight", "pawn")

SIDES = {
    "white": {
        "fill": "#ffffff",
        "outline": "#1c1c1c",
        "detail": "#1c1c1c",
        "inset": 0.0,
    },
    "black": {
        "fill": "#2a2a2a",
        "outline": "#111111",
        "detail": "#ffffff",
        "inset": 3.2,
    },
}

OUTLINE = 3.8           # outer outline width, in viewBox units
DETAIL = 3.2            # inner line width
BASE_Y = 88.0           # bottom of every plinth
WIDEN = 1.1             # the symmetric pieces' profiles are drawn this much wider
SHADOW_OPACITY = 0.3

THEME_INI = """[Theme]
Name=Simple
Description=Bold flat pieces that stay clear on small boards
Preview=white-knight.svg
"""

SVG_TEMPLATE = ("""<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" """
    """height="100" viewBox="0 0 100 100">
  <title>{title}</title>
  <!-- {title}: drawn by make-simple-theme.py -->
  <defs>
    <radialGradient id="{p}-shadow" cx="50" cy="{sy}" r="{sr}" gradientUnits="userSpaceOnUse" """
    """gradientTransform="matrix(1 0 0 {sk} 0 {sdy})">
      <stop offset="0" stop-opacity="{so}"/>
      <stop offset="0.7" stop-opacity="{so2}"/>
      <stop offset="1" stop-opacity="0"/>
    </radialGradient>
    <g id="{p}-shape">
{parts}
    </g>
  </defs>
  <!-- shadow on the square -->
  <ellipse cx="50" cy="{sy}" rx="{sr}" ry="{sry}" fill="url(#{p}-shadow)"/>
  <!-- silhouette: outline under the fill -->
  <use xlink:href="#{p}-shape" fill="{outline}" stroke="{outline}" stroke-width="{ow}" """
    """stroke-linejoin="round"/>
  <use xlink:href="#{p}-shape" fill="{fill}"/>
  <!-- inner lines -->
  <g fill="none" stroke="{detail}" stroke-width="{dw}" stroke-linecap="round" """
    """stroke-linejoin="round">
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


def line(y, half, inset):
    """A straight inner line across a part at height y."""
    h = half * WIDEN - inset
    return "M%s H%s" % (pt(50 - h, y), fmt(50 + h))


def plinth(hw):
    """The base shared by all pieces: a slab with rounded ends."""
    b = BASE_Y
    return lathe(b, ("L", hw - 3, b), ("C", hw, b, hw, b - 9, hw - 3, b - 9), ("L", 0, b - 9))


def plinth_line(hw, inset):
    """The joint between a piece and its plinth."""
    return line(BASE_Y - 9, hw - 3, inset)


def path(d):
    return '<path d="%s"/>' % d


def circle(cx, cy, r):
    return '<circle cx="%s" cy="%s" r="%s"/>' % (fmt(cx), fmt(cy), fmt(r))


# ---------------------------------------------------------------------------
# The pieces.  Each returns (parts, details, extra): the silhouette's
# shapes back to front, the inner lines (path data) and any further SVG
# drawn last (with the side's detail colour filled in).
# ---------------------------------------------------------------------------

def pawn(inset):
    body = lathe(80, ("L", 15, 80), ("C", 13, 68, 9, 58, 7, 50), ("L", 0, 50))
    collar = lathe(53, ("L", 11, 53), ("C", 13.5, 53, 13.5, 47.5, 11, 47.5), ("L", 0, 47.5))
    parts = [path(body), path(collar), circle(50, 36, 11.5), path(plinth(22))]
    return parts, [plinth_line(22, inset)], ""


def bishop(inset):
    body = lathe(80, ("L", 15.5, 80), ("C", 12, 70, 9, 62, 8, 52), ("L", 0, 52))
    collar = lathe(55, ("L", 13, 55), ("C", 15.5, 55, 15.5, 49, 13, 49), ("L", 0, 49))
    mitre = lathe(50, ("L", 10, 50), ("C", 18, 44, 18, 33, 12, 26.5),
                  ("C", 8, 21.5, 4, 19, 0, 17))
    parts = [path(body), path(mitre), path(collar), circle(50, 14, 5), path(plinth(23))]
    details = ["M%s L%s" % (pt(59 - inset * 0.3, 28 + inset * 0.3), pt(48.5, 40)),
               plinth_line(23, inset)]
    return parts, details, ""


def rook(inset):
    body = lathe(80, ("L", 17, 80), ("L", 15, 44), ("L", 0, 44))
    head = lathe(45, ("L", 20, 45), ("L", 20, 19), ("L", 12.5, 19), ("L", 12.5, 26),
                 ("L", 4, 26), ("L", 4, 19), ("L", 0, 19))
    parts = [path(body), path(head), path(plinth(25))]
    details = [line(37, 20, inset), line(48, 15.5, inset), plinth_line(25, inset)]
    return parts, details, ""


def queen(inset):
    body = lathe(80, ("L", 17, 80), ("C", 14, 70, 10, 60, 9, 52), ("L", 0, 52))
    crown = lathe(55, ("L", 15, 55), ("L", 16, 49), ("L", 21.5, 22), ("L", 14.5, 33),
                  ("L", 10.5, 17), ("L", 5, 32), ("L", 0, 14))
    balls = [circle(50 + dx * WIDEN, y, r) for dx, y, r in
             ((-21.5, 20, 4.2), (21.5, 20, 4.2), (-10.5, 15, 4.2), (10.5, 15, 4.2),
              (0, 11.5, 4.5))]
    parts = [path(body), path(crown)] + balls + [path(plinth(25))]
    details = [line(50.5, 16, inset), plinth_line(25, inset)]
    return parts, details, ""


def king(inset):
    body = lathe(80, ("L", 17, 80), ("C", 14, 70, 10, 60, 9, 52), ("L", 0, 52))
    crown = lathe(55, ("L", 15, 55), ("L", 16, 49), ("C", 22, 42, 24, 34, 21, 29),
                  ("C", 17, 24, 8, 24, 0, 29))
    cross = lathe(30, ("L", 3.5, 30), ("L", 3.5, 17), ("L", 9, 17), ("L", 9, 10),
                  ("L", 3.5, 10), ("L", 3.5, 4.5), ("L", 0, 4.5))
    parts = [path(body), path(cross), path(crown), path(plinth(25))]
    details = [line(50.5, 16, inset), plinth_line(25, inset)]
    return parts, details, ""


def knight(inset):
    # Facing left: chest, throat, jaw, a notch for the mouth, nose,
    # forehead, the ear, then the back of the neck down to the plinth.
    head = ("M29 80 C28 70 32 62 40 56.5 C34 58 28 60 24 62"
            " C20.5 63.5 17 62.8 15.2 60.2 L22.5 57.8 L13.6 55.6"
            " C13.8 48.5 20.5 41.5 26.5 35"
            " C30 30 33.5 25 37 20.5 L38 10.5 L46 17"
            " C64 18 78 32 78.5 53 C78.8 65 76 73 75 80 Z")
    parts = [path(head), path(plinth(25))]
    details = ["M%s C%s %s %s" % (pt(49, 22.5 + inset * 0.6), pt(61, 26), pt(68.5 - inset, 36),
                                  pt(69.5 - inset, 52)),
               plinth_line(25, inset)]
    extra = ('  <g fill="{detail}">\n'
             '    <circle cx="37.5" cy="33" r="3.6"/>\n'
             '  </g>\n')
    return parts, details, extra


ART = {"king": king, "queen": queen, "rook": rook, "bishop": bishop,
       "knight": knight, "pawn": pawn}

HALF_WIDTH = {"king": 25, "queen": 25, "rook": 25, "bishop": 23, "knight": 25, "pawn": 22}


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
        so=fmt(SHADOW_OPACITY), so2=fmt(SHADOW_OPACITY * 0.6),
        parts="\n".join("      " + s for s in parts),
        outline=info["outline"], ow=fmt(2 * OUTLINE), fill=info["fill"],
        detail=info["detail"], dw=fmt(DETAIL),
        details="\n".join("    " + path(d) for d in details),
        extra=extra.replace("{detail}", info["detail"]),
    )


def write(path_, text):
    with open(path_, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    out = argv[1] if len(argv) > 1 else os.path.join(here, "simple")
    os.makedirs(out, exist_ok=True)
    for side in SIDES:
        for kind in KINDS:
            write(os.path.join(out, "%s-%s.svg" % (side, kind)), piece_svg(side, kind))
    write(os.path.join(out, "theme.ini"), THEME_INI)
    print("wrote %d pieces and theme.ini to %s" % (len(SIDES) * len(KINDS), out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
