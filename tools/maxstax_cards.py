#!/usr/bin/env python3
"""Designs the 45 MAXSTAX stacker cards and writes assets/maxstax/cards.txt.

Poses are computed, not typed: flat planks (F) sit on whole levels, upright
planks (U) stand on a level, and a leaning plank (ramp) is solved so that
its foot is on the floor and its underside rests on a block's corner. The
C parser then checks for overlaps and the floor, and the physics test
(test_maxstax_cards) checks that every card stands for 10 s.

Usage: tools/maxstax_cards.py > assets/maxstax/cards.txt
"""
import math


def F(x, level):
    """A flat plank centred at x whose underside is at height level."""
    return (x, level + 0.5, 0.0)


def U(x, base):
    """An upright plank centred at x standing on height base."""
    return (x, base + 1.5, 90.0)


def ramp(corner_x, corner_y, theta, side):
    """A plank leaning at theta degrees, foot on the floor, its underside on
    the corner (corner_x, corner_y); side -1 leans in from the left."""
    t = math.radians(theta)
    d = corner_y / math.sin(t)  # along the underside, foot to corner
    ux, uy = math.cos(t), math.sin(t)
    foot_x = corner_x - d * ux
    # Centre: 1.5 along the underside from the foot, 0.5 up its normal.
    cx = foot_x + 1.5 * ux - 0.5 * uy
    cy = 1.5 * uy + 0.5 * ux
    if side < 0:
        return (cx, cy, theta)
    return (2 * corner_x - cx, cy, -theta)


def column(n, x=0.0, base=0):
    return [F(x, base + i) for i in range(n)]


def pyramid(rows):
    out = []
    for level, count in enumerate(range(rows, 0, -1)):
        for i in range(count):
            out.append(F(3.0 * (i - (count - 1) / 2), level))
    return out


def lintel(x=0.0, base=0):
    return [U(x - 1, base), U(x + 1, base), F(x, base + 3)]


def corbel():
    return [F(-2.5, 0), F(-2, 1), F(2.5, 0), F(2, 1), F(0, 2)]


LEAN = 22.5

CARDS = [
    (1, "Two high", column(2)),
    (1, "Side by side", [F(-1.5, 0), F(1.5, 0)]),
    (1, "Three high", column(3)),
    (1, "Little pyramid", pyramid(2)),
    (1, "Step up", [F(0, 0), F(1, 1)]),
    (1, "Gate", lintel()),
    (1, "Four high", column(4)),
    (1, "Two posts", [U(-1.5, 0), U(1.5, 0)]),
    (1, "Post on a plank", [F(0, 0), U(0, 1)]),
    (1, "Low wall", [F(-1.5, 0), F(1.5, 0), F(-1.5, 1), F(1.5, 1)]),
    (1, "Stairs", [F(0, 0), F(0.75, 1), F(1.5, 2)]),
    (1, "Pyramid", pyramid(3)),
    (1, "Five high", column(5)),
    (1, "Step pyramid", [F(-1.5, 0), F(1.5, 0), F(0, 1), F(0, 2)]),
    (1, "Flat bridge", [F(-2.5, 0), F(-2.5, 1), F(2.5, 0), F(2.5, 1), F(0, 2)]),
    (1, "Two towers", column(3, -2) + column(3, 2)),
    (1, "Three and two", [F(-3, 0), F(0, 0), F(3, 0), F(-1.5, 1), F(1.5, 1)]),
    (2, "Tee", [U(0, 0), F(0, 3)]),
    (2, "Overhang", [F(0, 0), F(0.4, 1), F(1.0, 2), F(2.2, 3)]),
    (2, "Corbel arch", corbel()),
    (2, "Viaduct", [U(-3, 0), U(0, 0), U(3, 0), F(-1.5, 3), F(1.5, 3)]),
    (2, "Double gate", lintel() + lintel(0, 4)),
    (2, "Ramp", [F(0, 0), ramp(-1.5, 1.0, LEAN, -1)]),
    (2, "Six high", column(6)),
    (2, "Eight high", column(8)),
    (2, "Cantilever", [F(0, 0), F(1.5, 1), U(0.5, 2)]),
    (2, "Leaning tower", [F(0.5 * i, i) for i in range(5)]),
    (2, "Zigzag", [F(i % 2, i) for i in range(6)]),
    (2, "Twin tables", lintel(-2) + lintel(2)),
    (2, "Tall table", lintel() + column(2, 0, 4)),
    (2, "Pyramid on posts", [U(-3, 0), U(0, 0), U(3, 0), F(-1.5, 3), F(1.5, 3), F(0, 4)]),
    (2, "Double ramp", [F(0, 0), ramp(-1.5, 1.0, LEAN, -1), ramp(1.5, 1.0, LEAN, 1)]),
    (2, "Grand pyramid", pyramid(4)),
    (2, "Brick wall", [F(-1.5, 0), F(1.5, 0), F(-1.5, 1), F(1.5, 1), F(-1.5, 2), F(1.5, 2)]),
    (2, "Posts on a gate", lintel() + [U(-1, 4), U(1, 4)]),
    (3, "Totem", [F(0, 0), U(0, 1), F(0, 4), U(0, 5), F(0, 8)]),
    (3, "Scales", [U(0, 0), F(0, 3), U(-1, 4), U(1, 4)]),
    (3, "Balanced stack", [U(0, 0), F(0, 3), F(0, 4), F(0, 5)]),
    (3, "Ten high", column(10)),
    (3, "Twelve high", column(12)),
    (3, "Two-storey viaduct",
     [U(-3, 0), U(0, 0), U(3, 0), F(-1.5, 3), F(1.5, 3), U(-1.5, 4), U(1.5, 4), F(0, 7)]),
    (3, "Castle", [F(-2.5, 0), F(-2.5, 1), F(2.5, 0), F(2.5, 1), F(0, 2), U(-1, 3), U(1, 3), F(0, 6)]),
    (3, "Triple gate", lintel() + lintel(0, 4) + lintel(0, 8)),
    (3, "Arch on a ramp", corbel() + [ramp(-4, 1.0, LEAN, -1)]),
    (3, "Max stax", lintel() + lintel(0, 4) + lintel(0, 8) + lintel(0, 12)),
]


def fmt(v):
    s = "%.4f" % v
    s = s.rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def main():
    assert len(CARDS) == 45, len(CARDS)
    print("# MAXSTAX stacker cards, written by tools/maxstax_cards.py: edit that, not this.")
    print("# card ID STARS NAME, then one 'block X Y ANGLE' per plank (plank units: a block is")
    print("# 3 x 1; x relative to the structure, y of the centre above the floor; degrees), then end.")
    for i, (stars, name, blocks) in enumerate(CARDS, 1):
        xs = [b[0] for b in blocks]
        mid = (min(xs) + max(xs)) / 2
        print()
        print("card %d %d %s" % (i, stars, name))
        for x, y, a in blocks:
            print("block %s %s %s" % (fmt(x - mid), fmt(y), fmt(a)))
        print("end")


main()
