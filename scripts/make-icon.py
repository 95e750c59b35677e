#!/usr/bin/env python3
"""Draws the app icon: three fanned cards (the colours of the cards scene) on the scene's dark
background, with a touch point on the front card.

Writes the same drawing twice, from one list of shapes:
  assets/icons/org.gestureplayground.GesturePlayground.svg   (scalable)
  assets/icons/org.gestureplayground.GesturePlayground.png   (256x256, 8-bit RGBA)

Pure Python (zlib only), 4x4 supersampling, deterministic: running it again reproduces the
committed files byte for byte.

    python3 scripts/make-icon.py [OUTPUT_DIR]   # default: assets/icons
"""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pngtools  # noqa: E402  (shared PNG writer, beside this script)

APP_ID = "org.gestureplayground.GesturePlayground"
SIZE = 256
BACKGROUND = "#1e2127"

# (kind, parameters, colour, opacity), back to front. Rounded rectangles are
# (cx, cy, width, height, corner radius, rotation in degrees clockwise); circles (cx, cy, r);
# rings (cx, cy, r, width).
SHAPES = []


def card(cx, cy, angle, colour):
    # A dark edge around each card keeps the overlapping cards apart.
    SHAPES.append(("rect", (cx, cy, 100, 136, 16, angle), BACKGROUND, 1.0))
    SHAPES.append(("rect", (cx, cy, 92, 128, 12, angle), colour, 1.0))


SHAPES.append(("rect", (128, 128, 232, 232, 52, 0), BACKGROUND, 1.0))
card(92, 136, -16, "#e06c75")
card(164, 136, 16, "#61afef")
card(128, 120, 0, "#98c379")
SHAPES.append(("ring", (140, 146, 34, 6), "#ffffff", 0.45))
SHAPES.append(("circle", (140, 146, 21), "#ffffff", 0.95))


def rgb(colour):
    return tuple(int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))


def inside(shape, x, y):
    kind, p, _, _ = shape
    if kind == "rect":
        cx, cy, w, h, r, angle = p
        a = math.radians(-angle)
        dx, dy = x - cx, y - cy
        lx = dx * math.cos(a) - dy * math.sin(a)
        ly = dx * math.sin(a) + dy * math.cos(a)
        qx = abs(lx) - (w / 2 - r)
        qy = abs(ly) - (h / 2 - r)
        outside = math.hypot(max(qx, 0), max(qy, 0))
        return outside + min(max(qx, qy), 0) - r <= 0
    if kind == "circle":
        cx, cy, r = p
        return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
    cx, cy, r, width = p
    return abs(math.hypot(x - cx, y - cy) - r) <= width / 2


def sample(x, y):
    """Premultiplied colour of one sample point."""
    r = g = b = a = 0.0
    for shape in SHAPES:
        if inside(shape, x, y):
            sr, sg, sb = rgb(shape[2])
            sa = shape[3]
            r, g, b, a = sr * sa + r * (1 - sa), sg * sa + g * (1 - sa), sb * sa + b * (1 - sa), sa + a * (1 - sa)
    return r, g, b, a


def write_png(path):
    pngtools.write_png(path, SIZE, SIZE, pngtools.supersampled_rows(SIZE, SIZE, sample, 4))


def write_svg(path):
    lines = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{SIZE}" height="{SIZE}" viewBox="0 0 {SIZE} {SIZE}">',
        "  <title>Gesture Playground</title>",
    ]
    for kind, p, colour, opacity in SHAPES:
        alpha = "" if opacity == 1.0 else f' opacity="{opacity:g}"'
        if kind == "rect":
            cx, cy, w, h, r, angle = p
            turn = f' transform="rotate({angle:g} {cx:g} {cy:g})"' if angle else ""
            lines.append(
                f'  <rect x="{cx - w / 2:g}" y="{cy - h / 2:g}" width="{w:g}" height="{h:g}" rx="{r:g}"'
                f' fill="{colour}"{alpha}{turn}/>'
            )
        elif kind == "circle":
            cx, cy, r = p
            lines.append(f'  <circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="{colour}"{alpha}/>')
        else:
            cx, cy, r, width = p
            lines.append(
                f'  <circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="none" stroke="{colour}"'
                f' stroke-width="{width:g}"{alpha}/>'
            )
    lines.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "assets", "icons")
    os.makedirs(out, exist_ok=True)
    write_svg(os.path.join(out, APP_ID + ".svg"))
    write_png(os.path.join(out, APP_ID + ".png"))


if __name__ == "__main__":
    main()
