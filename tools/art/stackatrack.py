import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import *
s = Svg()
table_bg(s)
B = 38; GAP = 5
COLS, ROWS = 6, 6
FX = 240 - (COLS * B + (COLS + 1) * GAP) / 2
BASEY = 270
def cell(c, r):
    return FX + GAP + c * (B + GAP), BASEY - (r + 1) * B
mid = {"N": (0.5, 0), "S": (0.5, 1), "E": (1, 0.5), "W": (0, 0.5)}
corner = {frozenset("NE"): (1, 0), frozenset("ES"): (1, 1), frozenset("SW"): (0, 1), frozenset("WN"): (0, 0)}
def track_paths(x, y, kind, off):
    """path d for a track centreline offset by 'off' (for rails)."""
    out = []
    for seg in kind.split("+"):
        a, b = seg[0], seg[1]
        if {a, b} in ({"N", "S"}, {"E", "W"}):
            if {a, b} == {"N", "S"}:
                out.append(f"M{f(x + B/2 + off)} {f(y)} V{f(y + B)}")
            else:
                out.append(f"M{f(x)} {f(y + B/2 + off)} H{f(x + B)}")
        else:
            cx, cy = corner[frozenset(seg)] if frozenset(seg) in corner else corner[frozenset(seg[::-1])]
            cx, cy = x + cx * B, y + cy * B
            r = B / 2 + off
            (ax, ay), (bx, by) = mid[a], mid[b]
            # points on the arc at radius r from the corner
            def pt(m):
                mx, my = x + m[0] * B, y + m[1] * B
                dx, dy = mx - cx, my - cy
                l = math.hypot(dx, dy)
                return cx + dx / l * r, cy + dy / l * r
            p1, p2 = pt(mid[a]), pt(mid[b])
            out.append(f"M{f(p1[0])} {f(p1[1])} A{f(r)} {f(r)} 0 0 {1 if _sweep(seg) else 0} {f(p2[0])} {f(p2[1])}")
    return " ".join(out)
def _sweep(seg):
    return seg not in ("NE", "ES", "SW", "WN")
def block(x, y, kind, shadow=True, rot=0):
    cx, cy = x + B / 2, y + B / 2
    t = f' transform="rotate({f(rot)} {f(cx)} {f(cy)})"' if rot else ""
    g = s.grad("blk", [(0, "#f7dcaa"), (1, "#dcb274")], 0, 0, 1, 1)
    if shadow:
        s.add(f'<rect x="{f(x+2)}" y="{f(y+3)}" width="{B}" height="{B}" rx="4" fill="#2a1406" opacity="0.3"{t}/>')
    s.add(f'<g{t}>')
    s.add(f'<rect x="{f(x)}" y="{f(y)}" width="{B}" height="{B}" rx="4" fill="{g}" stroke="#9c6a34" stroke-width="1.5"/>')
    s.add(f'<path d="{track_paths(x, y, kind, 0)}" fill="none" stroke="#6b4a2e" stroke-width="13"/>')
    s.add(f'<path d="{track_paths(x, y, kind, 0)}" fill="none" stroke="#4a2f18" stroke-width="12" stroke-dasharray="2.5 4"/>')
    for o in (-3.6, 3.6):
        s.add(f'<path d="{track_paths(x, y, kind, o)}" fill="none" stroke="#e9edf2" stroke-width="2"/>')
    s.add('</g>')
# frame back board
fw = COLS * B + (COLS + 1) * GAP
s.add(f'<rect x="{f(FX+6)}" y="{BASEY - ROWS*B - 14 + 8}" width="{f(fw)}" height="{ROWS*B + 14 + 14}" rx="6" fill="#2a1406" opacity="0.3"/>')
s.add(f'<rect x="{f(FX)}" y="{BASEY - ROWS*B - 14}" width="{f(fw)}" height="{ROWS*B + 14}" rx="4" fill="#5b3619" opacity="0.55"/>')
cols = {
    0: ["NE", "SE", "NE", "NS"],
    1: ["WN", "WS", "WE", "NE", "SW"],
    2: ["NS", "NS", "WS"],
    3: ["WE", "NE"],
    4: ["WE", "WN", "NS", "SE", "NS", "WS"],
    5: ["SW", "NS"],
}
# fix: make col0 r0 an N-E curve (loop with col1), col0 r1 S-E
for c, stack in cols.items():
    for r, k in enumerate(stack):
        x, y = cell(c, r)
        block(x, y, k)
# falling block into column 3
x, y = cell(3, 2)
s.add(f'<rect x="{f(x+10)}" y="{f(y - 58)}" width="5" height="26" rx="2.5" fill="#fff8ec" opacity="0.5"/>')
s.add(f'<rect x="{f(x+B-15)}" y="{f(y - 64)}" width="5" height="30" rx="2.5" fill="#fff8ec" opacity="0.5"/>')
block(x, y - 30, "WN+ES")
# dividers and posts
for i in range(COLS + 1):
    px = FX + i * (B + GAP)
    w = GAP if 0 < i < COLS else GAP + 4
    plank(s, px - (2 if i == 0 else (2 if i == COLS else 0)), BASEY - ROWS * B - 14, w, ROWS * B + 14, "amber", shadow=False, grain_seed=i)
plank(s, FX - 14, BASEY, fw + 28, 18, "honey", grain_seed=9)
# spare blocks on the table
block(14, 222, "NS", rot=-12)
block(52, 236, "NE", rot=8)
block(404, 232, "WE", rot=10)
block(420, 190, "SW", rot=-6)
s.save("assets/picker/stackatrack.svg", shown=PICTURE_SHOWN)
