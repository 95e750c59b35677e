"""Writing supersampled pictures as 8-bit RGBA PNG files, in pure Python (zlib only).

Shared by the generators of the scene pictures (make-scene-images.py) and of the icon
(make-icon.py). Deterministic: the same function always gives the same file.
"""
import struct
import zlib


def supersampled_rows(width, height, premultiplied, n):
    """PNG scanlines (filter byte 0 each) for `premultiplied(x, y) -> (r*a, g*a, b*a, a)`,
    floats 0..1 sampled n x n times per pixel and averaged (colour un-premultiplied)."""
    rows = bytearray()
    for y in range(height):
        rows.append(0)
        for x in range(width):
            acc = [0.0, 0.0, 0.0, 0.0]
            for j in range(n):
                for i in range(n):
                    for k, v in enumerate(premultiplied(x + (i + 0.5) / n, y + (j + 0.5) / n)):
                        acc[k] += v
            a = acc[3] / (n * n)
            colour = [c / acc[3] for c in acc[:3]] if acc[3] > 0 else [0, 0, 0]
            rows.extend(max(0, min(255, round(v * 255))) for v in colour + [a])
    return rows


def write_png(path, width, height, rows):
    """Writes RGBA scanlines as a PNG file."""

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    png = b"\x89PNG\r\n\x1a\n"
    png += chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(bytes(rows), 9))
    png += chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(png)
