import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import *
s = Svg()
table_bg(s)
S = 62
def pile(x, base, tiles):
    s.add(f'<ellipse cx="{x + S/2 + 4}" cy="{base + S + 10}" rx="{S*0.62}" ry="9" fill="#2a1406" opacity="0.25"/>')
    for i, (c, sym) in enumerate(tiles):
        top = i == len(tiles) - 1
        stakz_tile(s, x, base - i * 9, S, c, sym if top else None, shadow=False, depth=8)
pile(34, 140, [("green", None), ("blue", None), ("red", None), ("orange", "star")])
pile(140, 152, [("purple", None), ("red", "circle")])
pile(254, 126, [("blue", None), ("orange", None), ("green", None), ("purple", None), ("blue", "triangle")])
pile(364, 146, [("red", None), ("green", None), ("purple", "diamond")])
# a tile being placed (matches star by symbol) above pile 1
s.add(f'<rect x="{34+8}" y="{140-3*9-2}" width="{S-8}" height="{S-8}" rx="14" fill="#2a1406" opacity="0.16"/>')
stakz_tile(s, 40, 22, S, "blue", "star", rot=-10, shadow=False)
arrow_curve(s, "M120 44 Q150 34 150 70", (150, 76), 90, w=6, head=11)
# loose hand tiles in front
for i, (c, sym, r) in enumerate([("red", "cross", -8), ("orange", "triangle", 5), ("green", "circle", -3), ("purple", "star", 9), ("blue", "cross", -5)]):
    stakz_tile(s, 60 + i * 76, 236, 50, c, sym, rot=r, depth=6)
s.save("assets/picker/stakz.svg", shown=PICTURE_SHOWN)
