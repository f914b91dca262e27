import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import *
s = Svg()
table_bg(s)
L, T = 72, 24
parts = [("v", 0, 0), ("v", L - T, 0), ("h", 0, L), ("r", L / 2 - 21, L + T + 22, -35), ("r", L / 2 + 21, L + T + 22, 35),
         ("h", L + 8, 0), ("v", L + 8 + L - T, T)]
for x0, ghost in ((28, ()), (302, (4, 6))):
    s.add(f'<ellipse cx="{x0 + 76}" cy="276" rx="92" ry="10" fill="#2a1406" opacity="0.25"/>')
    structure(s, x0, 270, L, T, parts, seed=0, ghost=ghost)
# cream badge with question mark between
s.add('<circle cx="244" cy="126" r="36" fill="#2a1406" opacity="0.3"/>')
s.add('<circle cx="240" cy="120" r="34" fill="#fbf1dc" stroke="#e0c08e" stroke-width="4"/>')
qmark(s, 240, 118, 1.35, "#b5532b")
arrow_curve(s, "M204 200 Q240 184 270 196", (274, 198), 25)
s.save("assets/picker/samestax.svg", shown=PICTURE_SHOWN)
