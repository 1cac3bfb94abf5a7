#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Generate the "International" Xiangqi piece theme.

Writes themes/international/ next to this script: one SVG per piece
(<side>-<kind>.svg) and a theme.ini.  The pieces carry pictograms
instead of Chinese characters, for players who cannot read them:

  general   a crown              advisor   a shield with a sash
  elephant  an elephant's head   horse     a horse's head, as a knight
  chariot   a tower, as a rook   cannon    a cannon barrel on a wheel
  pawn      a pawn

Every pictogram is a few simple filled shapes in the light "ink" colour,
drawn here by hand in the 100 x 100 viewBox.  Details that have to be
cut out of a silhouette (an eye, the edge of an ear, the sash) are
painted in the disc's own gradient, so they read as gaps.  Red pieces
are a bright red disc, Black pieces a dark slate one; both have a light
rim and a soft shadow so that they stand out on the light and on the
dark board.

Usage: make-international-theme.py [OUTPUT_DIR]
"""

import os
import sys

KINDS = ("general", "advisor", "elephant", "horse", "chariot", "cannon", "pawn")

SIDES = {
    "red": {
        "face": ("#e4604a", "#c4372a", "#9c261c"),
        "rim": ("#fbeee6", "#e8cfc3", "#b9978a"),
        "edge": "#6e1a12",
        "ink": "#fff6ec",
    },
    "black": {
        "face": ("#5d6b78", "#36414c", "#1f262d"),
        "rim": ("#eef1f3", "#c9d0d6", "#8e99a3"),
        "edge": "#141a1f",
        "ink": "#eef3f6",
    },
}

# Geometry, in viewBox units (0 0 100 100); the same disc size as Classic.
CX, CY = 50.0, 48.5
R_DISC = 45.0
R_FACE = 40.5
R_RING = 36.8
SHADOW_DY = 1.6

THEME_INI = """[Theme]
Name=International
Description=Red and slate discs with pictures instead of Chinese characters
Preview=red-general.svg
"""

SVG_TEMPLATE = ("""<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
  <title>{title}</title>
  <defs>
{shadow}
    <linearGradient id="{p}-rim" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="{rim0}"/>
      <stop offset="0.55" stop-color="{rim1}"/>
      <stop offset="1" stop-color="{rim2}"/>
    </linearGradient>
    <radialGradient id="{p}-face" cx="{cx}" cy="{cy}" r="{rf}" fx="{fx}" fy="{fy}" """
    """gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="{face0}"/>
      <stop offset="0.6" stop-color="{face1}"/>
      <stop offset="1" stop-color="{face2}"/>
    </radialGradient>
{defs}  </defs>
  <!-- soft drop shadow -->
  <circle cx="{cx}" cy="{sy}" r="{rs}" fill="url(#{p}-shadow)"/>
  <!-- light rim -->
  <circle cx="{cx}" cy="{cy}" r="{rd}" fill="url(#{p}-rim)" stroke="{edge}" """
    """stroke-opacity="0.7" stroke-width="0.9"/>
  <!-- coloured face and a thin ring -->
  <circle cx="{cx}" cy="{cy}" r="{rf}" fill="url(#{p}-face)" stroke="{edge}" """
    """stroke-opacity="0.5" stroke-width="0.7"/>
  <circle cx="{cx}" cy="{cy}" r="{rr}" fill="none" stroke="{ink}" stroke-opacity="0.55" """
    """stroke-width="1.2"/>
  <!-- pictogram: {kind} -->
  <g fill="{ink}" stroke="none">
{art}
  </g>
</svg>
""")


# ---------------------------------------------------------------------------
# Pictograms.  Each returns (defs, art): extra <defs> content and the
# drawing.  INK and CUT stand for the ink colour and the face gradient.
# ---------------------------------------------------------------------------

INK = "{ink}"
CUT = "url(#{p}-face)"


def general():
    """A crown: three points with balls over a band."""
    art = """\
    <path d="M29 57 L26 33 L38.5 44 L50 28.5 L61.5 44 L74 33 L71 57 Z"/>
    <circle cx="26" cy="31.5" r="4"/>
    <circle cx="50" cy="26.5" r="4.3"/>
    <circle cx="74" cy="31.5" r="4"/>
    <rect x="28" y="59.5" width="44" height="9.5" rx="2.5"/>
    <circle cx="50" cy="64.2" r="2.6" fill="CUT"/>
    <circle cx="39" cy="64.2" r="1.9" fill="CUT"/>
    <circle cx="61" cy="64.2" r="1.9" fill="CUT"/>"""
    return "", art


def advisor():
    """A heater shield crossed by a diagonal sash."""
    shield = ("M50 24.5 C57 28.5 65 30 72.5 30 L72.5 47 "
              "C72.5 60 63 68.5 50 74 C37 68.5 27.5 60 27.5 47 L27.5 30 "
              "C35 30 43 28.5 50 24.5 Z")
    defs = """\
    <clipPath id="{p}-shield"><path d="%s"/></clipPath>
""" % shield
    art = """\
    <path d="%s"/>
    <g clip-path="url(#{p}-shield)">
      <path d="M18.5 32.5 L24.5 26.5 L81.5 83.5 L75.5 89.5 Z" fill="CUT"/>
      <path d="M22.2 33.8 L25.8 30.2 L79.8 84.2 L76.2 87.8 Z"/>
    </g>""" % shield
    return defs, art


def elephant():
    """An elephant's head seen from the front: two big ears, the dome of
    the head, a trunk curling at its tip, two tusks."""
    art = ("""\
    <path d="M41 33 C33 25.5 20.5 27 19.5 40 C18.5 52 26 60.5 36 58.5 C39 58 41 56 41.5 53 Z"/>
    <path d="M59 33 C67 25.5 79.5 27 80.5 40 C81.5 52 74 60.5 64 58.5 C61 58 59 56 58.5 53 Z"/>
    <path d="M50 27.5 C58.5 27.5 63 33.5 63 41 C63 47 59.5 51 56 53.5 C55 58 55 62 55.5 66
             C56 69 58.5 70 60 68.5 C61.5 67 63.5 67.5 63.5 69.5 C63.5 73.5 59 76 55 75
             C50.5 74 48 70.5 47 66 C46 61.5 45.5 57.5 44 53.5 C40.5 51 37 47 37 41
             C37 33.5 41.5 27.5 50 27.5 Z" stroke="CUT" stroke-width="2.6"/>
    <path d="M43.5 53 C42.5 58 40 61.5 36 63.5 M56.5 53 C57.5 58 60 61.5 64 63.5" fill="none" """
    """stroke="CUT" stroke-width="6.2" stroke-linecap="round"/>
    <path d="M43.5 53 C42.5 58 40 61.5 36 63.5 M56.5 53 C57.5 58 60 61.5 64 63.5" fill="none" """
    """stroke="INK" stroke-width="2.8" stroke-linecap="round"/>
    <circle cx="44.5" cy="41" r="2.3" fill="CUT"/>
    <circle cx="55.5" cy="41" r="2.3" fill="CUT"/>""")
    return "", art


def horse():
    """A knight: a horse's head and neck on a plinth, facing left."""
    art = ("""\
    <path d="M35 66 C36.5 58 41 52.5 47 49.5 C43 51.5 38.5 53 35 54.5 C31 56 27.5 53.5 28 49.5
             C28.5 45.5 32 42 35 38 C38 34 40.5 30.5 43 28.5 L42 21.5 L48 26
             C51 25 54 25 57 25.5 C66 27 71.5 35 71.5 45 C71.5 53 69.5 60 68 66 Z"/>
    <rect x="30" y="65" width="42" height="8.5" rx="2.5"/>
    <circle cx="47.5" cy="35" r="2.6" fill="CUT"/>
    <circle cx="32.5" cy="48.5" r="1.5" fill="CUT"/>
    <path d="M58 29.5 C63.5 32.5 66.5 38 66.5 45" fill="none" stroke="CUT" stroke-width="2.2" """
    """stroke-linecap="round"/>""")
    return "", art


def chariot():
    """A tower, as the rook of international chess."""
    art = """\
    <path d="M33 27 H41 V32 H46.5 V27 H53.5 V32 H59 V27 H67 V41 H33 Z"/>
    <path d="M38 43.5 H62 L64.5 63 H35.5 Z"/>
    <rect x="30" y="65" width="40" height="8.5" rx="2.5"/>
    <rect x="46.5" y="51" width="7" height="12" rx="3.5" fill="CUT"/>"""
    return "", art


def cannon():
    """A cannon barrel on a spoked wheel, aimed up to the right."""
    art = ("""\
    <g transform="rotate(-27 50 50)">
      <rect x="24" y="43" width="50" height="13.5" rx="5"/>
      <rect x="71" y="40.5" width="6" height="18.5" rx="2"/>
      <circle cx="23.5" cy="49.75" r="4.5"/>
    </g>
    <circle cx="46" cy="60" r="12.5" fill="CUT"/>
    <circle cx="46" cy="60" r="10" fill="none" stroke="INK" stroke-width="3.6"/>
    <path d="M46 50.5 V69.5 M36.5 60 H55.5 M39.3 53.3 L52.7 66.7 M52.7 53.3 L39.3 66.7" """
    """stroke="INK" stroke-width="2.4"/>
    <circle cx="46" cy="60" r="3.4"/>""")
    return "", art


def pawn():
    """A pawn: head, collar, flared body on a plinth."""
    art = """\
    <circle cx="50" cy="33" r="8.5"/>
    <rect x="40" y="42.5" width="20" height="5" rx="2.5"/>
    <path d="M43.5 47 H56.5 C57 55.5 61 61 66 64 H34 C39 61 43 55.5 43.5 47 Z"/>
    <rect x="30" y="65" width="40" height="8.5" rx="2.5"/>"""
    return "", art


ART = {
    "general": general, "advisor": advisor, "elephant": elephant,
    "horse": horse, "chariot": chariot, "cannon": cannon, "pawn": pawn,
}


def fmt(v):
    """Compact number formatting for attribute values."""
    s = "%.2f" % v
    return s.rstrip("0").rstrip(".")


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


def piece_svg(side, kind):
    info = SIDES[side]
    p = "%s-%s" % (side, kind)
    defs, art = ART[kind]()

    def fill_in(text):
        text = text.replace("CUT", CUT).replace("INK", INK)
        return text.replace("{p}", p).replace("{ink}", info["ink"])

    return SVG_TEMPLATE.format(
        title="%s %s" % (side.capitalize(), kind),
        p=p,
        kind=kind,
        cx=fmt(CX),
        cy=fmt(CY),
        sy=fmt(CY + SHADOW_DY),
        rd=fmt(R_DISC),
        rs=fmt(R_DISC + 2 * 1.1),
        shadow=shadow_gradient(p, CX, CY + SHADOW_DY, R_DISC, 0.4),
        rf=fmt(R_FACE),
        rr=fmt(R_RING),
        fx=fmt(CX - 9),
        fy=fmt(CY - 12),
        rim0=info["rim"][0], rim1=info["rim"][1], rim2=info["rim"][2],
        face0=info["face"][0], face1=info["face"][1], face2=info["face"][2],
        edge=info["edge"],
        ink=info["ink"],
        defs=fill_in(defs),
        art=fill_in(art),
    )


def write(path, text):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    out = argv[1] if len(argv) > 1 else os.path.join(here, "international")
    os.makedirs(out, exist_ok=True)
    for side in SIDES:
        for kind in KINDS:
            write(os.path.join(out, "%s-%s.svg" % (side, kind)), piece_svg(side, kind))
    write(os.path.join(out, "theme.ini"), THEME_INI)
    print("wrote %d pieces and theme.ini to %s" % (len(SIDES) * len(KINDS), out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
