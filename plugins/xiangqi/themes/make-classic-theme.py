#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Generate the "Classic" Xiangqi piece theme.

Writes themes/classic/ next to this script: one SVG per piece
(<side>-<kind>.svg) and a theme.ini.  The artwork is drawn entirely
from simple SVG primitives here; the characters are plain <text> that
is rendered with the system's CJK fonts.

Usage: make-classic-theme.py [OUTPUT_DIR]
"""

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

FONT_FAMILY = "Noto Serif CJK SC, Noto Sans CJK SC, WenQuanYi Zen Hei, serif"
FONT_SIZE = 50

# Geometry, in viewBox units (0 0 100 100).
CX, CY = 50.0, 48.5     # disc centre; a little high to leave room for the shadow
R_DISC = 45.0           # outer edge of the piece (margin ~3 incl. stroke)
R_FACE = 42.0           # top face, inside the bevelled rim
R_RING = 37.0           # engraved ring
SHADOW_DY = 1.6         # drop shadow offset

# Vertical placement of the character.  CJK fonts centre their glyphs in
# an em box that runs from 0.88 em above the alphabetic baseline to
# 0.12 em below it (Noto CJK, WenQuanYi), so the box centre is 0.38 em
# above the baseline.  We place the baseline explicitly instead of using
# dominant-baseline="central": librsvg before 2.60 ignores that property
# (GNOME/librsvg#414) while newer librsvg and browsers honour it, so the
# same file would render at two different heights.  An explicit baseline
# on the default alphabetic baseline renders identically everywhere.
EM_CENTRE = 0.38

THEME_INI = """[Theme]
Name=Classic
Description=Traditional wooden discs with red and black characters
"""

SVG_TEMPLATE = """<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
  <title>{title}</title>
  <defs>
    <filter id="{p}-shadow" x="-10%" y="-10%" width="120%" height="120%" color-interpolation-filters="sRGB">
      <feGaussianBlur stdDeviation="1.1"/>
    </filter>
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
  </defs>
  <!-- soft drop shadow -->
  <circle cx="{cx}" cy="{sy}" r="{rd}" fill="#000000" fill-opacity="0.38" filter="url(#{p}-shadow)"/>
  <!-- bevelled wooden rim -->
  <circle cx="{cx}" cy="{cy}" r="{rd}" fill="url(#{p}-rim)" stroke="#7a5228" stroke-width="0.8"/>
  <!-- top face -->
  <circle cx="{cx}" cy="{cy}" r="{rf}" fill="url(#{p}-face)" stroke="#a97c46" stroke-opacity="0.55" stroke-width="0.6"/>
  <!-- engraved ring: light lower lip, then the ink groove -->
  <circle cx="{cx}" cy="{ry}" r="{rr}" fill="none" stroke="#fffaf0" stroke-opacity="0.8" stroke-width="1.6"/>
  <circle cx="{cx}" cy="{cy}" r="{rr}" fill="none" stroke="{ink}" stroke-width="2.2"/>
  <!-- character: light lower lip for an engraved look, then the ink -->
  <g font-family="{font}" font-weight="bold" font-size="{fs}" text-anchor="middle">
    <text x="{cx}" y="{ty}" fill="#fffaf0" fill-opacity="0.7">{glyph}</text>
    <text x="{cx}" y="{by}" fill="{ink}">{glyph}</text>
  </g>
</svg>
"""


def fmt(v):
    """Compact number formatting for attribute values."""
    s = "%.2f" % v
    return s.rstrip("0").rstrip(".")


def piece_svg(side, kind):
    info = SIDES[side]
    return SVG_TEMPLATE.format(
        title="%s %s" % (side.capitalize(), kind),
        p="%s-%s" % (side, kind),
        cx=fmt(CX),
        cy=fmt(CY),
        sy=fmt(CY + SHADOW_DY),
        rd=fmt(R_DISC),
        rf=fmt(R_FACE),
        fx=fmt(CX - 8),
        fy=fmt(CY - 10),
        ry=fmt(CY + 0.7),
        rr=fmt(R_RING),
        by=fmt(CY + EM_CENTRE * FONT_SIZE),
        ty=fmt(CY + EM_CENTRE * FONT_SIZE + 0.8),
        ink=info["ink"],
        font=FONT_FAMILY,
        fs=FONT_SIZE,
        glyph=info["glyphs"][kind],
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
