#!/usr/bin/env python3
"""Turns a Stackhouse score (assets/music/*.score, format in docs/music.md)
into a Standard MIDI File.

Usage: score2mid.py SCORE OUT.mid [--copies N] [--info OUT.info]

--copies N writes the piece N times back to back (for measuring a loop
against a longer render). --info writes "key=value" lines the build and the tests read:
the piece's length in samples at 48 kHz, whether it loops, its tail.
Only the standard library: it runs on Debian's python3 with nothing added.
"""
import argparse
import os
import re
import struct
import sys

PPQ = 480                 # ticks per quarter note
WHOLE = 4 * PPQ
RATE = 48000              # the render's sample rate (tools/render_music.sh)

# General MIDI percussion (channel 10) by name.
DRUMS = {
    "kick": 36, "kick2": 35, "stick": 37, "snare": 38, "clap": 39, "snare2": 40,
    "ltom": 41, "hat": 42, "ltom2": 43, "phat": 44, "mtom": 45, "ohat": 46,
    "mtom2": 47, "htom": 48, "crash": 49, "htom2": 50, "ride": 51, "china": 52,
    "bell": 53, "tamb": 54, "splash": 55, "cowbell": 56, "crash2": 57,
    "ride2": 59, "hbongo": 60, "lbongo": 61, "conga": 63, "lconga": 64,
    "shaker": 70, "claves": 75, "hblock": 76, "lblock": 77, "triangle": 81,
}
NOTE_BASE = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}
NOTE_RE = re.compile(r"^([A-G])([#b]*)(-?\d)$")


class ScoreError(Exception):
    """A mistake in a score, with the file and line it came from."""


class Part:
    def __init__(self, name, channel):
        self.name = name
        self.channel = channel
        self.program = 0
        self.volume = 100
        self.pan = 0          # -64 (left) .. 63 (right)
        self.reverb = 40
        self.gate = 0.92      # fraction of a note's value it sounds for
        self.humanize = 4     # ticks of deterministic timing spread
        self.drums = False
        self.notes = []       # (start tick, length ticks, key, velocity)
        self.bars = 0


def parse_pitch(tok, where):
    """A note name (C4, F#3, Bb2), a drum name or nNN to its MIDI key."""
    if tok in DRUMS:
        return DRUMS[tok]
    if re.fullmatch(r"n\d+", tok):
        return int(tok[1:])
    m = NOTE_RE.match(tok)
    if not m:
        raise ScoreError(f"{where}: not a note: {tok!r}")
    key = NOTE_BASE[m.group(1)] + m.group(2).count("#") - m.group(2).count("b")
    return 12 * (int(m.group(3)) + 1) + key


def parse_duration(text, where):
    """/4 quarter, /8. dotted eighth, /12 triplet eighth: WHOLE / N."""
    m = re.fullmatch(r"(\d+)(\.*)", text)
    if not m or int(m.group(1)) == 0 or WHOLE % int(m.group(1)):
        raise ScoreError(f"{where}: bad duration /{text}")
    ticks = WHOLE // int(m.group(1))
    add = ticks
    for _ in m.group(2):
        add //= 2
        ticks += add
    return ticks


class Score:
    def __init__(self):
        self.tempo = 120
        self.beats = 4
        self.beat_unit = 4
        self.loop = True
        self.tail = 2.0       # seconds rendered after a piece that does not loop
        self.swing = 0.5      # 0.5 straight; 0.6 a light shuffle on eighths
        self.level = None     # RMS in dBFS the render is set to (None: by its peak)
        self.parts = {}
        self.phrases = {}

    def bar_ticks(self):
        return self.beats * WHOLE // self.beat_unit

    def part(self, name, where):
        if name not in self.parts:
            raise ScoreError(f"{where}: no part named {name!r}")
        return self.parts[name]


def expand(score, tokens, where, shift=0, depth=0):
    """Phrase references (@name, @name+2, @name-12) to plain tokens, transposed."""
    if depth > 8:
        raise ScoreError(f"{where}: phrases nest too deep")
    out = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        m = re.fullmatch(r"@([\w-]+?)([+-]\d+)?((?:/[\d.]+)?[!']*)", tok)
        times = 1
        if m and i + 1 < len(tokens) and re.fullmatch(r"x\d+", tokens[i + 1]):
            times = int(tokens[i + 1][1:])
            i += 1
        if m:
            if m.group(1) not in score.phrases:
                raise ScoreError(f"{where}: no phrase named {m.group(1)!r}")
            body = score.phrases[m.group(1)]
            if m.group(3):
                # @chord/4: a one-chord phrase played for a value
                if len(body) != 1:
                    raise ScoreError(f"{where}: {tok}: only a one-token phrase takes a value")
                body = [body[0] + m.group(3)]
            inner = expand(score, body, where, shift + int(m.group(2) or 0), depth + 1)
            out.extend(inner * times)
        else:
            out.append(("T", tok, shift))
        i += 1
    return out


def add_bars(score, part, tokens, where):
    """Appends bars ("| ... | ... |") to a part, checking each bar's length."""
    tick = part.bars * score.bar_ticks()
    bar_start = tick
    dur = WHOLE // 4
    vel = 84
    last = []           # indices of the notes a "~" extends
    in_bar = False
    for _, tok, shift in expand(score, tokens, where):
        if tok == "|":
            if in_bar:
                if tick - bar_start != score.bar_ticks():
                    beats = (tick - bar_start) / (WHOLE / score.beat_unit)
                    raise ScoreError(f"{where}: part {part.name} bar {part.bars + 1} "
                                     f"holds {beats:g} beats, not {score.beats}")
                part.bars += 1
                bar_start = tick
            in_bar = True
            continue
        if not in_bar:
            raise ScoreError(f"{where}: notes outside a bar: {tok!r}")
        if re.fullmatch(r"v\d+", tok):
            vel = max(1, min(127, int(tok[1:])))
            continue
        m = re.fullmatch(r"([^/!']*)(?:/([\d.]+))?([!']*)", tok)
        if not m:
            raise ScoreError(f"{where}: cannot read {tok!r}")
        body, d, marks = m.groups()
        if d:
            dur = parse_duration(d, where)
        if body == "~":                     # tie: the last note(s) sound on
            for idx in last:
                s, ln, k, v = part.notes[idx]
                part.notes[idx] = (s, ln + dur, k, v)
            tick += dur
            continue
        if body == "r":
            last = []
            tick += dur
            continue
        v = vel + (16 if "!" in marks else 0)
        gate = 0.5 if "'" in marks else part.gate
        last = []
        for name in body.split(","):
            key = parse_pitch(name, where) + (0 if part.drums else shift)
            if not 0 <= key <= 127:
                raise ScoreError(f"{where}: {name} transposed out of range")
            last.append(len(part.notes))
            part.notes.append((tick, max(1, int(dur * gate)), key, min(127, v)))
        tick += dur
    if in_bar and tick != bar_start:
        raise ScoreError(f"{where}: part {part.name}: a bar is not closed with |")


def parse(path, score=None, depth=0):
    """Reads a score file (and what it includes) into a Score."""
    score = score or Score()
    if depth > 4:
        raise ScoreError(f"{path}: includes nest too deep")
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    phrase = None
    for n, raw in enumerate(lines, 1):
        where = f"{path}:{n}"
        # A comment is a "#" word to the line's end (C#4 is a note, not one).
        line = re.split(r"(?:^|\s)#(?:\s|$)", raw, maxsplit=1)[0].strip()
        if not line:
            continue
        words = line.split()
        if phrase is not None:
            if words == ["end"]:
                phrase = None
            else:
                score.phrases[phrase].extend(words)
            continue
        head = words[0]
        if head == "include":
            parse(os.path.join(os.path.dirname(path), words[1]), score, depth + 1)
        elif head == "tempo":
            score.tempo = float(words[1])
        elif head == "meter":
            score.beats, score.beat_unit = (int(x) for x in words[1].split("/"))
        elif head == "loop":
            score.loop = words[1] == "yes"
        elif head == "tail":
            score.tail = float(words[1])
        elif head == "level":
            score.level = float(words[1])
        elif head == "swing":
            score.swing = float(words[1])
        elif head == "phrase":
            # "phrase NAME tokens" on one line, or "phrase NAME" then lines up to "end"
            score.phrases[words[1]] = list(words[2:])
            if len(words) == 2:
                phrase = words[1]
        elif head == "part":
            # Declaring a part again (after an include) starts it afresh.
            old = score.parts.get(words[1])
            p = Part(words[1], old.channel if old else len(score.parts))
            for opt in words[2:]:
                if opt == "drums":
                    p.drums = True
                    continue
                k, _, v = opt.partition("=")
                if k not in ("program", "volume", "pan", "reverb", "gate", "humanize"):
                    raise ScoreError(f"{where}: unknown part option {k!r}")
                setattr(p, k, float(v) if k == "gate" else int(v))
            if p.drums:
                p.channel = 9
            elif p.channel >= 9:
                p.channel += 1
            if p.channel > 15:
                raise ScoreError(f"{where}: more than 15 melodic parts")
            score.parts[p.name] = p
        elif head.endswith(":"):
            add_bars(score, score.part(head[:-1], where), words[1:], where)
        else:
            raise ScoreError(f"{where}: cannot read {head!r}")
    if phrase is not None:
        raise ScoreError(f"{path}: phrase {phrase} has no end")
    return score


def vlq(n):
    out = [n & 0x7F]
    n >>= 7
    while n:
        out.append(0x80 | (n & 0x7F))
        n >>= 7
    return bytes(reversed(out))


def track(events):
    """events: (tick, order, bytes); returns an MTrk chunk."""
    body = b""
    now = 0
    for tick, _, data in sorted(events, key=lambda e: (e[0], e[1])):
        body += vlq(tick - now) + data
        now = tick
    body += vlq(0) + b"\xff\x2f\x00"
    return b"MTrk" + struct.pack(">I", len(body)) + body


def swing_tick(score, t):
    """Moves off-beat eighths later by the score's swing (0.5 is straight)."""
    if score.swing == 0.5:
        return t
    beat, p = divmod(t, PPQ)
    half = PPQ // 2
    pivot = score.swing * PPQ
    if p <= half:
        q = p * pivot / half
    else:
        q = pivot + (p - half) * (PPQ - pivot) / half
    return beat * PPQ + int(round(q))


def jitter(seed, spread):
    """A small deterministic offset in [-spread, spread], the same in every copy."""
    x = (seed * 2654435761 + 0x9E3779B9) & 0xFFFFFFFF
    x ^= x >> 15
    x = (x * 2246822519) & 0xFFFFFFFF
    x ^= x >> 13
    return (x % (2 * spread + 1)) - spread if spread > 0 else 0


def write_midi(score, out, copies):
    bars = {p.bars for p in score.parts.values()}
    if len(bars) != 1:
        detail = ", ".join(f"{p.name} {p.bars}" for p in score.parts.values())
        raise ScoreError(f"parts differ in length (bars: {detail})")
    length = bars.pop() * score.bar_ticks()
    tempo_us = int(round(60_000_000 / score.tempo))
    meta = [(0, 0, b"\xff\x51\x03" + tempo_us.to_bytes(3, "big")),
            (0, 0, b"\xff\x58\x04" + bytes([score.beats, score.beat_unit.bit_length() - 1, 24, 8]))]
    # The file runs on past the last copy by the tail, so the render holds
    # the whole of the last copy (and, for a piece that ends, its ring).
    end = length * copies + int(score.tail * score.tempo / 60 * PPQ)
    meta.append((end, 9, b"\xff\x01\x00"))  # a text event holds the file open for the tail
    chunks = [track(meta)]
    for pi, p in enumerate(score.parts.values()):
        ch = p.channel
        ev = [(0, 0, b"\xff\x03" + bytes([len(p.name)]) + p.name.encode()),
              (0, 1, bytes([0xB0 | ch, 7, p.volume])),
              (0, 1, bytes([0xB0 | ch, 10, max(0, min(127, 64 + p.pan))])),
              (0, 1, bytes([0xB0 | ch, 91, p.reverb])),
              (0, 1, bytes([0xB0 | ch, 93, 0])),
              (0, 2, bytes([0xC0 | ch, p.program]))]
        for c in range(copies):
            base = c * length
            for ni, (start, ln, key, vel) in enumerate(p.notes):
                s = swing_tick(score, start)
                e = swing_tick(score, start + ln)
                # The first note of the piece keeps its place, so that no
                # copy starts late; the rest spread by a few ticks.
                off = jitter(pi * 100003 + ni, p.humanize) if start else 0
                s = max(0, s + off)
                e = max(s + 1, e + off)
                v = max(1, min(127, vel + jitter(ni * 7 + pi, 5)))
                ev.append((base + s, 4, bytes([0x90 | ch, key, v])))
                ev.append((base + e, 3, bytes([0x80 | ch, key, 0])))
        chunks.append(track(ev))
    with open(out, "wb") as f:
        f.write(b"MThd" + struct.pack(">IHHH", 6, 1, len(chunks), PPQ))
        for c in chunks:
            f.write(c)
    return length


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("score")
    ap.add_argument("out")
    ap.add_argument("--copies", type=int, default=1)
    ap.add_argument("--info")
    a = ap.parse_args()
    try:
        score = parse(a.score)
        ticks = write_midi(score, a.out, a.copies)
    except (ScoreError, OSError, ValueError, IndexError) as e:
        print(f"score2mid: {e}", file=sys.stderr)
        return 1
    samples = ticks * 60 * RATE / (score.tempo * PPQ)
    if samples != int(samples):
        print(f"score2mid: {a.score}: {ticks} ticks at {score.tempo:g} bpm is not a whole "
              f"number of samples at {RATE} Hz; pick another tempo", file=sys.stderr)
        return 1
    if a.info:
        with open(a.info, "w", encoding="utf-8") as f:
            f.write(f"samples={int(samples)}\nrate={RATE}\nloop={int(score.loop)}\n"
                    f"tail={int(score.tail * RATE)}\n"
                    f"level={'' if score.level is None else score.level}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
