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

import os
import sys

# The brush engine, shared with the Shogi pieces (build-aux/themes/brush.py). Its outline(),
# _oriented() and _simplify() are named here too: make-river-glyphs.py reaches them through
# this script.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "build-aux", "themes"))
from brush import WH, WV, Glyph, _oriented, _simplify, fmt, outline, \
    shadow_gradient  # noqa: E402,F401

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

THEME_INI = """[Theme]
Name=Classic
Description=Traditional wooden discs with red and black characters
Preview=red-general.svg
"""

SVG_TEMPLATE = ("""<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" """
    """height="100" viewBox="0 0 100 100">
  <title>{title}</title>
  <defs>
{shadow}
    <linearGradient id="{p}-rim" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#e2c28c"/>
      <stop offset="0.55" stop-color="#c99a5b"/>
      <stop offset="1" stop-color="#9c6d38"/>
    </linearGradient>
    <radialGradient id="{p}-face" cx="{cx}" cy="{cy}" r="{rf}" fx="{fx}" fy="{fy}" """
    """gradientUnits="userSpaceOnUse">
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
  <circle cx="{cx}" cy="{cy}" r="{rf}" fill="url(#{p}-face)" stroke="#a97c46" """
    """stroke-opacity="0.55" stroke-width="0.6"/>
  <!-- engraved ring: light lower lip, then the ink groove -->
  <circle cx="{cx}" cy="{ry}" r="{rr}" fill="none" stroke="#fffaf0" stroke-opacity="0.8" """
    """stroke-width="1.6"/>
  <circle cx="{cx}" cy="{cy}" r="{rr}" fill="none" stroke="{ink}" stroke-width="2.2"/>
  <!-- character {char}, brush strokes drawn by make-classic-theme.py:
       light lower lip for an engraved look, then the ink -->
  <use xlink:href="#{p}-glyph" y="{lip}" fill="#fffaf0" fill-opacity="0.7"/>
  <use xlink:href="#{p}-glyph" fill="{ink}"/>
</svg>
""")


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
