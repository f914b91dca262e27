import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import *
s = Svg()
table_bg(s)
SQ, K = 66, 0.6      # square width, vertical foreshortening
X0, Y0 = 40, 262    # board corner (bottom-left of playing area), board extends up/right
rows, cols = 7, 8
def sq_xy(c, r):   # top-left of square (c from left, r from bottom)
    return X0 + c * SQ, Y0 - (r + 1) * SQ * K
# frame
s.add(f'<rect x="{X0-30+5}" y="-20" width="{cols*SQ+60}" height="{Y0+30+20+6}" rx="10" fill="#2a1406" opacity="0.35"/>')
fr = s.grad("frame", [(0, "#a86b3a"), (1, "#6d3f1e")], 0, 0, 1, 1)
s.add(f'<rect x="{X0-30}" y="-20" width="{cols*SQ+60}" height="{Y0+30+20}" rx="10" fill="{fr}" stroke="#4e2a12" stroke-width="2"/>')
s.add(f'<rect x="{X0-26}" y="-16" width="{cols*SQ+52}" height="{Y0+26+16}" rx="8" fill="none" stroke="#e0a56b" stroke-width="1.5" opacity="0.5"/>')
light = s.grad("sql", [(0, "#f6e6c2"), (1, "#ead3a4")], 0, 0, 0, 1)
dark = s.grad("sqd", [(0, "#5e7a45"), (1, "#4a6336")], 0, 0, 0, 1)
s.add(f'<rect x="{X0-3}" y="{Y0 - rows*SQ*K - 3}" width="{cols*SQ+6}" height="{rows*SQ*K+6}" fill="#3b2412"/>')
for r in range(rows):
    for c in range(cols):
        x, y = sq_xy(c, r)
        d = (r + c) % 2 == 0
        s.add(f'<rect x="{f(x)}" y="{f(y)}" width="{SQ}" height="{f(SQ*K)}" fill="{dark if d else light}"/>')
        if d:
            s.add(f'<ellipse cx="{f(x+SQ/2)}" cy="{f(y+SQ*K/2)}" rx="{f(SQ*0.4)}" ry="{f(SQ*K*0.4)}" fill="none" stroke="#dfe8c8" stroke-width="1.5" opacity="0.35"/>')
MEN = {"rm": ("#c0392b", "#8e1e16", "#5f130e"), "rM": ("#ffb0a6", "#f07f72", "#b9544a"),
       "bm": ("#3462c4", "#1f3f8a", "#142a5e"), "bM": ("#b4dcff", "#7fb6ec", "#4f86bd")}
RX, HT = 25, 10
def tower(c, r, men):
    x, y = sq_xy(c, r)
    cx, cy = x + SQ / 2, y + SQ * K / 2 + 4
    ry = RX * K
    s.add(f'<ellipse cx="{f(cx+4)}" cy="{f(cy+5)}" rx="{RX+3}" ry="{f(ry+3)}" fill="#1a0d04" opacity="0.35"/>')
    for i, m in enumerate(men):
        top, side, edge = MEN[m]
        yb = cy - i * HT
        yt = yb - HT
        sg = s.grad(f"side_{m}", [(0, side), (0.35, top), (1, edge)], 0, 0, 1, 0)
        s.add(f'<path d="M{f(cx-RX)} {f(yt)} V{f(yb)} A{RX} {f(ry)} 0 0 0 {f(cx+RX)} {f(yb)} V{f(yt)} Z" fill="{sg}" stroke="{edge}" stroke-width="1.5"/>')
        # groove
        s.add(f'<path d="M{f(cx-RX)} {f(yb-HT*0.45)} A{RX} {f(ry)} 0 0 0 {f(cx+RX)} {f(yb-HT*0.45)}" fill="none" stroke="{edge}" stroke-width="1" opacity="0.6"/>')
        s.add(f'<ellipse cx="{f(cx)}" cy="{f(yt)}" rx="{RX}" ry="{f(ry)}" fill="{top}" stroke="{edge}" stroke-width="1.5"/>')
    # top man's face: ridged rings; Majors get a star
    top, side, edge = MEN[men[-1]]
    yt = cy - len(men) * HT
    s.add(f'<ellipse cx="{f(cx)}" cy="{f(yt)}" rx="{RX*0.72}" ry="{f(ry*0.72)}" fill="none" stroke="{edge}" stroke-width="1.5" opacity="0.55"/>')
    if men[-1].endswith("M"):
        s.add(f'<path d="{star_path(cx, yt, 10, 0.45)}" fill="#fff8ec" stroke="{edge}" stroke-width="1" transform="matrix(1 0 0 {K} 0 {f(yt*(1-K))})"/>')
# back-to-front: higher r first
pieces = [
    (1, 6, ["bm"]), (3, 6, ["bm"]), (5, 6, ["bm", "bm"]),
    (0, 5, ["bm"]), (4, 5, ["rm", "bM"]), (6, 5, ["bm"]),
    (1, 4, ["bm", "rm", "rM"]), (3, 4, ["rm"]),
    (2, 3, ["rm", "bm", "rm", "bM"]), (6, 3, ["bm"]),
    (1, 2, ["rm", "rm"]), (5, 2, ["bm", "bm", "rm", "rM"]),
    (0, 1, ["rm"]), (2, 1, ["rm"]), (4, 1, ["rm", "bm", "rm"]),
    (1, 0, ["rm"]), (3, 0, ["rm"]), (5, 0, ["rm"]),
]
for c, r, men in sorted(pieces, key=lambda p: -p[1]):
    tower(c + 1, r, men)
s.save("assets/picker/stax.svg", shown=PICTURE_SHOWN)
