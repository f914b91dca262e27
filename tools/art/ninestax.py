import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import *
s = Svg()
table_bg(s)
COL = {"red": ("#e2483d", "#f58a80", "#9c241c"), "blue": ("#2f6fd0", "#7fb0f2", "#1b4488"),
       "green": ("#2f9a4c", "#7fd08f", "#1c6430"), "purple": ("#8a4cc2", "#c59ae8", "#5a2a85")}
SHAPE = {"red": "circle", "green": "hex", "blue": "square", "purple": "diamond"}
PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
        5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)],
        7: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2), (1, 1)],
        8: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2), (1, 0), (1, 2)],
        9: [(i, j) for i in range(3) for j in range(3)]}
def shape_d(kind, cx, cy, r):
    if kind == "circle":
        return f"M{f(cx-r)} {f(cy)} A{f(r)} {f(r)} 0 1 0 {f(cx+r)} {f(cy)} A{f(r)} {f(r)} 0 1 0 {f(cx-r)} {f(cy)} Z"
    if kind == "hex":
        return poly_path(cx, cy, r * 1.1, 6, rot=0)
    if kind == "square":
        a = r * 0.92
        return f"M{f(cx-a)} {f(cy-a)} H{f(cx+a)} V{f(cy+a)} H{f(cx-a)} Z"
    return poly_path(cx, cy, r * 1.32, 4)
CW, CH = 100, 144
def face_card(cx, cy, rot, colour, n):
    x, y = cx - CW / 2, cy - CH / 2
    base, light, dark = COL[colour]
    t = card(s, x, y, CW, CH, rot=rot, face="#fffaf0", border="#d9c7a6")
    g = s.grad(f"cf_{colour}", [(0, light), (0.25, base), (1, dark)], 0, 0, 0.3, 1)
    s.add(f'<rect x="{f(x+6)}" y="{f(y+6)}" width="{CW-12}" height="{CH-12}" rx="6" fill="{g}"{t}/>')
    k = SHAPE[colour]
    s.add(f'<path d="{shape_d(k, cx, cy, 34)}" fill="{light}" fill-opacity="0.55" stroke="#fff8ec" stroke-width="3" stroke-opacity="0.8"{t}/>')
    for (i, j) in PIPS[n]:
        px, py = cx + (i - 1) * 17, cy + (j - 1) * 17
        s.add(f'<circle cx="{f(px)}" cy="{f(py)}" r="6" fill="#fffaf0" stroke="{dark}" stroke-width="1.5"{t}/>')
    for (qx, qy) in ((x + 18, y + 20), (x + CW - 18, y + CH - 20)):
        s.add(f'<path d="{shape_d(k, qx, qy, 8)}" fill="#fff8ec"{t}/>')
# nine face-down stacks along the bottom
bw, bh = 36, 50
for i in range(9):
    x = 240 - (9 * 46 - 10) / 2 + i * 46
    y = 226
    layers = [4, 3, 4, 2, 4, 3, 1, 4, 2][i]
    s.add(f'<rect x="{f(x+3)}" y="{y+6}" width="{bw}" height="{bh}" rx="5" fill="#2a1406" opacity="0.35"/>')
    for L in range(layers):
        yy = y - L * 3 + 9
        s.add(f'<rect x="{f(x)}" y="{yy}" width="{bw}" height="{bh}" rx="5" fill="#23345a" stroke="#f3e2bf" stroke-width="2"/>')
    yy = y - (layers - 1) * 3 + 9
    s.add(f'<rect x="{f(x+5)}" y="{yy+5}" width="{bw-10}" height="{bh-10}" rx="3" fill="#31487a" stroke="#c9a45c" stroke-width="1.2"/>')
    for (i2, j2) in PIPS[9]:
        s.add(f'<circle cx="{f(x + bw/2 + (i2-1)*7)}" cy="{f(yy + bh/2 + (j2-1)*7)}" r="2" fill="#c9a45c"/>')
# fan
for (rot, colour, n) in [(-27, "red", 3), (-9, "green", 5), (9, "blue", 7), (27, "purple", 9)]:
    a = math.radians(rot)
    px, py = 240, 366
    R = 268
    cx, cy = px + R * math.sin(a), py - R * math.cos(a)
    face_card(cx, cy, rot, colour, n)
s.save("assets/picker/9stax.svg", shown=PICTURE_SHOWN)
