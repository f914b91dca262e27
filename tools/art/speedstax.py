import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import *
s = Svg()
table_bg(s)
# soft floor shadow under tower
s.add('<ellipse cx="196" cy="272" rx="100" ry="12" fill="#2a1406" opacity="0.25"/>')
L, T = 78, 26  # plank 3:1
x0, base = 157, 266
# bottom flat
plank(s, x0, base - T, L, T, "honey", grain_seed=1)
# two uprights
plank(s, x0, base - T - L, T, L, "maple", grain_seed=2)
plank(s, x0 + L - T, base - T - L, T, L, "amber", grain_seed=3)
# flat across
y = base - T - L - T
plank(s, x0, y, L, T, "maple", grain_seed=4)
# centred upright
plank(s, x0 + L / 2 - T / 2, y - L, T, L, "honey", grain_seed=5)
# top flat (slightly off-centre)
plank(s, x0 + 2, y - L - T, L, T, "amber", grain_seed=6)
# flying plank with speed streaks
for i, (yy, ln) in enumerate([(22, 70), (36, 96), (50, 60)]):
    s.add(f'<rect x="{292}" y="{yy}" width="{ln}" height="6" rx="3" fill="#fff8ec" opacity="{0.55 - i*0.1}"/>')
plank(s, 250, 10, L, T, "maple", rot=-14, grain_seed=7)
# starter pile at left
for i in range(4):
    plank(s, 22, base - T * (i + 1), L, T, ["maple", "honey", "amber", "honey"][i], grain_seed=10 + i)
s.add('<ellipse cx="62" cy="270" rx="50" ry="7" fill="#2a1406" opacity="0.2"/>')

# hourglass
hx, top, bot = 390, 96, 268
s.add(f'<ellipse cx="{hx+4}" cy="{bot+4}" rx="60" ry="9" fill="#2a1406" opacity="0.3"/>')
glass = s.grad("glass", [(0, "#ffffff", 0.55), (0.5, "#e9f4ff", 0.18), (1, "#ffffff", 0.4)], 0, 0, 1, 0)
sand = s.grad("sand", [(0, "#ffd27a"), (1, "#e59a2f")], 0, 0, 0, 1)
mid = (top + bot) / 2
# sand in bottom bulb (heap) and top bulb (remaining)
s.add(f'<path d="M{hx-38} {bot-14} C{hx-36} {bot-40} {hx-16} {bot-52} {hx} {bot-56} C{hx+16} {bot-52} {hx+36} {bot-40} {hx+38} {bot-14} Z" fill="{sand}"/>')
s.add(f'<path d="M{hx-24} {top+40} C{hx-18} {mid-24} {hx-6} {mid-8} {hx} {mid-2} C{hx+6} {mid-8} {hx+18} {mid-24} {hx+24} {top+40} Z" fill="{sand}"/>')
s.add(f'<rect x="{hx-2}" y="{mid-4}" width="4" height="{bot-56-mid+8}" fill="#f2b04c"/>')
# glass bulbs
s.add(f'<path d="M{hx-44} {top+12} C{hx-44} {mid-30} {hx-8} {mid-14} {hx-5} {mid} C{hx-8} {mid+14} {hx-44} {mid+30} {hx-44} {bot-12} '
      f'L{hx+44} {bot-12} C{hx+44} {mid+30} {hx+8} {mid+14} {hx+5} {mid} C{hx+8} {mid-14} {hx+44} {mid-30} {hx+44} {top+12} Z" '
      f'fill="{glass}" stroke="#fff8ec" stroke-width="3" stroke-opacity="0.8"/>')
s.add(f'<path d="M{hx-34} {top+22} C{hx-32} {mid-34} {hx-20} {mid-24} {hx-14} {mid-16}" fill="none" stroke="#ffffff" stroke-width="4" stroke-linecap="round" opacity="0.6"/>')
# posts and caps
for px in (hx - 52, hx + 46):
    plank(s, px, top + 4, 6, bot - top - 8, "amber", shadow=False, grain_seed=20)
plank(s, hx - 62, top - 8, 124, 18, "honey", grain_seed=21)
plank(s, hx - 62, bot - 10, 124, 18, "honey", grain_seed=22)
s.save("assets/picker/speedstax.svg", shown=PICTURE_SHOWN)
