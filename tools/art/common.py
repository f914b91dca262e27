# Shared helpers for the picker/logo art generators. Run from the repo root:
#   python3 tools/art/<name>.py   (writes assets/... SVGs; nanosvg-safe subset only)
import sys, os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import math

W, H = 480, 300
# The size a picker picture is drawn at, at most (src/scenes/picker.c): its SVG
# says so, and the game rasterises it for that size, not for the drawing's.
PICTURE_SHOWN = (288, 180)


def stops_xml(stops):
    out = ""
    for st in stops:
        o, c, a = (tuple(st) + (1,))[:3]
        op = "" if a == 1 else ' stop-opacity="%s"' % a
        out += '<stop offset="%s" stop-color="%s"%s/>' % (o, c, op)
    return out


class Svg:
    def __init__(self, w=W, h=H):
        self.w, self.h = w, h
        self.defs = []
        self.body = []
        self.ids = set()

    def grad(self, gid, stops, x1=0, y1=0, x2=0, y2=1, units=None):
        if gid in self.ids:
            return f"url(#{gid})"
        self.ids.add(gid)
        u = f' gradientUnits="{units}"' if units else ""
        s = stops_xml(stops)
        pc = (lambda v: f"{v * 100:g}%") if not units else str
        self.defs.append(f'<linearGradient id="{gid}" x1="{pc(x1)}" y1="{pc(y1)}" x2="{pc(x2)}" y2="{pc(y2)}"{u}>{s}</linearGradient>')
        return f"url(#{gid})"

    def rgrad(self, gid, stops, cx=0.5, cy=0.5, r=0.5, units=None):
        if gid in self.ids:
            return f"url(#{gid})"
        self.ids.add(gid)
        u = f' gradientUnits="{units}"' if units else ""
        s = stops_xml(stops)
        pc = (lambda v: f"{v * 100:g}%") if not units else str
        self.defs.append(f'<radialGradient id="{gid}" cx="{pc(cx)}" cy="{pc(cy)}" r="{pc(r)}"{u}>{s}</radialGradient>')
        return f"url(#{gid})"

    def add(self, s):
        self.body.append(s)

    def text(self, shown=None):
        d = "<defs>" + "".join(self.defs) + "</defs>\n" if self.defs else ""
        sw, sh = shown or (self.w, self.h)
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{sw}" height="{sh}" '
                f'viewBox="0 0 {self.w} {self.h}">\n' + d + "\n".join(self.body) + "\n</svg>\n")

    def save(self, path, shown=None):
        """shown: the (width, height) the game draws it at, if not the drawing's own."""
        with open(path, "w") as f:
            f.write(self.text(shown))


def f(v):
    return f"{v:.1f}".rstrip("0").rstrip(".")


# ------------------------------------------------------------- table
def table_bg(svg, w=W, h=H):
    g = svg.grad("tbl", [(0, "#9a6438"), (0.5, "#8a5630"), (1, "#6f4224")])
    svg.add(f'<rect x="0" y="0" width="{w}" height="{h}" fill="{g}"/>')
    # plank seams and grain
    seams = [h * 0.34, h * 0.7]
    for y in seams:
        svg.add(f'<rect x="0" y="{f(y)}" width="{w}" height="2" fill="#4e2d16" opacity="0.45"/>')
        svg.add(f'<rect x="0" y="{f(y + 2)}" width="{w}" height="1.5" fill="#c08a58" opacity="0.25"/>')
    import random
    rnd = random.Random(7)
    for i in range(16):
        y0 = rnd.uniform(4, h - 4)
        amp = rnd.uniform(1.5, 4)
        ph = rnd.uniform(0, 6.28)
        pts = []
        for k in range(0, 9):
            x = w * k / 8
            pts.append((x, y0 + amp * math.sin(ph + k * 1.1)))
        d = f"M{f(pts[0][0])} {f(pts[0][1])}"
        for (x0, yA), (x1, yB) in zip(pts, pts[1:]):
            d += f" Q{f((x0 + x1) / 2)} {f(yA + (yB - yA) * 0.1 - amp * 0.6)} {f(x1)} {f(yB)}"
        col = "#5a3319" if i % 2 else "#b98152"
        svg.add(f'<path d="{d}" fill="none" stroke="{col}" stroke-width="{f(rnd.uniform(0.8, 2))}" opacity="0.22"/>')
    v = svg.rgrad("vig", [(0, "#000000", 0), (0.7, "#000000", 0), (1, "#1a0d04", 0.45)], r=0.75)
    svg.add(f'<rect x="0" y="0" width="{w}" height="{h}" fill="{v}"/>')


def shadow_rect(svg, x, y, w, h, rx=4, dx=4, dy=6, op=0.28, rot=0, cx=None, cy=None):
    t = f' transform="rotate({f(rot)} {f(cx)} {f(cy)})"' if rot else ""
    svg.add(f'<rect x="{f(x + dx)}" y="{f(y + dy)}" width="{f(w)}" height="{f(h)}" rx="{f(rx + 2)}" '
            f'fill="#2a1406" opacity="{op}"{t}/>')


WOODS = {
    "maple": ("#f3d29b", "#e2b572", "#c98f4c", "#8d5a2b"),
    "honey": ("#eec07e", "#d9a05a", "#b97a38", "#7a4a1e"),
    "amber": ("#e3a866", "#c9853f", "#a4652a", "#6b3d17"),
}


def plank(svg, x, y, w, h, wood="maple", rot=0, shadow=True, grain_seed=0, opacity=1.0):
    """A wooden plank seen from the side: x,y,w,h is the unrotated box; rot about its centre."""
    hi, mid, lo, edge = WOODS[wood]
    cx, cy = x + w / 2, y + h / 2
    if shadow:
        shadow_rect(svg, x, y, w, h, rx=3, dx=3, dy=5, op=0.3 * opacity, rot=rot, cx=cx + 3, cy=cy + 5)
    vertical = h > w
    if vertical:
        g = svg.grad(f"pv_{wood}", [(0, hi), (0.45, mid), (1, lo)], 0, 0, 1, 0)
    else:
        g = svg.grad(f"ph_{wood}", [(0, hi), (0.45, mid), (1, lo)], 0, 0, 0, 1)
    t = f' transform="rotate({f(rot)} {f(cx)} {f(cy)})"' if rot else ""
    op = f' opacity="{opacity}"' if opacity != 1 else ""
    out = [f'<g{t}{op}>']
    out.append(f'<rect x="{f(x)}" y="{f(y)}" width="{f(w)}" height="{f(h)}" rx="3" fill="{g}" '
               f'stroke="{edge}" stroke-width="2"/>')
    # grain: lines along the long axis
    import random
    rnd = random.Random(grain_seed * 31 + int(x * 7 + y * 13))
    n = 3
    for i in range(n):
        if vertical:
            gx = x + w * (0.25 + 0.25 * i) + rnd.uniform(-2, 2)
            a = rnd.uniform(-2.5, 2.5)
            d = (f"M{f(gx)} {f(y + 4)} C{f(gx + a)} {f(y + h * 0.3)} {f(gx - a)} {f(y + h * 0.6)} "
                 f"{f(gx + a * 0.5)} {f(y + h - 4)}")
        else:
            gy = y + h * (0.28 + 0.24 * i) + rnd.uniform(-1.5, 1.5)
            a = rnd.uniform(-2.5, 2.5)
            d = (f"M{f(x + 4)} {f(gy)} C{f(x + w * 0.3)} {f(gy + a)} {f(x + w * 0.6)} {f(gy - a)} "
                 f"{f(x + w - 4)} {f(gy + a * 0.5)}")
        out.append(f'<path d="{d}" fill="none" stroke="{lo}" stroke-width="1.2" opacity="0.55"/>')
    # a small knot on some planks
    if rnd.random() < 0.45:
        kx = x + w * rnd.uniform(0.25, 0.75)
        ky = y + h * rnd.uniform(0.3, 0.7)
        out.append(f'<ellipse cx="{f(kx)}" cy="{f(ky)}" rx="{f(3.5 if not vertical else 2.2)}" '
                   f'ry="{f(2.2 if not vertical else 3.5)}" fill="none" stroke="{lo}" stroke-width="1.2" opacity="0.6"/>')
    # top highlight
    if vertical:
        out.append(f'<rect x="{f(x + 2.5)}" y="{f(y + 3)}" width="2" height="{f(h - 6)}" fill="#fff4dc" opacity="0.45"/>')
    else:
        out.append(f'<rect x="{f(x + 3)}" y="{f(y + 2.5)}" width="{f(w - 6)}" height="2" fill="#fff4dc" opacity="0.5"/>')
    out.append('</g>')
    svg.add("".join(out))


def star_path(cx, cy, r, inner=0.45, points=5, rot=-90):
    d = ""
    for i in range(points * 2):
        rr = r if i % 2 == 0 else r * inner
        a = math.radians(rot + i * 180 / points)
        d += ("M" if i == 0 else "L") + f"{f(cx + rr * math.cos(a))} {f(cy + rr * math.sin(a))} "
    return d + "Z"


def poly_path(cx, cy, r, n, rot=-90):
    d = ""
    for i in range(n):
        a = math.radians(rot + i * 360 / n)
        d += ("M" if i == 0 else "L") + f"{f(cx + r * math.cos(a))} {f(cy + r * math.sin(a))} "
    return d + "Z"


def card(svg, x, y, w, h, rot=0, face="#fbf1dc", border="#e8d3ac", shadow=True):
    """A cream card; returns the transform string for children."""
    cx, cy = x + w / 2, y + h / 2
    t = f' transform="rotate({f(rot)} {f(cx)} {f(cy)})"' if rot else ""
    if shadow:
        svg.add(f'<rect x="{f(x + 4)}" y="{f(y + 7)}" width="{f(w)}" height="{f(h)}" rx="9" fill="#2a1406" '
                f'opacity="0.3"{t}/>')
    svg.add(f'<rect x="{f(x)}" y="{f(y)}" width="{f(w)}" height="{f(h)}" rx="9" fill="{face}" '
            f'stroke="{border}" stroke-width="2.5"{t}/>')
    return t


def structure(svg, x0, base, L, T, parts, woods=("maple", "honey", "amber"), shadow=True, seed=0, ghost=()):
    """parts: (kind, dx, level) kind 'h'/'v'; or ('r', cx, cy, rot) for a rotated flat centred at (x0+cx, base-cy)."""
    for i, p in enumerate(parts):
        wood = woods[(i + seed) % len(woods)]
        if p[0] == "h":
            bx, by, bw, bh, rot = x0 + p[1], base - p[2] - T, L, T, 0
        elif p[0] == "v":
            bx, by, bw, bh, rot = x0 + p[1], base - p[2] - L, T, L, 0
        else:
            bx, by, bw, bh, rot = x0 + p[1] - L / 2, base - p[2] - T / 2, L, T, p[3]
        if i in ghost:
            cx, cy = bx + bw / 2, by + bh / 2
            t = f' transform="rotate({f(rot)} {f(cx)} {f(cy)})"' if rot else ""
            svg.add(f'<rect x="{f(bx)}" y="{f(by)}" width="{f(bw)}" height="{f(bh)}" rx="3" fill="#fff8ec" '
                    f'fill-opacity="0.12" stroke="#fff8ec" stroke-width="2.5" stroke-dasharray="7 5"{t}/>')
        else:
            plank(svg, bx, by, bw, bh, wood, rot=rot, shadow=shadow, grain_seed=seed + i)


def qmark(svg, cx, cy, s, col="#7a4a1e"):
    svg.add(f'<path d="M{f(cx - 9 * s)} {f(cy - 8 * s)} C{f(cx - 9 * s)} {f(cy - 21 * s)} {f(cx + 10 * s)} {f(cy - 21 * s)} '
            f'{f(cx + 10 * s)} {f(cy - 9 * s)} C{f(cx + 10 * s)} {f(cy - 1 * s)} {f(cx)} {f(cy - 1 * s)} {f(cx)} {f(cy + 7 * s)}" '
            f'fill="none" stroke="{col}" stroke-width="{f(6 * s)}" stroke-linecap="round" stroke-linejoin="round"/>')
    svg.add(f'<circle cx="{f(cx)}" cy="{f(cy + 17 * s)}" r="{f(3.8 * s)}" fill="{col}"/>')


def arrow_curve(svg, d, end, ang, col="#fff8ec", w=9, head=16, outline="#5a3319"):
    """A thick curved arrow along path d, arrowhead at end pointing angle ang (degrees)."""
    ex, ey = end
    a = math.radians(ang)
    p1 = (ex + head * math.cos(a), ey + head * math.sin(a))
    p2 = (ex + head * 0.9 * math.cos(a + 2.4), ey + head * 0.9 * math.sin(a + 2.4))
    p3 = (ex + head * 0.9 * math.cos(a - 2.4), ey + head * 0.9 * math.sin(a - 2.4))
    hd = f"M{f(p1[0])} {f(p1[1])} L{f(p2[0])} {f(p2[1])} L{f(p3[0])} {f(p3[1])} Z"
    svg.add(f'<path d="{d}" fill="none" stroke="{outline}" stroke-width="{w + 5}" stroke-linecap="round" opacity="0.5"/>')
    svg.add(f'<path d="{hd}" fill="{outline}" stroke="{outline}" stroke-width="5" stroke-linejoin="round" opacity="0.5"/>')
    svg.add(f'<path d="{d}" fill="none" stroke="{col}" stroke-width="{w}" stroke-linecap="round"/>')
    svg.add(f'<path d="{hd}" fill="{col}" stroke="{col}" stroke-width="2" stroke-linejoin="round"/>')


STAKZ = {"red": ("#ef5b4c", "#c8322a", "#8e1f19"), "orange": ("#ffa343", "#e8801e", "#a85510"),
         "green": ("#5cc06a", "#2f9140", "#1d6129"), "blue": ("#4f93e6", "#2a66bf", "#1a4380"),
         "purple": ("#a777d6", "#7d48b2", "#55297f")}


def stakz_symbol(svg, kind, cx, cy, r, t="", col="#fff8ec", edge="#00000055"):
    if kind == "circle":
        d = f"M{f(cx - r)} {f(cy)} A{f(r)} {f(r)} 0 1 0 {f(cx + r)} {f(cy)} A{f(r)} {f(r)} 0 1 0 {f(cx - r)} {f(cy)} Z"
    elif kind == "triangle":
        d = poly_path(cx, cy + r * 0.15, r * 1.15, 3)
    elif kind == "diamond":
        d = poly_path(cx, cy, r * 1.1, 4)
    elif kind == "star":
        d = star_path(cx, cy + r * 0.08, r * 1.15, 0.48)
    else:  # cross
        a, b = r * 0.38, r
        d = (f"M{f(cx - a)} {f(cy - b)} H{f(cx + a)} V{f(cy - a)} H{f(cx + b)} V{f(cy + a)} H{f(cx + a)} V{f(cy + b)} "
             f"H{f(cx - a)} V{f(cy + a)} H{f(cx - b)} V{f(cy - a)} H{f(cx - a)} Z")
    svg.add(f'<path d="{d}" fill="{col}" stroke="#3a2010" stroke-opacity="0.35" stroke-width="2.5" stroke-linejoin="round"{t}/>')


def stakz_tile(svg, x, y, s, colour, symbol=None, rot=0, depth=7, shadow=True):
    hi, mid, lo = STAKZ[colour]
    cx, cy = x + s / 2, y + s / 2
    t = f' transform="rotate({f(rot)} {f(cx)} {f(cy)})"' if rot else ""
    if shadow:
        svg.add(f'<rect x="{f(x + 3)}" y="{f(y + depth + 4)}" width="{f(s)}" height="{f(s)}" rx="9" fill="#2a1406" opacity="0.3"{t}/>')
    svg.add(f'<rect x="{f(x)}" y="{f(y + depth)}" width="{f(s)}" height="{f(s)}" rx="9" fill="{lo}"{t}/>')
    g = svg.grad(f"sk_{colour}", [(0, hi), (1, mid)], 0, 0, 0.4, 1)
    svg.add(f'<rect x="{f(x)}" y="{f(y)}" width="{f(s)}" height="{f(s)}" rx="9" fill="{g}" stroke="{lo}" stroke-width="1.5"{t}/>')
    svg.add(f'<rect x="{f(x + 5)}" y="{f(y + 5)}" width="{f(s - 10)}" height="{f(s - 10)}" rx="6" fill="none" '
            f'stroke="#ffffff" stroke-opacity="0.35" stroke-width="2"{t}/>')
    if symbol:
        stakz_symbol(svg, symbol, cx, cy, s * 0.27, t)
