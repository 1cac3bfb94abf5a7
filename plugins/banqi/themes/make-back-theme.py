#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Draw the backs of Banqi's face-down pieces: themes/<theme>/back.svg.

Usage: make-back-theme.py [THEMES_DIR]

The faces are Xiangqi's (plugins/xiangqi/themes), shared through banqi.gresource.xml; only
the back is Banqi's own. It is a disc of the same size, shadow and rim as the faces of each
theme, so that a piece does not move when it is turned over, and its pattern (a rosette of
petals in a ring for Classic, a lattice of diamonds for International) is drawn in paths, with
no text, so that every face-down piece looks alike and no font is needed.
"""

import math
import pathlib
import sys

CX, CY = 50.0, 48.5      # disc centre, as the faces have it
R_DISC = 45.0
R_FACE = 41.0
SHADOW_DY = 1.6


def fmt(v):
    text = "%.2f" % v
    return text.rstrip("0").rstrip(".") if "." in text else text


def shadow(p):
    stops = [(0, 0.38), (0.9068, 0.371), (0.9301, 0.32), (0.9534, 0.19), (0.9767, 0.06), (1, 0)]
    rows = "\n".join('      <stop offset="%s" stop-opacity="%s"/>' % (fmt(o), fmt(a))
                     for o, a in stops)
    return ('    <radialGradient id="%s-shadow" cx="50" cy="%s" r="47.2" '
            'gradientUnits="userSpaceOnUse">\n%s\n    </radialGradient>'
            % (p, fmt(CY + SHADOW_DY), rows))


def rosette(petals, inner, outer, width, turn=0.0):
    """Closed petal outlines around the centre, each a lens between two radii; @turn turns
    them by that part of a petal."""
    parts = []
    for i in range(petals):
        a = 2 * math.pi * (i + turn) / petals
        half = width / 2
        x0, y0 = CX + inner * math.cos(a), CY + inner * math.sin(a)
        x1, y1 = CX + outer * math.cos(a), CY + outer * math.sin(a)
        mid = (inner + outer) / 2
        lx = CX + mid * math.cos(a) - half * math.sin(a)
        ly = CY + mid * math.sin(a) + half * math.cos(a)
        rx = CX + mid * math.cos(a) + half * math.sin(a)
        ry = CY + mid * math.sin(a) - half * math.cos(a)
        parts.append("M%s,%s Q%s,%s %s,%s Q%s,%s %s,%sZ" % (
            fmt(x0), fmt(y0), fmt(lx), fmt(ly), fmt(x1), fmt(y1), fmt(rx), fmt(ry),
            fmt(x0), fmt(y0)))
    return " ".join(parts)


def lattice(step, radius):
    """Diamonds on a grid, those that lie within @radius of the centre."""
    parts = []
    n = int(radius // step) + 1
    for i in range(-n, n + 1):
        for j in range(-n, n + 1):
            if (i + j) % 2:
                continue
            x, y = CX + i * step / 2, CY + j * step / 2
            if math.hypot(x - CX, y - CY) + step / 2 > radius:
                continue
            h = step * 0.36
            parts.append("M%s,%s L%s,%s L%s,%s L%s,%sZ" % (
                fmt(x), fmt(y - h), fmt(x + h), fmt(y), fmt(x), fmt(y + h), fmt(x - h), fmt(y)))
    return " ".join(parts)


CLASSIC = ("""<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
  <title>Face-down piece</title>
  <!-- Drawn by make-back-theme.py: a wooden disc, its back carved with a rosette -->
  <defs>
{shadow}
    <linearGradient id="back-rim" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#d9b27a"/>
      <stop offset="0.55" stop-color="#b8874c"/>
      <stop offset="1" stop-color="#8a5c2d"/>
    </linearGradient>
    <radialGradient id="back-face" cx="{cx}" cy="{cy}" r="{rf}" fx="42" fy="38.5" """
    """gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="#c89a62"/>
      <stop offset="0.6" stop-color="#b2824b"/>
      <stop offset="1" stop-color="#94663a"/>
    </radialGradient>
  </defs>
  <circle cx="{cx}" cy="{sy}" r="47.2" fill="url(#back-shadow)"/>
  <circle cx="{cx}" cy="{cy}" r="{rd}" fill="url(#back-rim)" stroke="#6b4320" stroke-width="0.8"/>
  <circle cx="{cx}" cy="{cy}" r="{rf}" fill="url(#back-face)" stroke="#6b4320" """
    """stroke-opacity="0.55" stroke-width="0.6"/>
  <circle cx="{cx}" cy="{cy}" r="35" fill="none" stroke="#5a3718" stroke-width="1.8"/>
  <circle cx="{cx}" cy="{cy2}" r="35" fill="none" stroke="#e8cfa4" stroke-opacity="0.5" """
    """stroke-width="0.8"/>
  <path d="{petals}" fill="#5a3718" fill-opacity="0.85"/>
  <path d="{small}" fill="#5a3718" fill-opacity="0.6"/>
  <circle cx="{cx}" cy="{cy}" r="5" fill="#5a3718"/>
  <circle cx="{cx}" cy="{cy}" r="2.2" fill="#c89a62"/>
</svg>
""")

INTERNATIONAL = ("""<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
  <title>Face-down piece</title>
  <!-- Drawn by make-back-theme.py: a slate disc with a lattice of diamonds -->
  <defs>
{shadow}
    <linearGradient id="back-rim" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#9aa3ad"/>
      <stop offset="1" stop-color="#5b636d"/>
    </linearGradient>
    <radialGradient id="back-face" cx="{cx}" cy="{cy}" r="{rf}" fx="42" fy="38.5" """
    """gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="#7d8792"/>
      <stop offset="1" stop-color="#545c66"/>
    </radialGradient>
  </defs>
  <circle cx="{cx}" cy="{sy}" r="47.2" fill="url(#back-shadow)"/>
  <circle cx="{cx}" cy="{cy}" r="{rd}" fill="url(#back-rim)" stroke="#2e343b" """
    """stroke-opacity="0.8" stroke-width="0.9"/>
  <circle cx="{cx}" cy="{cy}" r="{rf}" fill="url(#back-face)" stroke="#2e343b" """
    """stroke-opacity="0.5" stroke-width="0.7"/>
  <circle cx="{cx}" cy="{cy}" r="36" fill="none" stroke="#d6dce2" stroke-opacity="0.6" """
    """stroke-width="1.2"/>
  <path d="{lattice}" fill="#d6dce2" fill-opacity="0.45"/>
</svg>
""")

THEME_INI = {
    "classic": """[Theme]
Name=Classic
Description=Xiangqi’s wooden discs with characters, and a carved back
Preview=back.svg
""",
    "international": """[Theme]
Name=International
Description=Xiangqi’s discs with pictures, and a plain back
Preview=back.svg
""",
}


def main():
    themes = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).parent)
    common = dict(shadow=shadow("back"), cx=fmt(CX), cy=fmt(CY), sy=fmt(CY + SHADOW_DY),
                  cy2=fmt(CY + 1.0), rd=fmt(R_DISC), rf=fmt(R_FACE))
    svgs = {
        "classic": CLASSIC.format(petals=rosette(8, 8, 30, 9),
                                  small=rosette(8, 22, 31, 4, turn=0.5), **common),
        "international": INTERNATIONAL.format(lattice=lattice(9, 33), **common),
    }
    for theme, svg in svgs.items():
        folder = themes / theme
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "back.svg").write_text(svg, encoding="utf-8")
        (folder / "theme.ini").write_text(THEME_INI[theme], encoding="utf-8")


if __name__ == "__main__":
    main()
