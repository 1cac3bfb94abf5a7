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
# The brush engine Xiangqi's Classic pieces share (build-aux/themes/brush.py).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "build-aux", "themes"))

import koma  # noqa: E402
from brush import fmt  # noqa: E402

INK = "#262a30"
PAPER = "#fbf3e1"     # the face, for details cut out of a picture
RED = "#c0291d"
GOLD = ("#f0c431", "#b8860b")      # light, dark
SILVER = ("#c9d0d5", "#5d666e")

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

SVG_TEMPLATE = ("""<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
  <title>{title}</title>
  <defs>
    <linearGradient id="{p}-edge" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#efe0c0"/>
      <stop offset="1" stop-color="#b39467"/>
    </linearGradient>
    <radialGradient id="{p}-face" cx="{cx}" cy="{cy}" r="{rf}" fx="{fx}" fy="{fy}" """
    """gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="#fdf6e6"/>
      <stop offset="0.7" stop-color="#f4e6c6"/>
      <stop offset="1" stop-color="#e4cfa2"/>
    </radialGradient>
  </defs>
  <!-- soft drop shadow, without a blur filter -->
{shadow}
  <!-- pale wooden koma -->
  <path d="{outer}" fill="url(#{p}-edge)" stroke="#5e4526" stroke-width="0.8" """
    """stroke-linejoin="round"/>
  <path d="{face}" fill="url(#{p}-face)"/>
  <path d="{face}" fill="none" stroke="#ffffff" stroke-opacity="0.6" stroke-width="0.7"/>
  <!-- how it moves: dots one step, lines any distance, the knight's two jumps -->
  <g fill="{ink}" stroke="{ink}" stroke-linecap="round" stroke-linejoin="round">
{marks}
  </g>
  <!-- picture: {picture} -->
{art}
</svg>
""")


def layout(kind):
    """Centre of the picture, and the offsets of the marks: across, up and
    down (less room below the picture than under the roof)."""
    w, h = koma.size(kind)
    top = koma.CY - h / 2
    return (koma.CX, top + 0.615 * h), (0.35 * w, 0.355 * h, 0.30 * h)


def marks(kind):
    """The movement marks of a piece, in its ink."""
    _, steps, slides, jumps, _ = PIECES[kind]
    (cx, cy), (ux, up, down) = layout(kind)
    w, h = koma.size(kind)
    r = 0.037 * w
    out = []
    for d in steps:
        dx, dy = DIRS[d]
        uy = up if dy < 0 else down
        out.append('    <circle cx="%s" cy="%s" r="%s" stroke="none"/>'
                   % (fmt(cx + dx * ux), fmt(cy + dy * uy), fmt(r)))
    for d in slides:
        dx, dy = DIRS[d]
        uy = up if dy < 0 else down
        # From the picture's edge to past the step's place, then an arrow.
        k = 0.72 if dy > 0 else 0.69
        x0, y0 = cx + dx * ux * k, cy + dy * uy * k
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
        # The two squares two ahead and one aside: out of the ring of the
        # one-step dots, above it and closer to the middle.
        for sx in (-1, 1):
            out.append('    <circle cx="%s" cy="%s" r="%s" stroke="none"/>'
                       % (fmt(cx + sx * ux * 0.5), fmt(cy - up * 1.18), fmt(r * 1.15)))
    return "\n".join(out)


# ---------------------------------------------------------------------------
# Pictures, drawn in a box of 40 x 40 units centred on (0, 0) and scaled
# to the piece.  Each takes the ink and the paper colour (for details cut
# out of the silhouette) and returns SVG elements.
# ---------------------------------------------------------------------------

def crown(ink, paper, gem=False):
    """Three points with balls over a band; the jewel's set with a gem."""
    art = ('<path d="M-15,9 L-17.5,-8 L-8,0.5 L0,-13 L8,0.5 L17.5,-8 L15,9 Z" fill="%s"/>'
           '<circle cx="-17.5" cy="-9.5" r="2.6" fill="%s"/>'
           '<circle cx="0" cy="-14.5" r="2.8" fill="%s"/>'
           '<circle cx="17.5" cy="-9.5" r="2.6" fill="%s"/>'
           '<rect x="-15.5" y="11" width="31" height="6" rx="1.8" fill="%s"/>'
           % (ink, ink, ink, ink, ink))
    if gem:
        art += ('<path d="M0,-4 L5.5,2.5 L0,9 L-5.5,2.5 Z" fill="%s"/>'
                '<path d="M0,-0.8 L2.8,2.5 L0,5.8 L-2.8,2.5 Z" fill="%s"/>' % (paper, ink))
    else:
        art += ''.join('<circle cx="%s" cy="14" r="1.7" fill="%s"/>' % (x, paper)
                       for x in (-9, 0, 9))
    return art


def tower(ink, paper):
    """A tower with battlements, the rook of international chess."""
    return ('<path d="M-13,-16 H-7 V-11.5 H-2.5 V-16 H2.5 V-11.5 H7 V-16 H13 V-5 H-13 Z" '
            'fill="%s"/>'
            '<path d="M-9.5,-3 H9.5 L11.5,10 H-11.5 Z" fill="%s"/>'
            '<rect x="-2.6" y="1" width="5.2" height="9" rx="2.6" fill="%s"/>'
            '<rect x="-15.5" y="11.5" width="31" height="5.5" rx="1.8" fill="%s"/>'
            % (ink, ink, paper, ink))


def mitre(ink, paper):
    """A bishop's mitre with its slit, a collar and a base."""
    return ('<circle cx="0" cy="-16" r="2.8" fill="%s"/>'
            '<path d="M0,-13 C8.5,-7 11,-1 7.5,5 H-7.5 C-11,-1 -8.5,-7 0,-13 Z" fill="%s"/>'
            '<path d="M-2,-3.5 L4.5,-9" stroke="%s" stroke-width="2.2" stroke-linecap="round"/>'
            '<path d="M-8.5,6.8 H8.5 L10.5,10.8 H-10.5 Z" fill="%s"/>'
            '<rect x="-14.5" y="11.5" width="29" height="5.5" rx="1.8" fill="%s"/>'
            % (ink, ink, paper, ink, ink))


def ingot(ink, paper):
    """A bar of gold, in gold, with its shine (gold never promotes)."""
    light, dark = GOLD
    return ('<path d="M-10,-7 H10 L16.5,9 H-16.5 Z" fill="%s" stroke="%s" stroke-width="2" '
            'stroke-linejoin="round"/>'
            '<path d="M-10,-7 H10 L7.5,-1.5 H-7.5 Z" fill="#fbe58a"/>'
            '<path d="M-12,4.5 L-9.5,-0.5" stroke="#fff8d8" stroke-width="1.8" '
            'stroke-linecap="round"/>'
            '<rect x="-18" y="11" width="36" height="5" rx="1.8" fill="%s"/>'
            % (light, dark, ink))


def coin(ink, paper):
    """A silver coin with a square hole; in red once promoted."""
    if ink == INK:
        fill, edge, ring, shine = SILVER[0], SILVER[1], SILVER[1], "#ffffff"
    else:
        fill, edge, ring, shine = ink, ink, paper, paper
    return ('<circle cx="0" cy="0" r="15" fill="%s" stroke="%s" stroke-width="2.2"/>'
            '<circle cx="0" cy="0" r="10.5" fill="none" stroke="%s" stroke-width="1.4"/>'
            '<rect x="-3.6" y="-3.6" width="7.2" height="7.2" fill="%s" stroke="%s" '
            'stroke-width="1.4"/>'
            '<path d="M-8.5,-8.5 A12 12 0 0 1 4,-11.8" fill="none" stroke="%s" stroke-width="1.8" '
            'stroke-linecap="round" stroke-opacity="0.8"/>'
            % (fill, edge, ring, paper, edge, shine))


def horse(ink, paper):
    """A horse's head and neck facing left, as a chess knight."""
    return ('<path d="M-8,12 C-7,6 -3.5,1.5 1,-0.5 C-2.5,1.2 -6,2.8 -9.5,4 '
            'C-13,5.2 -16,3 -15.5,-0.5 C-15,-4 -12,-7.5 -9,-11 C-6.8,-13.5 -5,-15.5 -2.8,-17 '
            'L-4,-21 L1.5,-18 C10.5,-18 15,-11 15,-2 C15,4 14,8 13,12 Z" fill="%s"/>'
            '<circle cx="-2" cy="-10.5" r="2" fill="%s"/>'
            '<path d="M5,-15 C10,-12 12,-7 12,-1" fill="none" stroke="%s" stroke-width="1.8" '
            'stroke-linecap="round"/>'
            '<rect x="-12" y="12" width="28" height="5" rx="1.8" fill="%s"/>'
            % (ink, paper, paper, ink))


def spear(ink, paper):
    """A lance: a long, broad spearhead on a shaft."""
    return ('<path d="M0,-18 C6.5,-11 8.5,-5.5 4.5,-0.5 H-4.5 C-8.5,-5.5 -6.5,-11 0,-18 Z" '
            'fill="%s"/>'
            '<path d="M0,-12.5 V-4" stroke="%s" stroke-width="1.6" stroke-linecap="round"/>'
            '<rect x="-8" y="-0.5" width="16" height="4" rx="1.4" fill="%s"/>'
            '<rect x="-2.7" y="3" width="5.4" height="14.5" rx="1.2" fill="%s"/>'
            % (ink, paper, ink, ink))


def pawn(ink, paper):
    """A pawn of international chess."""
    return ('<circle cx="0" cy="-10" r="6.5" fill="%s"/>'
            '<rect x="-7.5" y="-3.8" width="15" height="3.6" rx="1.8" fill="%s"/>'
            '<path d="M-4.8,-0.8 H4.8 C5.2,5 7.8,8.8 12,11 H-12 C-7.8,8.8 -5.2,5 -4.8,-0.8 Z" '
            'fill="%s"/>'
            '<rect x="-14" y="11.5" width="28" height="5.5" rx="1.8" fill="%s"/>'
            % (ink, ink, ink, ink))


PICTURES = {
    "crown": crown, "jewel": lambda ink, paper: crown(ink, paper, gem=True),
    "tower": tower, "mitre": mitre, "ingot": ingot, "coin": coin,
    "horse": horse, "spear": spear, "pawn": pawn,
}


def art(kind):
    picture, _, _, _, promoted = PIECES[kind]
    (cx, cy), _ = layout(kind)
    w, _ = koma.size(kind)
    # Larger when no marks crowd it: the knight and the pawn.
    _, steps, slides, _, _ = PIECES[kind]
    scale = (0.0145 if set(steps) <= {N} and not slides else 0.0125) * w
    ink = RED if promoted else INK
    return '  <g transform="translate(%s %s) scale(%s)">%s</g>' % (
        fmt(cx), fmt(cy), "%.3f" % scale, PICTURES[picture](ink, PAPER))


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
