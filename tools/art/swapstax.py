import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import *
s = Svg()
table_bg(s)

def stacker_card(x, y, rot, stars, parts, seed):
    w, h = 128, 180
    t = card(s, x, y, w, h, rot=rot)
    # inner picture well + stars, in the card's rotated frame
    s.add(f'<g{t}>')
    s.add(f'<rect x="{x+10}" y="{y+10}" width="{w-20}" height="{h-62}" rx="6" fill="#f3e2bf"/>')
    s.add('</g>')
    cx, cy = x + w / 2, y + h / 2
    # draw parts unrotated around centre then rotate group: structure() emits separate elements,
    # so wrap by collecting
    sub = Svg()
    sub.ids = s.ids; sub.defs = s.defs
    structure(sub, x + 24, y + h - 60, 48, 16, parts, shadow=False, seed=seed)
    s.add(f'<g{t}>' + "".join(sub.body) + '</g>')
    n = stars
    gap = 30
    sx0 = cx - gap * (n - 1) / 2
    for i in range(n):
        s.add(f'<path d="{star_path(sx0 + i * gap, y + h - 26, 14)}" fill="#f4b942" stroke="#a8661c" stroke-width="2.5" stroke-linejoin="round"{t}/>')

stacker_card(42, 44, -9, 1, [("h", 0, 0), ("v", 16, 16), ("h", 0, 64)], 0)
stacker_card(310, 44, 9, 3, [("v", 0, 0), ("v", 32, 0), ("h", 0, 48), ("r", 24, 80, -30)], 3)
# face-down swap card (back shows circular arrows) in the middle
t = card(s, 204, 112, 72, 100, rot=-3, face="#b5532b", border="#f3e2bf")
s.add(f'<rect x="210" y="118" width="60" height="88" rx="6" fill="none" stroke="#f3e2bf" stroke-width="2" opacity="0.7"{t}/>')
s.add(f'<path d="M226 150 A16 16 0 0 1 256 152" fill="none" stroke="#fff8ec" stroke-width="5" stroke-linecap="round"{t}/>')
s.add(f'<path d="M262 146 L256 160 L248 148 Z" fill="#fff8ec"{t}/>')
s.add(f'<path d="M254 174 A16 16 0 0 1 224 172" fill="none" stroke="#fff8ec" stroke-width="5" stroke-linecap="round"{t}/>')
s.add(f'<path d="M218 178 L224 164 L232 176 Z" fill="#fff8ec"{t}/>')
arrow_curve(s, "M176 92 Q240 44 300 84", (304, 88), 40)
arrow_curve(s, "M306 200 Q240 236 180 206", (176, 204), 220)
# planks in front
plank(s, 150, 246, 96, 32, "honey", grain_seed=40)
plank(s, 252, 250, 96, 32, "maple", rot=-6, grain_seed=41)
plank(s, 40, 230, 32, 96, "amber", rot=76, grain_seed=42)
s.save("assets/picker/swapstax.svg", shown=PICTURE_SHOWN)
