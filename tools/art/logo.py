import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import *
def house(s, seed=0, chimney=True):
    # ground shadow
    s.add('<ellipse cx="132" cy="234" rx="100" ry="10" fill="#2a1406" opacity="0.3"/>')
    # chimney (behind roof)
    if chimney:
        plank(s, 164, 50, 26, 64, "amber", grain_seed=seed + 9)
    # wall: three stacked planks, alternating widths like brickwork
    plank(s, 52, 190, 152, 40, "honey", grain_seed=seed + 1)
    plank(s, 60, 150, 136, 40, "maple", grain_seed=seed + 2)
    plank(s, 52, 110, 152, 40, "amber", grain_seed=seed + 3)
    # door
    s.add('<path d="M110 230 V184 A18 18 0 0 1 146 184 V230 Z" fill="#4a2812" stroke="#2e170a" stroke-width="3"/>')
    s.add('<circle cx="138" cy="208" r="3" fill="#f4b942"/>')
    # window
    s.add('<rect x="70" y="122" width="26" height="22" rx="3" fill="#ffd98a" stroke="#6b3d17" stroke-width="3"/>')
    s.add('<path d="M83 122 V144 M70 133 H96" stroke="#6b3d17" stroke-width="2.5"/>')
    # roof: two painted planks leaning together
    rg = s.grad("roof", [(0, "#ef7a4f"), (0.5, "#d4532c"), (1, "#9e3418")], 0, 0, 0, 1)
    for (cx, rot) in ((88, -33), (168, 33)):
        x, y, w, h = cx - 66, 70 - 16, 132, 32
        s.add(f'<rect x="{x+3}" y="{y+6}" width="{w}" height="{h}" rx="5" fill="#2a1406" opacity="0.3" transform="rotate({rot} {cx+3} {70+6})"/>')
        s.add(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="4" fill="{rg}" stroke="#7a2610" stroke-width="2.5" transform="rotate({rot} {cx} 70)"/>')
        s.add(f'<rect x="{x+4}" y="{y+3}" width="{w-8}" height="3" rx="1.5" fill="#ffd2b8" opacity="0.55" transform="rotate({rot} {cx} 70)"/>')

s = Svg(256, 256)
house(s)
s.save("assets/ui/logo.svg", shown=(96, 96))  # drawn at 92x92 (ui_draw_title)

# app icon: the mark on a rounded parchment tile with a wood rim
a = Svg(256, 256)
rim = a.grad("rim", [(0, "#b97a44"), (1, "#7a4a22")], 0, 0, 0, 1)
bg = a.rgrad("paper", [(0, "#fff6e2"), (0.7, "#f6e3bd"), (1, "#e8cc97")], 0.5, 0.38, 0.7)
a.add(f'<rect x="8" y="10" width="240" height="240" rx="52" fill="#2a1406" opacity="0.25"/>')
a.add(f'<rect x="8" y="6" width="240" height="240" rx="52" fill="{rim}"/>')
a.add(f'<rect x="18" y="16" width="220" height="220" rx="44" fill="{bg}"/>')
sub = Svg(256, 256); sub.ids = a.ids; sub.defs = a.defs
house(sub, chimney=True)
a.add('<g transform="translate(128 130) scale(0.84) translate(-128 -132)">' + "\n".join(sub.body) + '</g>')
a.save("packaging/icons/io.github.stackhouse.Stackhouse.svg")

# table tile: 512x512, horizontal planks, tiles seamlessly (periodic grain)
import random
t = Svg(512, 512)
t.add('<rect x="0" y="0" width="512" height="512" fill="#8a5630"/>')
rnd = random.Random(3)
for p in range(4):
    y0 = p * 128
    tone = ["#8f5a33", "#86522d", "#8c5832", "#83502b"][p]
    t.add(f'<rect x="0" y="{y0}" width="512" height="128" fill="{tone}"/>')
    for k in range(9):
        yy = y0 + 10 + k * 13 + rnd.uniform(-3, 3)
        amp = rnd.uniform(1.5, 5)
        n = rnd.choice([1, 2, 4])
        ph = rnd.uniform(0, 6.28)
        pts = [(x, yy + amp * math.sin(ph + 2 * math.pi * n * x / 512)) for x in range(0, 513, 16)]
        d = "M" + " L".join(f"{f(x)} {f(y)}" for x, y in pts)
        col = "#5e3519" if k % 2 else "#a8703f"
        t.add(f'<path d="{d}" fill="none" stroke="{col}" stroke-width="{f(rnd.uniform(1, 2.5))}" opacity="{f(rnd.uniform(0.25, 0.45))}"/>')
    # a soft knot
    kx, ky = rnd.uniform(60, 450), y0 + rnd.uniform(40, 90)
    for r in (10, 6):
        t.add(f'<ellipse cx="{f(kx)}" cy="{f(ky)}" rx="{r*2.2}" ry="{r*0.7}" fill="none" stroke="#5e3519" stroke-width="1.5" opacity="0.3"/>')
    # seam at top of each plank (y=0 also covers the wrap)
    t.add(f'<rect x="0" y="{y0}" width="512" height="2" fill="#4e2d16" opacity="0.45"/>')
    t.add(f'<rect x="0" y="{y0+2}" width="512" height="1.5" fill="#c08a58" opacity="0.2"/>')
t.save("assets/ui/table.svg")
