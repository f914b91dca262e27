#!/usr/bin/env bash
# Renders one score (music/NAME.score) to Ogg Vorbis with Debian's FluidSynth
# and a General MIDI SoundFont. Run by the build (cmake/music.cmake); the
# score format and the loop are described in docs/music.md.
# Usage: tools/render_music.sh SCORE SOUNDFONT WORKDIR OUT.ogg
set -euo pipefail
score=$1 sf2=$2 work=$3 out=$4
here=$(dirname "$0")
name=$(basename "$score" .score)
py=${PYTHON3:-python3}
fluidsynth=${FLUIDSYNTH:-fluidsynth}
sox=${SOX:-sox}  # -V1: no warnings about FluidSynth's WAV header
mkdir -p "$work" "$(dirname "$out")"

# The piece as a Standard MIDI File (with its tail of silence), and its
# length in samples, loop flag and tail (NAME.info).
"$py" "$here/score2mid.py" "$score" "$work/$name.mid" --info "$work/$name.info"
samples='' rate='' loop='' tail='' level=''
# shellcheck disable=SC1090
. "$work/$name.info"

# Float output, so that nothing clips before the level is set below; no
# chorus; a medium room.
"$fluidsynth" -n -i -q -C 0 -R 1 -g 0.5 -r "$rate" -O float -T wav \
  -o synth.reverb.room-size=0.55 -o synth.reverb.width=0.8 -o synth.polyphony=256 \
  -F "$work/$name.wav" "$sf2" "$work/$name.mid" >/dev/null

if [ "$loop" = 1 ]; then
  # Cut exactly at the last bar line and add what rings on past it (release
  # and reverb) onto the head, as the previous time round would have: the
  # player wraps from end to start with no click and no dry head. (A second
  # copy of the render, cut at its bar lines, does not do this reliably:
  # FluidSynth's player times notes to a block on a millisecond clock, so
  # a copy can start a block off the first.)
  "$sox" -V1 "$work/$name.wav" "$work/$name.body.wav" trim 0 "${samples}s"
  "$sox" -V1 "$work/$name.wav" "$work/$name.ring.wav" trim "${samples}s"
  "$sox" -V1 -m -v 1 "$work/$name.body.wav" -v 1 "$work/$name.ring.wav" "$work/$name.cut.wav"
  rm -f "$work/$name.body.wav" "$work/$name.ring.wav"
else
  # A piece that ends keeps its ring and fades over the last half second.
  "$sox" -V1 "$work/$name.wav" "$work/$name.cut.wav" trim 0 "$((samples + tail))s" fade t 0 -0 0.5
fi

# The level: the score's RMS ("level -18"), so that pieces sit at the loudness
# they were written for, but never a peak above -2 dBFS (Vorbis adds a few
# tenths; the test wants 1 dB of headroom). No score names a level: peak -2.
read -r pk rms < <("$sox" -V1 "$work/$name.cut.wav" -n stats 2>&1 |
  awk '/^Pk lev dB/{p=$4} /^RMS lev dB/{r=$4} END{print p, r}')
gain=$(awk -v p="$pk" -v r="$rms" -v l="${level:-}" \
  'BEGIN{g=-2-p; if (l != "" && l-r < g) g=l-r; printf "%.2f", g}')
"$sox" -V1 "$work/$name.cut.wav" -b 16 "$work/$name.level.wav" gain "$gain"
echo "render_music: $name: peak $pk dB, RMS $rms dB before; gain $gain dB"
"$sox" -V1 "$work/$name.level.wav" -C 5 "$out.tmp.ogg"
rm -f "$work/$name.level.wav"
mv "$out.tmp.ogg" "$out"
rm -f "$work/$name.cut.wav"
rm -f "$work/$name.wav"
