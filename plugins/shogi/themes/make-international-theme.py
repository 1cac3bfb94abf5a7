#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Generate the "International" Shogi piece theme.

Writes themes/international/ next to this script: one SVG per kind of
piece (<kind>.svg, pointing up) and a theme.ini.  For players who do not
read kanji, each koma carries a picture instead of its name, and marks
around the picture that show how it moves:

  a dot    one step in that direction
  a line   any number of steps that way (an arrow at its end)
  two dots high up, left and right of the point: the knight's jumps

  king     a crown                 jewel   a crown set with a gem
  rook     a tower                 bishop  a mitre
  gold     a gold ingot            silver  a silver coin
  knight   a horse's head          lance   a spearhead
  pawn     a pawn

A promoted piece keeps the picture of the piece it was (it turns back
into it when captured) and is drawn in red, with its new moves: the
dragon and the horse add the king's steps to the rook's and bishop's
lines, the others move as a gold.

The pieces have the graded sizes of a real set (koma.py) in a pale wood.

Usage: make-international-theme.py [OUTPUT_DIR]
"""

import math
import os
import sys

sys.dont_write_bytecode = True  # keep the source tree free of __pycache__
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import koma  # noqa: E402
from brush import fmt  # noqa: E402

INK = "#262a30"
RED = "#c0291d"
GOLD = ("#f0c431", "#b8860b")      # light, dark
SILVER = ("#e3e7ea", "#8e979f")

N, NE, E, SE, S, SW, W, NW = range(8)
DIRS = {N: (0, -1), NE: (1, -1), E: (1, 0), SE: (1, 1),
        S: (0, 1), SW: (-1, 1), W: (-1, 0), NW: (-1, -1)}
ALL = tuple(range(8))
ORTHO = (N, E, S, W)
DIAG = (NE, SE, SW, NW)
GOLD_STEPS = (N, NE, E, S, W, NW)

# kind: (picture, steps, slides, jumps, promoted)
PIECES = {
    "king": ("crown", ALL, (), False, False),
    "jewel": ("jewel", ALL, (), False, False),
    "rook": ("tower", (), ORTHO, False, False),
    "bishop": ("mitre", (), DIAG, False, False),
    "gold": ("ingot", GOLD_STEPS, (), False, False),
    "silver": ("coin", (N, NE, SE, SW, NW), (), False, False),
    "knight": ("horse", (), (), True, False),
    "lance": ("spear", (), (N,), False, False),
    "pawn": ("pawn", (N,), (), False, False),
    "dragon": ("tower", DIAG, ORTHO, False, True),
    "horse": ("mitre", ORTHO, DIAG, False, True),
    "promoted-silver": ("coin", GOLD_STEPS, (), False, True),
    "promoted-knight": ("horse", GOLD_STEPS, (), False, True),
    "promoted-lance": ("spear", GOLD_STEPS, (), False, True),
    "tokin": ("pawn", GOLD_STEPS, (), False, True),
}

THEME_INI = """[Theme]
Name=International
Description=Pictures and movement marks instead of kanji, promoted pieces in red
Preview=king.svg
"""

SVG_TEMPLATE = """<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
  <title>{title}</title>
  <defs>
    <linearGradient id="{p}-edge" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#efe0c0"/>
      <stop offset="1" stop-color="#b39467"/>
    </linearGradient>
    <radialGradient id="{p}-face" cx="{cx}" cy="{cy}" r="{rf}" fx="{fx}" fy="{fy}" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="#fdf6e6"/>
      <stop offset="0.7" stop-color="#f4e6c6"/>
      <stop offset="1" stop-color="#e4cfa2"/>
    </radialGradient>
  </defs>
  <!-- soft drop shadow, without a blur filter -->
{shadow}
  <!-- pale wooden koma -->
  <path d="{outer}" fill="url(#{p}-edge)" stroke="#5e4526" stroke-width="0.8" stroke-linejoin="round"/>
  <path d="{face}" fill="url(#{p}-face)"/>
  <path d="{face}" fill="none" stroke="#ffffff" stroke-opacity="0.6" stroke-width="0.7"/>
  <!-- how it moves: dots one step, lines any distance, the knight's two jumps -->
  <g fill="{ink}" stroke="{ink}" stroke-linecap="round" stroke-linejoin="round">
{marks}
  </g>
  <!-- picture: {picture} -->
{art}
</svg>
"""


def layout(kind):
    """Centre of the picture, and the unit offsets of the marks."""
    w, h = koma.size(kind)
    top = koma.CY - h / 2
    return (koma.CX, top + 0.60 * h), (0.33 * w, 0.33 * h)


def marks(kind):
    _, steps, slides, jumps, _ = PIECES[kind]
    (cx, cy), (ux, uy) = layout(kind)
    w, h = koma.size(kind)
    r = 0.037 * w
    out = []
    for d in steps:
        dx, dy = DIRS[d]
        out.append('    <circle cx="%s" cy="%s" r="%s" stroke="none"/>'
                   % (fmt(cx + dx * ux), fmt(cy + dy * uy), fmt(r)))
    for d in slides:
        dx, dy = DIRS[d]
        # From the picture's edge to past the step's place, then an arrow.
        x0, y0 = cx + dx * ux * 0.62, cy + dy * uy * 0.62
        x1, y1 = cx + dx * ux * 1.08, cy + dy * uy * 1.08
        ln = math.hypot(x1 - x0, y1 - y0)
        tx, ty = (x1 - x0) / ln, (y1 - y0) / ln
        a = 0.06 * w
        bx, by = x1 - tx * a, y1 - ty * a
        out.append('    <path d="M%s,%s L%s,%s" fill="none" stroke-width="%s"/>'
                   % (fmt(x0), fmt(y0), fmt(bx), fmt(by), fmt(0.035 * w)))
        out.append('    <path d="M%s,%s L%s,%s L%s,%s Z" stroke-width="0.8"/>'
                   % (fmt(x1), fmt(y1), fmt(bx - ty * a * 0.7), fmt(by + tx * a * 0.7),
                      fmt(bx + ty * a * 0.7), fmt(by - tx * a * 0.7)))
    if jumps:
        for sx in (-1, 1):
            out.append('    <circle cx="%s" cy="%s" r="%s" stroke="none"/>'
                       % (fmt(cx + sx * ux * 0.55), fmt(cy - uy * 1.28), fmt(r)))
    return "\n".join(out)


# ---------------------------------------------------------------------------
# Pictures, drawn in a box of 40 x 40 units centred on (0, 0) and scaled
# to the piece.  Each returns SVG elements; {ink} is the ink colour.
# ---------------------------------------------------------------------------

def crown(ink, gem=False):
    art = ('<path d="M-13,8 L-15,-9 L-7,-1 L0,-13 L7,-1 L15,-9 L13,8 Z" fill="%s"/>'
           '<rect x="-13.5" y="9.5" width="27" height="5" rx="1.5" fill="%s"/>'
           % (ink, ink))
    if gem:
        art += ('<path d="M0,-3 L4.5,2 L0,7 L-4.5,2 Z" fill="#fdf6e6"/>'
                '<path d="M0,-0.5 L2.3,2 L0,4.5 L-2.3,2 Z" fill="%s"/>' % ink)
    return art


def tower(ink):
    return ('<path d="M-11,-14 H-6 V-10 H-2 V-14 H2 V-10 H6 V-14 H11 V-5 H-11 Z" fill="%s"/>'
            '<path d="M-8,-3 H8 L9.5,9 H-9.5 Z" fill="%s"/>'
            '<rect x="-13" y="10.5" width="26" height="5" rx="1.5" fill="%s"/>'
            % (ink, ink, ink))


def mitre(ink):
    return ('<circle cx="0" cy="-14" r="2.4" fill="%s"/>'
            '<path d="M0,-11.5 C7,-6 9,-1 6,4 H-6 C-9,-1 -7,-6 0,-11.5 Z" fill="%s"/>'
            '<path d="M-1.5,-5 L4,-9" stroke="#fdf6e6" stroke-width="1.8" stroke-linecap="round"/>'
            '<path d="M-7,5.5 H7 L9,10 H-9 Z" fill="%s"/>'
            '<rect x="-12" y="11" width="24" height="4.5" rx="1.5" fill="%s"/>'
            % (ink, ink, ink, ink))


def ingot(ink, colours=GOLD):
    light, dark = colours
    return ('<path d="M-9,-6 H9 L14,8 H-14 Z" fill="%s" stroke="%s" stroke-width="1.6" stroke-linejoin="round"/>'
            '<path d="M-6,-2 H6" stroke="#fffbe8" stroke-width="1.6" stroke-linecap="round"/>'
            '<path d="M-16,9.5 H16" stroke="%s" stroke-width="2.4" stroke-linecap="round"/>'
            % (light if ink == INK else ink, dark if ink == INK else ink, ink))


def coin(ink, colours=SILVER):
    light, dark = colours
    fill = light if ink == INK else ink
    edge = dark if ink == INK else ink
    return ('<circle cx="0" cy="0" r="12" fill="%s" stroke="%s" stroke-width="1.8"/>'
            '<circle cx="0" cy="0" r="8" fill="none" stroke="%s" stroke-width="1"/>'
            '<rect x="-2.5" y="-2.5" width="5" height="5" fill="#fdf6e6" stroke="%s" stroke-width="1"/>'
            % (fill, edge, edge, edge))


def horse(ink):
    return ('<path d="M-7,12 C-6,6 -3,2 1,0 C-2,1.5 -5,3 -8,4 C-11,5 -13.5,3 -13,0 '
            'C-12.5,-3 -10,-6 -7.5,-9 C-5.5,-11.5 -4,-13.5 -2,-15 L-3,-19 L1.5,-16 '
            'C9,-16 13,-10 13,-2 C13,4 12,8 11,12 Z" fill="%s"/>'
            '<circle cx="-1.5" cy="-9" r="1.7" fill="#fdf6e6"/>'
            '<rect x="-11" y="12" width="24" height="4.5" rx="1.5" fill="%s"/>'
            % (ink, ink))


def spear(ink):
    return ('<path d="M0,-17 C4,-11 5.5,-6 3,-1 H-3 C-5.5,-6 -4,-11 0,-17 Z" fill="%s"/>'
            '<rect x="-5.5" y="-1" width="11" height="3" rx="1" fill="%s"/>'
            '<rect x="-1.6" y="2" width="3.2" height="15" fill="%s"/>'
            % (ink, ink, ink))


def pawn(ink):
    return ('<circle cx="0" cy="-9" r="5.5" fill="%s"/>'
            '<rect x="-6.5" y="-3.5" width="13" height="3.2" rx="1.6" fill="%s"/>'
            '<path d="M-4,-0.5 H4 C4.3,5 6.5,8.5 10,10.5 H-10 C-6.5,8.5 -4.3,5 -4,-0.5 Z" fill="%s"/>'
            '<rect x="-12" y="11" width="24" height="4.5" rx="1.5" fill="%s"/>'
            % (ink, ink, ink, ink))


PICTURES = {
    "crown": crown, "jewel": lambda ink: crown(ink, gem=True), "tower": tower,
    "mitre": mitre, "ingot": ingot, "coin": coin, "horse": horse,
    "spear": spear, "pawn": pawn,
}


def art(kind):
    picture, _, _, _, promoted = PIECES[kind]
    (cx, cy), _ = layout(kind)
    w, _ = koma.size(kind)
    scale = 0.0105 * w
    ink = RED if promoted else INK
    return '  <g transform="translate(%s %s) scale(%s)">%s</g>' % (
        fmt(cx), fmt(cy), "%.3f" % scale, PICTURES[picture](ink))


def piece_svg(kind):
    w, h = koma.size(kind)
    promoted = PIECES[kind][4]
    return SVG_TEMPLATE.format(
        title=kind.replace("-", " ").capitalize(),
        p=kind,
        cx=fmt(koma.CX),
        cy=fmt(koma.CY),
        rf=fmt(h * 0.62),
        fx=fmt(koma.CX - w * 0.12),
        fy=fmt(koma.CY - h * 0.18),
        shadow=koma.shadow(kind),
        outer=koma.path(kind),
        face=koma.path(kind, inset=1.6, r=1.2),
        ink=RED if promoted else INK,
        marks=marks(kind),
        picture=PIECES[kind][0],
        art=art(kind),
    )


def write(path, text):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    out = argv[1] if len(argv) > 1 else os.path.join(here, "international")
    os.makedirs(out, exist_ok=True)
    for kind in koma.KINDS:
        write(os.path.join(out, "%s.svg" % kind), piece_svg(kind))
    write(os.path.join(out, "theme.ini"), THEME_INI)
    print("wrote %d pieces and theme.ini to %s" % (len(koma.KINDS), out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
