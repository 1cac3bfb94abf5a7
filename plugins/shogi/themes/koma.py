# SPDX-License-Identifier: GPL-3.0-or-later
"""The shape of a Shogi piece (koma), shared by the theme scripts.

A koma is a pentagon pointing at the opponent: a wide base, sides that
lean slightly inwards up to the shoulders, and a roof meeting at the
point.  Real sets grade the sizes, the king largest and the pawn
smallest; _MM holds typical widths and heights of a set in
millimetres, and a promoted piece is its unpromoted piece turned over,
so it has the same size.  On a screen a real set's steps, a few
per cent each, pass unseen: GRADE widens every piece's difference from
the king, so that the pawn's smallness shows at a glance, on the board
and in the hands.

Pieces are drawn pointing up in the 100 x 100 viewBox, their centre a
little above the middle to leave room for the shadow below.
"""

from brush import fmt

KINDS = ("king", "jewel", "rook", "bishop", "gold", "silver", "knight",
         "lance", "pawn", "dragon", "horse", "promoted-silver",
         "promoted-knight", "promoted-lance", "tokin")

# (width of the base, height) in millimetres, as in a common wooden set.
_MM = {
    "king": (29.5, 32.5), "rook": (28.5, 31.5), "gold": (27.5, 30.5),
    "knight": (26.5, 29.5), "lance": (25.0, 29.0), "pawn": (24.0, 28.0),
}
_BASE = {
    "jewel": "king", "bishop": "rook", "silver": "gold",
    "dragon": "rook", "horse": "rook", "promoted-silver": "gold",
    "promoted-knight": "knight", "promoted-lance": "lance", "tokin": "pawn",
}

CX, CY = 50.0, 48.8     # centre of the piece
KING_H = 90.0           # height of the king in viewBox units
SHOULDER = 0.25         # where the roof meets the sides, from the point
TOP_W = 0.86            # width at the shoulders, of the base's width
CORNER = 1.6            # radius of the rounded corners
GRADE = 1.6             # how much more than a real set the sizes step down


def size(kind):
    """(width, height) of the piece in viewBox units."""
    w, h = _MM[_BASE.get(kind, kind)]
    king_h = _MM["king"][1]
    # The real proportion of the king's height, its distance from 1
    # widened by GRADE; the width keeps the real piece's shape.
    height = KING_H * (1 - GRADE * (1 - h / king_h))
    return w / h * height, height


def corners(kind, inset=0.0):
    """The five corners, from the point clockwise; inset moves every side
    inwards by about that much (for the face inside the bevel)."""
    w, h = size(kind)
    top, bottom = CY - h / 2, CY + h / 2
    ys = top + SHOULDER * h
    wb, ws = w / 2 - inset, TOP_W * w / 2 - inset
    return [(CX, top + inset * 1.9), (CX + ws, ys + inset * 0.5),
            (CX + wb, bottom - inset), (CX - wb, bottom - inset),
            (CX - ws, ys + inset * 0.5)]


def path(kind, inset=0.0, dx=0.0, dy=0.0, r=CORNER):
    """The pentagon as path data, its corners rounded by r."""
    pts = [(x + dx, y + dy) for x, y in corners(kind, inset)]
    n = len(pts)
    out = []
    for i in range(n):
        p0, p1, p2 = pts[i - 1], pts[i], pts[(i + 1) % n]
        a = _towards(p1, p0, r)
        b = _towards(p1, p2, r)
        out.append("%s %s,%s Q%s,%s %s,%s" % ("M" if i == 0 else "L",
                                              fmt(a[0]), fmt(a[1]),
                                              fmt(p1[0]), fmt(p1[1]),
                                              fmt(b[0]), fmt(b[1])))
    return " ".join(out) + " Z"


def _towards(p, q, d):
    vx, vy = q[0] - p[0], q[1] - p[1]
    ln = (vx * vx + vy * vy) ** 0.5
    return (p[0] + vx * d / ln, p[1] + vy * d / ln)


def shadow(kind, opacity=0.22, dx=0.6, dy=1.7):
    """The drop shadow: the outline moved down a little, with a soft edge
    made of wider and wider strokes of low opacity.  Not a blur filter,
    which costs librsvg more than the rest of the piece (see the Xiangqi
    themes), nor the radial gradient of the Xiangqi discs, which only
    follows a round edge."""
    d = path(kind, dx=dx, dy=dy)
    parts = ['  <g fill="none" stroke="#000" stroke-linejoin="round">',
             '    <path d="%s" fill="#000" fill-opacity="%s"/>' % (d, fmt(opacity))]
    # Each stroke reaches half its width outside the outline; together
    # they fade from about the full opacity at the edge to none.
    for width, share in ((1.5, 0.35), (3.0, 0.25), (4.5, 0.20)):
        parts.append('    <path d="%s" stroke-width="%s" stroke-opacity="%s"/>'
                     % (d, fmt(width), fmt(opacity * share)))
    parts.append("  </g>")
    return "\n".join(parts)
