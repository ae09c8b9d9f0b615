"""Musical styles for the tempo test corpus (used by make_songs.py).

Each style writes a whole song as a list of Note events, in beats (quarter notes) of
the tempo it is given. The tempo it is given is the label: the quarter-note pulse
written in the MIDI file's set_tempo, i.e. the rate at which a runner would step.
Styles that feel slower than that pulse (half_time: snare once a bar) or faster
(dnb, swing at 200) are labelled at the written pulse all the same; scorers give
octave errors credit only in Acc2.

Channels: 0 bass, 1 chords/pad, 2 melody, 3 second chord layer, 9 drums (MIDI
channel 10). Programs are General MIDI numbers counted from 0; drum kits are the
GM2/GS kit numbers that FluidR3_GM has on bank 128 (0 Standard, 16 Power,
24 Electronic, 25 TR-808, 32 Jazz, 40 Brush).
"""
from dataclasses import dataclass

# name: (lowest bpm, highest bpm)
STYLES = {
    "four_on_the_floor": (118, 132),
    "rock": (90, 160),
    "swing": (100, 200),
    "syncopation": (88, 120),
    "half_time": (125, 160),
    "sparse_intro": (70, 150),
    "ballad": (60, 80),
    "dnb": (160, 180),
}

# GM percussion keys
KICK, KICK2, STICK, SNARE, CLAP, SNARE2 = 36, 35, 37, 38, 39, 40
LOW_TOM, CLOSED_HAT, MID_TOM_LOW, PEDAL_HAT, MID_TOM, OPEN_HAT = 41, 42, 45, 44, 47, 46
HI_TOM, CRASH, RIDE, RIDE_BELL, TAMBOURINE, COWBELL = 50, 49, 51, 53, 54, 56
HI_BONGO, LO_BONGO, MUTE_CONGA, OPEN_CONGA, LOW_CONGA = 60, 61, 62, 63, 64
SHAKER, CLAVES = 70, 75
# Brush kit (128:40) keys, GS layout
BRUSH_TAP, BRUSH_SLAP, BRUSH_SWIRL = 38, 39, 40

MAJOR = (0, 2, 4, 5, 7, 9, 11)
MINOR = (0, 2, 3, 5, 7, 8, 10)
PROGRESSIONS = {
    MAJOR: [(0, 4, 5, 3), (0, 5, 3, 4), (5, 3, 0, 4), (0, 3, 4, 3), (3, 0, 4, 5)],
    MINOR: [(0, 5, 2, 6), (0, 3, 4, 0), (0, 6, 5, 6), (0, 3, 6, 2), (0, 5, 3, 4)],
}
JAZZ_PROGRESSIONS = [(1, 4, 0, 5), (0, 5, 1, 4), (2, 5, 1, 4), (0, 3, 1, 4)]


@dataclass
class Note:
    beat: float      # onset, in quarter notes from the start of the song
    channel: int
    pitch: int
    velocity: int
    length: float    # in quarter notes


class Harmony:
    """A key, a mode and a chord progression (one chord per `bars_per_chord` bars)."""

    def __init__(self, rng, mode=None, progression=None, bars_per_chord=1):
        self.tonic = rng.randrange(12)
        self.mode = mode or rng.choice([MAJOR, MINOR])
        self.progression = progression or rng.choice(PROGRESSIONS[self.mode])
        self.bars_per_chord = bars_per_chord

    def degree(self, bar):
        return self.progression[(bar // self.bars_per_chord) % len(self.progression)]

    def pitch(self, degree, octave_base):
        """Scale degree (may exceed 6 or be negative) to MIDI pitch above octave_base (a C)."""
        octave, step = divmod(degree, 7)
        return octave_base + self.tonic + self.mode[step] + 12 * octave

    def chord(self, bar, octave_base=60, size=3):
        d = self.degree(bar)
        return [self.pitch(d + 2 * k, octave_base) for k in range(size)]

    def root(self, bar, octave_base=36):
        return self.pitch(self.degree(bar), octave_base)


class Song:
    def __init__(self, rng, bpm, bars):
        self.rng, self.bpm, self.bars = rng, bpm, bars
        self.notes = []
        self.programs = {}   # channel -> GM program (channel 9: drum kit)

    def add(self, beat, channel, pitch, velocity, length=0.25):
        if 0 <= pitch <= 127 and length > 0:
            self.notes.append(Note(beat, channel, pitch, max(1, min(127, int(velocity))), length))

    def drum(self, bar, pos, key, velocity, length=0.1):
        self.add(bar * 4 + pos, 9, key, velocity, length)

    def jitter(self, amount):
        return self.rng.randint(-amount, amount)


# ---------------------------------------------------------------- shared parts

def melody(song, harmony, bars, positions, channel=2, octave_base=72, length=None,
           velocity=80, rest_every=4, motif_bars=2):
    """A melody from a repeated, varied motif: chord tones on downbeats, steps between.

    positions: onsets within a bar (beats). Plays `rest_every - 1` bars then rests one.
    """
    rng = song.rng
    motif = []   # (position, step offset from chord root, length)
    degree = 2 * rng.randrange(3)
    for b in range(motif_bars):
        for i, pos in enumerate(positions):
            if rng.random() < 0.25 and i:
                continue
            if pos == int(pos) and rng.random() < 0.6:
                degree = 2 * rng.randrange(3)          # chord tone
            else:
                degree += rng.choice([-1, 1, 1, 2, -2])
                degree = max(-2, min(8, degree))
            nxt = positions[i + 1] if i + 1 < len(positions) else 4.0
            motif.append((b * 4 + pos, degree, length or max(0.2, (nxt - pos) * 0.9)))
    for bar in bars:
        if rest_every and bar % rest_every == rest_every - 1:
            continue
        within = bar % motif_bars
        variation = rng.random() < 0.3
        for pos, deg, ln in motif:
            if not within * 4 <= pos < within * 4 + 4:
                continue
            d = deg + (rng.choice([-1, 1]) if variation and rng.random() < 0.3 else 0)
            pitch = harmony.pitch(harmony.degree(bar) + d, octave_base)
            song.add(bar * 4 + pos - within * 4, channel, pitch, velocity + song.jitter(10), ln)


def pad(song, harmony, bars, channel=1, octave_base=60, velocity=60, size=3):
    for bar in bars:
        for p in harmony.chord(bar, octave_base, size):
            song.add(bar * 4, channel, p, velocity, 4.0)


def stabs(song, harmony, bars, positions, channel=1, octave_base=60, velocity=75, length=0.3,
          size=3):
    for bar in bars:
        for pos in positions:
            for p in harmony.chord(bar, octave_base, size):
                song.add(bar * 4 + pos, channel, p, velocity + song.jitter(6), length)


def bassline(song, harmony, bars, positions, channel=0, octave_base=36, velocity=90, length=None,
             octave_jumps=0.0):
    for bar in bars:
        root = harmony.root(bar, octave_base)
        for i, pos in enumerate(positions):
            nxt = positions[i + 1] if i + 1 < len(positions) else 4.0
            pitch = root + (12 if song.rng.random() < octave_jumps else 0)
            song.add(bar * 4 + pos, channel, pitch, velocity + song.jitter(8),
                     length or max(0.15, (nxt - pos) * 0.85))


def tom_fill(song, bar, start=3.0, step=0.25, velocity=95):
    toms = [HI_TOM, HI_TOM, MID_TOM, MID_TOM, MID_TOM_LOW, MID_TOM_LOW, LOW_TOM, LOW_TOM]
    n = int(round((4.0 - start) / step))
    for i in range(n):
        song.drum(bar, start + i * step, toms[int(i * len(toms) / n)], velocity + song.jitter(10))


def sections(song, bar, length=8):
    """(is first bar of a section, is last bar of a section)"""
    return bar % length == 0, bar % length == length - 1


# ---------------------------------------------------------------- the styles

def four_on_the_floor(song):
    rng = song.rng
    song.programs = {9: rng.choice([24, 25, 0]), 0: rng.choice([38, 39, 33]),
                     1: rng.choice([89, 90, 88, 4]), 2: rng.choice([80, 81, 84, 98])}
    h = Harmony(rng, mode=MINOR if rng.random() < 0.7 else MAJOR)
    sixteenth_hats = rng.random() < 0.5
    breakdown = lambda bar: bar % 32 in (24, 25, 26, 27)
    for bar in range(song.bars):
        first, _ = sections(song, bar, 16)
        if first and bar:
            song.drum(bar, 0, CRASH, 100)
        if not breakdown(bar):
            for b in range(4):
                song.drum(bar, b, KICK, 115 + song.jitter(5))
        for b in (1, 3):
            song.drum(bar, b, CLAP, 95 + song.jitter(8))
        for b in range(4):
            song.drum(bar, b + 0.5, OPEN_HAT, 80 + song.jitter(8), 0.2)
            if sixteenth_hats:
                for q in (0, 0.25, 0.75):
                    song.drum(bar, b + q, CLOSED_HAT, 55 + song.jitter(10))
    full = [b for b in range(song.bars) if not breakdown(b)]
    bassline(song, h, full, [0.5, 1.5, 2.5, 3.5], length=0.35)
    pad(song, h, range(song.bars), velocity=55)
    arp = [i * 0.5 for i in range(8)] if rng.random() < 0.5 else [0, 0.75, 1.5, 2.0, 2.75, 3.5]
    melody(song, h, [b for b in range(song.bars) if b >= 8], arp, velocity=70, length=0.3)


def rock(song):
    rng = song.rng
    song.programs = {9: rng.choice([0, 16, 8]), 0: rng.choice([33, 34]),
                     1: rng.choice([29, 30, 16, 18]), 2: rng.choice([29, 81, 56, 65])}
    h = Harmony(rng)
    kick_extra = rng.choice([[], [2.5], [1.5], [2.5, 3.5]])
    for bar in range(song.bars):
        first, last = sections(song, bar)
        if first:
            song.drum(bar, 0, CRASH, 105)
        chorus = (bar // 8) % 2 == 1
        for pos in [0, 2] + kick_extra:
            song.drum(bar, pos, KICK, 110 + song.jitter(8))
        for pos in (1, 3):
            if not (last and pos == 3):
                song.drum(bar, pos, SNARE, 110 + song.jitter(8))
        for i in range(8):
            if last and i >= 6:
                continue
            if chorus:
                song.drum(bar, i * 0.5, RIDE, 80 + (12 if i % 2 == 0 else 0) + song.jitter(6))
            elif not (first and i == 0):
                song.drum(bar, i * 0.5, CLOSED_HAT, 70 + (15 if i % 2 == 0 else 0) + song.jitter(6))
        if last:
            tom_fill(song, bar, start=3.0, step=0.25)
    bassline(song, h, range(song.bars), [i * 0.5 for i in range(8)], velocity=95)
    if song.programs[1] in (29, 30):    # power chords, strummed 8ths with accents
        for bar in range(song.bars):
            root = h.root(bar, 48)
            for i in range(8):
                for p in (root, root + 7, root + 12):
                    song.add(bar * 4 + i * 0.5, 1, p, 70 + (15 if i % 2 == 0 else 0), 0.45)
    else:
        pad(song, h, range(song.bars), velocity=70, size=4)
    melody(song, h, range(4, song.bars), [0, 1, 1.5, 2, 3], velocity=85)


def swing(song):
    rng = song.rng
    song.programs = {9: rng.choice([32, 33, 40]), 0: 32, 1: rng.choice([0, 4, 11]),
                     2: rng.choice([65, 66, 56, 11, 71])}
    h = Harmony(rng, mode=MAJOR, progression=rng.choice(JAZZ_PROGRESSIONS))
    s = rng.uniform(0.6, 0.68)    # position of the swung eighth inside a beat
    for bar in range(song.bars):
        for pos in (0, 1, 1 + s, 2, 3, 3 + s):
            song.drum(bar, pos, RIDE, (85 if pos == int(pos) else 65) + song.jitter(8), 0.3)
        for pos in (1, 3):
            song.drum(bar, pos, PEDAL_HAT, 70 + song.jitter(6))
        for pos in range(4):
            song.drum(bar, pos, KICK, 35 + song.jitter(5))           # feathered
        for b in range(4):                                          # snare comping
            if rng.random() < 0.2:
                song.drum(bar, b + s, SNARE, 55 + song.jitter(10))
        if sections(song, bar)[1]:
            song.drum(bar, 3 + s, SNARE, 90)
            song.drum(bar, 3 + s, KICK, 85)
    # walking bass: chord tones and a chromatic approach into the next bar's root
    for bar in range(song.bars):
        root, nxt = h.root(bar, 36), h.root(bar + 1, 36)
        line = [root, h.pitch(h.degree(bar) + rng.choice([2, 4]), 36),
                h.pitch(h.degree(bar) + rng.choice([4, 5, 2]), 36), nxt + rng.choice([-1, 1])]
        for i, p in enumerate(line):
            song.add(bar * 4 + i, 0, p, 88 + song.jitter(8), 0.9)
    comp = rng.choice([[(0, 0.6), (1 + s, 0.3)], [(1 + s, 0.3), (3, 0.6)], [(s, 0.3), (2 + s, 0.3)]])
    for bar in range(song.bars):
        for pos, ln in comp:
            for p in h.chord(bar, 60, 4):
                song.add(bar * 4 + pos, 1, p, 62 + song.jitter(6), ln)
    melody(song, h, range(4, song.bars), [0, s, 1, 1 + s, 2, 2 + s, 3, 3 + s], velocity=80)


def syncopation(song):
    rng = song.rng
    kind = rng.choice(["funk", "latin", "reggaeton"])
    song.variant = kind
    h = Harmony(rng, mode=MINOR if kind != "latin" or rng.random() < 0.5 else MAJOR)
    bars = range(song.bars)
    if kind == "funk":
        song.programs = {9: 0, 0: rng.choice([36, 37, 33]), 1: rng.choice([27, 28, 7]),
                         2: rng.choice([61, 62, 56])}
        kicks = rng.choice([[0, 0.75, 2.5], [0, 1.75, 2.5, 3.25], [0, 0.75, 2.25, 2.75]])
        for bar in bars:
            first, last = sections(song, bar)
            if first:
                song.drum(bar, 0, CRASH, 100)
            for pos in kicks:
                song.drum(bar, pos, KICK, 110 + song.jitter(6))
            for pos in (1, 3):
                song.drum(bar, pos, SNARE, 112 + song.jitter(6))
            for pos in (1.75, 2.25, 3.75):
                if rng.random() < 0.6:
                    song.drum(bar, pos, SNARE, 35 + song.jitter(6))
            for i in range(16):
                song.drum(bar, i * 0.25, CLOSED_HAT, (80 if i % 2 == 0 else 50) + song.jitter(6))
            if last:
                tom_fill(song, bar, 3.0, 0.25)
        bassline(song, h, bars, [0, 0.75, 1.5, 2.5, 2.75, 3.5], velocity=100, length=0.2,
                 octave_jumps=0.3)
        stabs(song, h, bars, [0.5, 1.25, 2.5, 3.25], length=0.15, octave_base=60)
        melody(song, h, range(8, song.bars), [0, 0.75, 1.5, 3], velocity=90, rest_every=2)
    elif kind == "latin":
        song.programs = {9: 0, 0: rng.choice([32, 33]), 1: 0, 2: rng.choice([56, 73, 65])}
        clave = [[0, 1.5, 3], [1, 2]]            # son clave 3-2 over two bars
        for bar in bars:
            for pos in clave[bar % 2]:
                song.drum(bar, pos, CLAVES, 100 + song.jitter(6))
            for pos, key, vel in ((0, MUTE_CONGA, 70), (1, MUTE_CONGA, 60), (1.5, OPEN_CONGA, 95),
                                  (2, MUTE_CONGA, 70), (3, LOW_CONGA, 90), (3.5, OPEN_CONGA, 95)):
                song.drum(bar, pos, key, vel + song.jitter(8))
            for b in range(4):
                song.drum(bar, b, COWBELL, 75 + song.jitter(8))
            song.drum(bar, 1.5, KICK, 95 + song.jitter(6))         # bombo on the & of 2
            song.drum(bar, 3, KICK, 90 + song.jitter(6))
            for i in range(8):
                song.drum(bar, i * 0.5, SHAKER, 50 + song.jitter(10))
        # tumbao: anticipated bass on the & of 2 and on 4, tied over the barline
        for bar in bars:
            song.add(bar * 4 + 1.5, 0, h.pitch(h.degree(bar) + 4, 36), 95 + song.jitter(6), 1.4)
            song.add(bar * 4 + 3, 0, h.root(bar + 1, 36), 95 + song.jitter(6), 1.4)
        stabs(song, h, bars, [0.5, 1.5, 2, 3, 3.5], length=0.3, velocity=70)  # montuno
        melody(song, h, range(8, song.bars), [0, 1, 1.5, 2.5, 3], velocity=90)
    else:  # reggaeton / dembow
        song.programs = {9: rng.choice([25, 24]), 0: 38, 1: rng.choice([89, 46, 5]),
                         2: rng.choice([80, 84, 11])}
        for bar in bars:
            for b in range(4):
                song.drum(bar, b, KICK, 115 + song.jitter(5))
            for pos in (0.75, 1.5, 2.75, 3.5):
                song.drum(bar, pos, SNARE2, 100 + song.jitter(6))
            for i in range(8):
                song.drum(bar, i * 0.5, CLOSED_HAT, 60 + song.jitter(8))
        bassline(song, h, bars, [0, 0.75, 1.5, 2, 2.75, 3.5], length=0.3)
        pad(song, h, bars, velocity=55)
        melody(song, h, range(8, song.bars), [0, 0.75, 1.5, 2.5, 3.0], velocity=85)


def half_time(song):
    """Snare on beat 3 only (once a bar), hats in 16ths: the written quarter-note pulse
    is the label, though the backbeat feels like half of it."""
    rng = song.rng
    kind = rng.choice(["trap", "dubstep"])
    song.variant = kind
    song.programs = {9: 25 if kind == "trap" else 24, 0: rng.choice([38, 39]),
                     1: rng.choice([89, 91, 94, 48]), 2: rng.choice([9, 10, 80, 81])}
    h = Harmony(rng, mode=MINOR)
    kicks = rng.choice([[0, 0.75, 3.25], [0, 1.5, 2.75], [0, 0.5, 3.5]])
    for bar in range(song.bars):
        if bar < 2 and rng.random() < 0.7:     # a short intro with hats and pad only
            pass
        else:
            for pos in kicks:
                song.drum(bar, pos, KICK if kind == "dubstep" else KICK2, 115 + song.jitter(6))
            song.drum(bar, 2, SNARE if kind == "dubstep" else CLAP, 115 + song.jitter(5))
            if kind == "trap":
                song.drum(bar, 2, SNARE, 90)
        roll = kind == "trap" and bar % 2 == 1
        for i in range(16):
            pos = i * 0.25
            if roll and pos >= 3.5:
                continue
            song.drum(bar, pos, CLOSED_HAT, (85 if i % 4 == 0 else 70 if i % 2 == 0 else 55)
                      + song.jitter(6))
        if roll:                                   # 32nd-note hat roll into the bar line
            for j in range(4):
                song.drum(bar, 3.5 + j * 0.125, CLOSED_HAT, 60 + 8 * j)
        if kind == "dubstep" and bar % 4 == 3:
            song.drum(bar, 3.5, OPEN_HAT, 80)
    # bass follows the kick, sustained (808-like)
    for bar in range(2, song.bars):
        for i, pos in enumerate(kicks):
            nxt = kicks[i + 1] if i + 1 < len(kicks) else 4.0
            song.add(bar * 4 + pos, 0, h.root(bar, 36), 105 + song.jitter(5), nxt - pos)
    pad(song, h, range(song.bars), velocity=50)
    melody(song, h, range(4, song.bars), [0, 1, 1.5, 2.5, 3], velocity=75, octave_base=72)


def sparse_intro(song, intro_bars):
    """Pad or piano alone for intro_bars (8-16 s), then a pop groove enters."""
    rng = song.rng
    intro_piano = rng.random() < 0.5
    song.programs = {9: 0, 0: rng.choice([33, 34, 38]), 1: 0 if intro_piano else rng.choice([88, 89, 91, 94]),
                     2: rng.choice([73, 65, 81, 11]), 3: rng.choice([48, 4, 27])}
    h = Harmony(rng)
    song.variant = "piano intro" if intro_piano else "pad intro"
    for bar in range(song.bars):           # chords all song long: piano in half notes, or a pad
        if intro_piano:
            for pos in (0, 2):
                for p in h.chord(bar, 60, 3):
                    song.add(bar * 4 + pos, 1, p, (85 if pos == 0 else 72) + song.jitter(4), 2.0)
            song.add(bar * 4, 1, h.root(bar, 48), 85, 4.0)
        else:
            for p in h.chord(bar, 60, 3):
                song.add(bar * 4, 1, p, 80 + song.jitter(4), 4.0)
    groove = range(intro_bars, song.bars)
    for bar in groove:
        first, last = sections(song, bar - intro_bars)
        if first:
            song.drum(bar, 0, CRASH, 105)
        for pos in (0, 2, 2.5):
            song.drum(bar, pos, KICK, 108 + song.jitter(8))
        for pos in (1, 3):
            song.drum(bar, pos, SNARE, 105 + song.jitter(8))
        for i in range(8):
            if not (first and i == 0) and not (last and i >= 6):
                song.drum(bar, i * 0.5, CLOSED_HAT, 70 + (12 if i % 2 == 0 else 0) + song.jitter(6))
        if last:
            tom_fill(song, bar, 3.0, 0.25)
    bassline(song, h, groove, [0, 1, 2, 2.5, 3], velocity=92)
    stabs(song, h, groove, [0, 1, 2, 3], channel=3, length=0.5, velocity=55)
    melody(song, h, range(intro_bars + 4, song.bars), [0, 1, 1.5, 2, 3], velocity=85)


def ballad(song):
    rng = song.rng
    song.programs = {9: rng.choice([40, 41, 42]), 0: rng.choice([32, 33]), 1: rng.choice([48, 49, 89]),
                     2: rng.choice([73, 65, 68, 0]), 3: 0}
    h = Harmony(rng)
    for bar in range(song.bars):
        if bar < 2:
            continue                       # two bars of chords before the brushes
        song.drum(bar, 0, KICK, 60 + song.jitter(6))
        song.drum(bar, 2.5, KICK, 45 + song.jitter(6))
        for pos in (1, 3):
            song.drum(bar, pos, BRUSH_TAP, 70 + song.jitter(8))
        for pos in (0, 2):
            song.drum(bar, pos, BRUSH_SWIRL, 45 + song.jitter(6), 1.8)
        for i in range(8):
            song.drum(bar, i * 0.5, CLOSED_HAT, 30 + song.jitter(6))
    pad(song, h, range(song.bars), velocity=60, size=4)
    for bar in range(song.bars):          # bass half notes
        song.add(bar * 4, 0, h.root(bar, 36), 80 + song.jitter(6), 1.9)
        song.add(bar * 4 + 2, 0, h.pitch(h.degree(bar) + 4, 36), 70 + song.jitter(6), 1.9)
    # piano: broken chord in quarter notes, soft
    for bar in range(song.bars):
        tones = h.chord(bar, 60, 3)
        for i, p in enumerate([tones[0], tones[1], tones[2], tones[1]]):
            song.add(bar * 4 + i, 3, p, 50 + song.jitter(6), 1.0)
    melody(song, h, range(2, song.bars), [0, 1, 2, 2.5], velocity=80)


def dnb(song):
    rng = song.rng
    song.programs = {9: rng.choice([0, 24, 16]), 0: rng.choice([38, 39, 87]),
                     1: rng.choice([89, 94, 91]), 2: rng.choice([11, 4, 73, 80])}
    h = Harmony(rng, mode=MINOR, bars_per_chord=2)
    amen = rng.random() < 0.5
    song.variant = "amen" if amen else "two-step"
    for bar in range(song.bars):
        first, last = sections(song, bar)
        if first:
            song.drum(bar, 0, CRASH, 100)
        if amen:
            hits = [(0, KICK), (0.5, KICK), (1, SNARE), (1.75, SNARE), (2.25, SNARE),
                    (2.5, KICK), (2.75, KICK), (3, SNARE), (3.75, SNARE)]
        else:
            hits = [(0, KICK), (1, SNARE), (2.5, KICK), (3, SNARE)]
        for pos, key in hits:
            ghost = key == SNARE and pos != int(pos)
            song.drum(bar, pos, key, (50 if ghost else 112) + song.jitter(6))
        for i in range(8):
            song.drum(bar, i * 0.5, CLOSED_HAT if not last else RIDE, 65 + song.jitter(10))
        if last and not amen:
            tom_fill(song, bar, 3.5, 0.125)
    for bar in range(0, song.bars, 2):     # reese-like long bass notes
        song.add(bar * 4, 0, h.root(bar, 36), 100, 5.5)
        song.add(bar * 4 + 6, 0, h.pitch(h.degree(bar) + 4, 36), 95, 1.8)
    pad(song, h, range(song.bars), velocity=50)
    melody(song, h, range(8, song.bars), [0, 1.5, 3], velocity=70, rest_every=2, length=1.0)
