#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Generate xiangqi-river-glyphs.h: the outlines of the river's words, 楚河漢界.

The board writes "Chu River, Han Border" across its middle. Drawn from a font, those four
characters needed a CJK font at run time: without one (a Flatpak runtime, many desktops) they
came out as empty boxes, and with one the board's first drawing loaded several megabytes of
font for four characters. So they are brush strokes, like the characters of the Classic
pieces, drawn with the brush of themes/make-classic-theme.py (see there how a stroke is
described), and written as polygons in thousandths of an em for xiangqi-board.c to fill.

Usage: make-river-glyphs.py [OUTPUT]   (default: xiangqi-river-glyphs.h beside this script)
"""

import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location(
    "classic", os.path.join(HERE, "themes", "make-classic-theme.py"))
classic = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(classic)

WV = classic.WV
UNITS = 1000            # coordinates in thousandths of an em
TOLERANCE = 0.0015      # outline simplification, in em


def shui(g):
    """氵: two dots and the rising stroke, in the current box."""
    g.d(0.22, 0.06, 0.62, 0.20)
    g.d(0.12, 0.36, 0.52, 0.50)
    g.path((0.18, 0.96), (0.62, 0.52, WV * 1.2, WV * 0.25))


def chu(g):
    """楚 = 林 over 疋."""
    g.weight = 0.88
    with g.box(0.02, 0.0, 0.50, 0.50):
        g.h(0.12, 0.30, 0.96)
        g.v(0.55, 0.04, 0.98)
        g.p(0.52, 0.34, 0.40, 0.60, 0.04, 0.84)
        g.d(0.66, 0.46, 0.94, 0.66)
    with g.box(0.48, 0.0, 0.98, 0.50):
        g.h(0.04, 0.30, 0.92)
        g.v(0.40, 0.04, 0.98)
        g.p(0.38, 0.34, 0.26, 0.62, 0.00, 0.84)
        g.n(0.46, 0.36, 0.66, 0.66, 0.98, 0.80)
    g.hz(0.18, 0.555, 0.80, 0.66)
    g.v(0.46, 0.56, 0.84)
    g.h(0.46, 0.72, 0.74)
    g.path((0.30, 0.62), (0.28, 0.84, 0.04, 0.97, WV * 1.05, WV * 0.2))
    g.n(0.30, 0.82, 0.50, 0.97, 0.97, 0.93)


def he(g):
    """河 = 氵 + 可."""
    g.weight = 0.92
    with g.box(0.02, 0.06, 0.30, 0.98):
        shui(g)
    with g.box(0.32, 0.0, 0.98, 1.0):
        g.h(0.02, 0.13, 0.98)
        g.v(0.16, 0.34, 0.72)
        g.hz(0.16, 0.34, 0.58, 0.66)
        g.h(0.16, 0.66, 0.58)
        g.v(0.80, 0.14, 0.94, end="hook")


def han(g):
    """漢 = 氵 + 廿 over 口 over 夫 without its top."""
    g.weight = 0.82
    with g.box(0.02, 0.06, 0.28, 0.98):
        shui(g)
    with g.box(0.30, 0.0, 0.98, 1.0):
        g.h(0.02, 0.14, 0.98)
        g.v(0.28, 0.03, 0.28)
        g.v(0.72, 0.03, 0.28)
        g.v(0.14, 0.30, 0.56)
        g.hz(0.14, 0.30, 0.86, 0.56)
        g.h(0.14, 0.43, 0.86)
        g.h(0.14, 0.56, 0.86)
        g.h(0.06, 0.68, 0.94)
        g.h(0.00, 0.80, 1.00)
        g.path((0.50, 0.56), (0.50, 0.80, WV, WV),
               (0.40, 0.92, 0.02, 0.98, WV, WV * 0.2))
        g.n(0.52, 0.80, 0.66, 0.94, 1.00, 0.97)


def jie(g):
    """界 = 田 over 介."""
    g.weight = 0.9
    with g.box(0.14, 0.02, 0.86, 0.50):
        g.v(0.04, 0.06, 0.98)
        g.hz(0.04, 0.06, 0.96, 0.98)
        g.h(0.04, 0.50, 0.96)
        g.v(0.50, 0.06, 0.90)
        g.h(0.04, 0.90, 0.96)
    g.p(0.46, 0.52, 0.30, 0.70, 0.02, 0.80)
    g.n(0.54, 0.52, 0.70, 0.70, 0.98, 0.78)
    g.path((0.36, 0.66), (0.36, 0.86, 0.10, 0.98, WV, WV * 0.2))
    g.v(0.66, 0.64, 0.99)


GLYPHS = [("chu", "楚", chu), ("he", "河", he), ("han", "漢", han), ("jie", "界", jie)]


def polygons(draw):
    """The closed outlines of one character, in em."""
    g = classic.Glyph()
    draw(g)
    polys = [classic.outline(segs, cap0) for segs, cap0 in g.strokes]
    polys += [classic._oriented(shape) for shape in g.shapes]
    return [classic._simplify(poly + [poly[0]], TOLERANCE)[:-1] for poly in polys]


def c_array(name, char, polys):
    numbers = []
    for poly in polys:
        numbers.append(str(len(poly)))
        for x, y in poly:
            numbers += [str(round(x * UNITS)), str(round(y * UNITS))]
    numbers.append("0")
    lines, line = [], "  "
    for number in numbers:
        item = number + ","
        if len(line) + len(item) + 1 > 100:
            lines.append(line.rstrip())
            line = "  "
        line += item + " "
    lines.append(line.rstrip())
    return ("/* %s */\nstatic const gint16 xiangqi_river_%s[] = {\n%s\n};\n"
            % (char, name, "\n".join(lines)))


def main(argv):
    out = argv[1] if len(argv) > 1 else os.path.join(HERE, "xiangqi-river-glyphs.h")
    parts = [
        "/* xiangqi-river-glyphs.h: the outlines of the river's words, 楚河漢界\n"
        " *\n"
        " * SPDX-License-Identifier: GPL-3.0-or-later\n"
        " *\n"
        " * Written by make-river-glyphs.py; change that script, not this file. Each array lists\n"
        " * polygons: a number of points, then their x and y in thousandths of an em (the em box\n"
        " * from 0 to 1000, y downwards), and 0 after the last. Filled with the nonzero rule.\n"
        " */\n"
        "#pragma once\n\n"
        "#include <glib.h>\n\n"
        "#define XIANGQI_RIVER_UNITS %d\n" % UNITS,
    ]
    for name, char, draw in GLYPHS:
        parts.append("\n" + c_array(name, char, polygons(draw)))
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        f.write("".join(parts))
    print("wrote %s" % out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
