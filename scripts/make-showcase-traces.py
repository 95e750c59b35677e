#!/usr/bin/env python3
"""Writes the showcase traces of the recipe scenes
(Tests/PlaygroundTests/Fixtures/scenes/NAME.trace.jsonl): scripted fingers, 16 ms apart,
each ending on a frame that shows the scene's point. The expected logs (NAME.log.jsonl) are
made by replaying these and checked by hand; see the replay tests.

    python3 scripts/make-showcase-traces.py [NAME ...]
"""
import math
import os
import sys

OUT = os.path.join(os.path.dirname(__file__), "..", "Tests", "PlaygroundTests", "Fixtures", "scenes")
STEP = 0.016


class Trace:
    def __init__(self):
        self.lines = []
        self.t = 0.0

    def at(self, t):
        self.t = max(self.t, t)
        return self

    def frame(self, events):
        for kind, tid, x, y in events:
            if kind == "up":
                self.lines.append('{"t": %.3f, "type": "touch.up", "id": %d}' % (self.t, tid))
            else:
                self.lines.append(
                    '{"t": %.3f, "type": "touch.%s", "id": %d, "x": %.1f, "y": %.1f}' % (self.t, kind, tid, x, y))
        self.lines.append('{"t": %.3f, "type": "touch.frame"}' % self.t)

    def stroke(self, tid, points, lift=True):
        """One finger: down at points[0], a motion per later point, STEP apart, then up."""
        self.frame([("down", tid, *points[0])])
        for p in points[1:]:
            self.t += STEP
            self.frame([("motion", tid, *p)])
        if lift:
            self.t += STEP
            self.frame([("up", tid, 0, 0)])

    def tap(self, x, y, tid=0, hold=0.05):
        self.frame([("down", tid, x, y)])
        self.t += hold
        self.frame([("up", tid, 0, 0)])

    def write(self, name):
        with open(os.path.join(OUT, name + ".trace.jsonl"), "w") as f:
            f.write("\n".join(self.lines) + "\n")


def line(a, b, n):
    return [(a[0] + (b[0] - a[0]) * i / n, a[1] + (b[1] - a[1]) * i / n) for i in range(n + 1)]


def direct():
    # Grab the back card near its top left corner, 60 px left of and 35 px above its center
    # (240, 215), and drag it by (320, 220): it pops to the front and keeps the offset.
    t = Trace()
    t.stroke(0, line((160 + 20, 160 + 20), (180 + 320, 180 + 220), 8))
    return t


def photos():
    # Two fingers on the waves photo (center 520, 290): the centroid moves by (40, 20), the
    # fingers' distance grows from 100 to 150 and they turn by 30 degrees, all at once.
    t = Trace()
    n = 10
    for i in range(n + 1):
        f = i / n
        cx, cy = 520 + 40 * f, 290 + 20 * f
        r = 50 * (1 + 0.5 * f)
        a = math.radians(30 * f)
        p0 = (cx - r * math.cos(a), cy - r * math.sin(a))
        p1 = (cx + r * math.cos(a), cy + r * math.sin(a))
        kind = "down" if i == 0 else "motion"
        t.frame([(kind, 0, *p0), (kind, 1, *p1)])
        t.t += STEP
    t.frame([("up", 0, 0, 0), ("up", 1, 0, 0)])
    return t


def constrained():
    # Drag the knob (window center 154, 132) diagonally by (300, 150): it moves only along x.
    # Then drag the card (window center 250, 320) by (600, 400): it stops at the box's corner.
    t = Trace()
    t.stroke(0, line((154, 132), (454, 282), 8))
    t.t += 0.2
    t.stroke(1, line((250, 320), (850, 720), 10))
    return t


def hit_shapes():
    t = Trace()
    # 1. The disc's bounding-box corner (outside the circle): only the root view hears it.
    t.tap(95, 175)
    # 2. Inside the disc: its tap toggles the highlight.
    t.t += 0.5
    t.tap(210, 290)
    # 3. The flower's hole (its center, transparent): the card below is dragged instead.
    t.t += 0.5
    t.stroke(0, line((490, 250), (650, 330), 8))
    # 4. A petal of the flower (opaque): the flower is dragged down.
    t.t += 0.3
    t.stroke(1, line((547, 268), (547, 428), 8))
    return t


def multitouch():
    # Three fingers land one after another and move; the middle one lifts and a fourth lands.
    # The trace ends with fingers 0, 2 and 3 still down, so the last frame shows them.
    t = Trace()
    t.frame([("down", 0, 240, 300)])
    t.t += 0.1
    t.frame([("down", 1, 480, 200)])
    t.t += 0.1
    t.frame([("down", 2, 700, 340)])
    for i in range(1, 6):
        t.t += STEP
        t.frame([("motion", 0, 240 + 8 * i, 300 + 6 * i), ("motion", 2, 700 - 6 * i, 340 + 8 * i)])
    t.t += 0.1
    t.frame([("up", 1, 0, 0)])
    t.t += 0.1
    t.frame([("down", 3, 470, 500)])
    return t


def taps():
    t = Trace()
    # A single tap switches the lamp on once the double tap has failed (0.35 s later).
    t.tap(270, 310)
    # A double tap resets it (the single tap fails).
    t.t += 0.6
    t.tap(270, 310)
    t.t += 0.1
    t.tap(272, 312)
    # Another single tap switches it on again.
    t.t += 0.6
    t.tap(270, 310)
    # Two triple taps on the counter: it reads 2.
    for _ in range(2):
        t.t += 0.6
        for k in range(3):
            if k:
                t.t += 0.1
            t.tap(690, 310)
    return t


def swipe():
    t = Trace()
    # Throw north up and west left, then Reset: all four are back.
    t.stroke(0, line((480, 120), (480, 20), 4))
    t.t += 0.3
    t.stroke(0, line((210, 320), (90, 320), 4))
    t.t += 0.3
    t.tap(480, 320)
    # Throw east right and south down: they stay off screen.
    t.t += 0.5
    t.stroke(0, line((750, 320), (870, 320), 4))
    t.t += 0.3
    t.stroke(0, line((480, 480), (480, 600), 4))
    return t


def circles():
    t = Trace()
    # A straight stroke: "Not a circle".
    t.stroke(0, line((200, 400), (700, 250), 12))
    # A circle of radius 150 around (480, 320), drawn clockwise once round: "Circle!".
    t.t += 0.5
    pts = [(480 + 150 * math.cos(2 * math.pi * i / 24), 320 + 150 * math.sin(2 * math.pi * i / 24)) for i in range(25)]
    t.stroke(0, pts)
    return t


def scroll_drag():
    t = Trace()

    def pointer(*events):
        for e in events:
            t.lines.append(('{"t": %.3f, ' % t.t) + e + "}")
        t.lines.append('{"t": %.3f, "type": "pointer.frame"}' % t.t)

    # 1. A sideways flick that starts on item 3 (center 380, 100): its pull refuses a horizontal
    #    start, the strip scrolls 80 px, then coasts on with 625 px/s, decelerating.
    t.stroke(0, line((380, 100), (300, 106), 8))
    # 2. Once it stopped (offset about -392): a downward drag on item 6 pulls it onto the canvas.
    t.t = 3.0
    t.stroke(1, line((440, 90), (470, 400), 10))
    # 3. A long press on item 8, then sideways (which would scroll the strip) and down: pulled out.
    t.t = 4.0
    t.frame([("down", 2, 740, 100)])
    t.t = 4.6
    for p in line((740, 100), (700, 100), 2)[1:] + line((700, 100), (640, 420), 8)[1:]:
        t.frame([("motion", 2, *p)])
        t.t += STEP
    t.frame([("up", 2, 0, 0)])
    # 4. Three wheel steps down over the strip move its items 45 px left (a vertical wheel scrolls
    #    it sideways).
    t.t = 5.6
    pointer('"type": "pointer.enter", "x": 300.0, "y": 100.0')
    for _ in range(3):
        t.t += 0.05
        pointer('"type": "pointer.axis", "axis": "vertical", "value": 15.0, "source": "wheel", "discrete": 1')
    # 5. Two fingers on a touchpad move them 80 px back right, ending with an axis stop.
    t.t = 6.2
    for _ in range(4):
        t.t += STEP
        pointer('"type": "pointer.axis", "axis": "horizontal", "value": -20.0, "source": "finger"')
    t.t += STEP
    pointer('"type": "pointer.axis_stop", "axis": "horizontal"')
    return t


SCENES = {
    "direct": direct,
    "photos": photos,
    "constrained": constrained,
    "hit-shapes": hit_shapes,
    "multitouch": multitouch,
    "taps": taps,
    "swipe": swipe,
    "circles": circles,
    "scroll-drag": scroll_drag,
}

if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    for name in sys.argv[1:] or SCENES:
        SCENES[name]().write(name)
        print("wrote", name)
