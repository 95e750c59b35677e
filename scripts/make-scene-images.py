#!/usr/bin/env python3
"""Generates the procedural pictures the playground's scenes show (assets/images/*.png).

Pure Python (zlib only): each picture is a function from pixel coordinates to RGBA,
supersampled 3x3 for smooth edges, written as an 8-bit RGBA PNG. Deterministic, so running
it again reproduces the committed files byte for byte.

    python3 scripts/make-scene-images.py [OUTPUT_DIR]   # default: assets/images
"""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pngtools  # noqa: E402  (shared PNG writer, beside this script)


def write_png(path, width, height, pixel):
    """Writes `pixel(x, y) -> (r, g, b, a)` (floats 0..1, x and y in pixel units) as a PNG,
    supersampled 3x3."""

    def premultiplied(x, y):
        r, g, b, a = pixel(x, y)
        return r * a, g * a, b * a, a

    pngtools.write_png(path, width, height, pngtools.supersampled_rows(width, height, premultiplied, 3))


def mix(a, b, t):
    return tuple(x + (y - x) * t for x, y in zip(a, b))


def hexcolor(h):
    return tuple(int(h[i : i + 2], 16) / 255 for i in (1, 3, 5))


def sunset(w, h):
    """A sky gradient, a sun, and two layers of hills."""
    top, bottom = hexcolor("#2b2d6e"), hexcolor("#f6a35c")
    sun = hexcolor("#ffe08a")
    far, near = hexcolor("#6b3f69"), hexcolor("#2e1f3d")

    def pixel(x, y):
        c = mix(top, bottom, y / h)
        d = math.hypot(x - w * 0.62, y - h * 0.58)
        if d < h * 0.2:
            c = sun
        elif d < h * 0.32:
            c = mix(sun, c, (d - h * 0.2) / (h * 0.12) * 0.5 + 0.5)
        if y > h * (0.68 + 0.07 * math.sin(x / w * 5.0 + 1.0)):
            c = far
        if y > h * (0.8 + 0.05 * math.sin(x / w * 9.0 + 2.5)):
            c = near
        return c + (1.0,)

    return pixel


def waves(w, h):
    """Sea stripes under a pale sky, with a small sail."""
    sky, sea1, sea2 = hexcolor("#bfe3f2"), hexcolor("#2a7fb8"), hexcolor("#1d5b8a")
    sail, boat = hexcolor("#ffffff"), hexcolor("#c0504d")

    def pixel(x, y):
        horizon = h * 0.45
        if y < horizon:
            c = mix(sky, hexcolor("#eaf6fb"), y / horizon)
        else:
            band = math.sin((y - horizon) / 9.0 + math.sin(x / 23.0) * 1.4)
            c = mix(sea1, sea2, 0.5 + 0.5 * band)
        # sail: a triangle above a hull
        bx, by = w * 0.35, horizon + 6
        if by - 60 < y < by and bx < x < bx + (y - (by - 60)) * 0.7:
            c = sail
        if by <= y < by + 12 and bx - 20 + (y - by) < x < bx + 60 - (y - by):
            c = boat
        return c + (1.0,)

    return pixel


def bloom(w, h):
    """A flower of overlapping petals on a soft green ground."""
    ground1, ground2 = hexcolor("#2f4f3a"), hexcolor("#5f8f5a")
    petal, heart = hexcolor("#f28db2"), hexcolor("#f7d154")
    cx, cy = w / 2, h / 2

    def pixel(x, y):
        c = mix(ground1, ground2, 0.5 + 0.5 * math.sin(x / 17.0) * math.cos(y / 13.0))
        dx, dy = x - cx, y - cy
        r = math.hypot(dx, dy)
        a = math.atan2(dy, dx)
        edge = h * 0.36 * (0.55 + 0.45 * abs(math.cos(a * 3)))
        if r < edge:
            c = mix(petal, hexcolor("#ffffff"), 0.35 * (1 - r / edge))
        if r < h * 0.1:
            c = heart
        return c + (1.0,)

    return pixel


def blob(w, h):
    """An irregular star-like blob on a transparent ground, with a hole: only its opaque
    pixels should take touches (hitTest "alpha")."""
    inside, rim = hexcolor("#56b6c2"), hexcolor("#e5c07b")
    cx, cy = w / 2, h / 2

    def pixel(x, y):
        dx, dy = x - cx, y - cy
        r = math.hypot(dx, dy)
        a = math.atan2(dy, dx)
        edge = w * 0.28 + w * 0.17 * math.sin(5 * a) + w * 0.04 * math.sin(11 * a + 1.0)
        if r > edge or r < w * 0.09:
            return (0.0, 0.0, 0.0, 0.0)
        if r > edge - 6:
            return rim + (1.0,)
        return mix(inside, hexcolor("#ffffff"), 0.3 * (1 - r / edge)) + (1.0,)

    return pixel


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "assets", "images")
    os.makedirs(out, exist_ok=True)
    for name, maker, (w, h) in [
        ("sunset", sunset, (240, 180)),
        ("waves", waves, (240, 180)),
        ("bloom", bloom, (200, 200)),
        ("blob", blob, (220, 220)),
    ]:
        write_png(os.path.join(out, name + ".png"), w, h, maker(w, h))
        print("wrote", os.path.join(out, name + ".png"))


if __name__ == "__main__":
    main()
