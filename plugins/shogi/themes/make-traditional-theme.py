#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Generate the "Traditional" Shogi piece theme.

Writes themes/traditional/ next to this script: one SVG per kind of piece
(<kind>.svg, drawn pointing up; the board turns the second player's
pieces) and a theme.ini.  The pieces are boxwood koma graded in size as
in a real set (koma.py), with their names in lacquer: the two-character
names of the unpromoted pieces in black, and on the promoted pieces the
single red character that real sets and game records use for them:

  king 王将  jewel 玉将  rook 飛車  bishop 角行  gold 金将  silver 銀将
  knight 桂馬  lance 香車  pawn 歩兵
  dragon 竜  horse 馬  promoted-silver 全  promoted-knight 圭
  promoted-lance 杏  tokin と

The characters are brush strokes drawn by build-aux/themes/brush.py from the descriptions
in kanji.py, so the pieces need no font at run time.

Usage: make-traditional-theme.py [OUTPUT_DIR]
"""

import os
import sys

sys.dont_write_bytecode = True  # keep the source tree free of __pycache__
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
# The brush engine Xiangqi's Classic pieces share (build-aux/themes/brush.py).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "build-aux", "themes"))

import koma  # noqa: E402
from brush import Glyph, fmt  # noqa: E402
from kanji import CHARS  # noqa: E402

NAMES = {
    "king": "王将", "jewel": "玉将", "rook": "飛車", "bishop": "角行",
    "gold": "金将", "silver": "銀将", "knight": "桂馬", "lance": "香車",
    "pawn": "歩兵", "dragon": "竜", "horse": "馬", "promoted-silver": "全",
    "promoted-knight": "圭", "promoted-lance": "杏", "tokin": "と",
}

BLACK_INK = "#1c1a17"   # black lacquer
RED_INK = "#b8261b"     # vermilion lacquer

ASPECT = 1.36           # width over height of a character of a two-character name
ASPECT_ONE = 1.12       # and of a single character
WEIGHT_TWO = 1.25       # brush weight of the two-character names
WEIGHT_ONE = 1.15       # and of the single red characters

THEME_INI = """[Theme]
Name=Traditional
Description=Boxwood pieces with their names in black and red lacquer
Preview=king.svg
"""

SVG_TEMPLATE = ("""<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100" viewBox="0 0 100 100">
  <title>{title}</title>
  <defs>
    <linearGradient id="{p}-edge" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#e9c47e"/>
      <stop offset="1" stop-color="#a8773a"/>
    </linearGradient>
    <radialGradient id="{p}-face" cx="{cx}" cy="{cy}" r="{rf}" fx="{fx}" fy="{fy}" """
    """gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="#f8e2aa"/>
      <stop offset="0.65" stop-color="#efcf8a"/>
      <stop offset="1" stop-color="#dcb268"/>
    </radialGradient>
    <clipPath id="{p}-clip"><path d="{face}"/></clipPath>
    <path id="{p}-glyph" d="{glyph}"/>
  </defs>
  <!-- soft drop shadow, without a blur filter -->
{shadow}
  <!-- the wood: bevelled edge, then the top face -->
  <path d="{outer}" fill="url(#{p}-edge)" stroke="#7a5429" stroke-width="0.7" """
    """stroke-linejoin="round"/>
  <path d="{face}" fill="url(#{p}-face)"/>
  <!-- straight grain of boxwood -->
  <g clip-path="url(#{p}-clip)" fill="none" stroke="#b98a46" stroke-linecap="round">
{grain}
  </g>
  <path d="{face}" fill="none" stroke="#fff6dc" stroke-opacity="0.55" stroke-width="0.7"/>
  <!-- {chars}: brush strokes drawn by make-traditional-theme.py,
       a light lower lip as if carved, then the lacquer -->
  <use xlink:href="#{p}-glyph" y="0.6" fill="#fff4d6" fill-opacity="0.65"/>
  <use xlink:href="#{p}-glyph" fill="{ink}"/>
</svg>
""")


def grain(kind):
    """A few long, gently wavy lines along the piece: the straight grain
    (masame) of a good boxwood set.  Deterministic, varying by kind."""
    w, h = koma.size(kind)
    seed = sum(ord(c) for c in kind)
    lines = []
    x = koma.CX - w / 2 + 3.0 + (seed % 5) * 0.7
    i = 0
    while x < koma.CX + w / 2 - 2:
        wob = 0.8 + ((seed * (i + 3)) % 7) * 0.25
        top, bottom = koma.CY - h / 2, koma.CY + h / 2
        op = 0.10 + ((seed + i * 5) % 4) * 0.04
        lines.append('    <path d="M%s,%s C%s,%s %s,%s %s,%s" stroke-width="%s" '
                     'stroke-opacity="%s"/>'
                     % (fmt(x), fmt(top), fmt(x + wob), fmt(top + h * 0.35),
                        fmt(x - wob), fmt(top + h * 0.65), fmt(x + wob * 0.5), fmt(bottom),
                        fmt(0.35 + (i % 3) * 0.15), fmt(op)))
        x += 3.2 + ((seed + i * 7) % 5) * 0.9
        i += 1
    return "\n".join(lines)


def inscription(kind):
    """The piece's name as one path: two characters in a column, or one
    larger character for a promoted piece."""
    name = NAMES[kind]
    w, h = koma.size(kind)
    top = koma.CY - h / 2
    g = Glyph()
    if len(name) == 2:
        g.weight = WEIGHT_TWO
        col_top, col_bottom = top + 0.20 * h, top + 0.945 * h
        gap = 0.06
        em = (col_bottom - col_top) / (2 + gap)
        em = min(em, 0.70 * w / ASPECT)
        for i, char in enumerate(name):
            y0 = i * (1 + gap)
            with g.box(0.0, y0, ASPECT, y0 + 1.0):
                CHARS[char](g)
        x = koma.CX - ASPECT * em / 2
        y = (col_top + col_bottom) / 2 - em * (1 + gap / 2)
    else:
        g.weight = WEIGHT_ONE
        em = 0.54 * h
        em = min(em, 0.72 * w / ASPECT_ONE)
        with g.box(0.0, 0.0, ASPECT_ONE, 1.0):
            CHARS[name](g)
        x = koma.CX - ASPECT_ONE * em / 2
        y = top + 0.61 * h - em / 2
    return g.svg_path(x, y, em)


def piece_svg(kind):
    w, h = koma.size(kind)
    promoted = len(NAMES[kind]) == 1
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
        grain=grain(kind),
        chars=NAMES[kind],
        glyph=inscription(kind),
        ink=RED_INK if promoted else BLACK_INK,
    )


def write(path, text):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    out = argv[1] if len(argv) > 1 else os.path.join(here, "traditional")
    os.makedirs(out, exist_ok=True)
    for kind in koma.KINDS:
        write(os.path.join(out, "%s.svg" % kind), piece_svg(kind))
    write(os.path.join(out, "theme.ini"), THEME_INI)
    print("wrote %d pieces and theme.ini to %s" % (len(koma.KINDS), out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
