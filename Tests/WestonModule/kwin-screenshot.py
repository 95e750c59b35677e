#!/usr/bin/python3
"""Writes a screenshot of KWin's whole workspace at the outputs' native resolution as a PNG,
through KWin's D-Bus screenshot interface (org.kde.KWin.ScreenShot2.CaptureWorkspace; KWin
must run with KWIN_SCREENSHOT_NO_PERMISSION_CHECKS=1). For the end-to-end tests on KWin.

    kwin-screenshot.py BUS_ADDRESS OUT.png
    kwin-screenshot.py --x11 DISPLAY OUT.png

The second form is for KWin 6 nested in an Xvfb screen of the output's device size (where
KWin composites with QPainter and has no screenshot plugin): the X screen read with `xwd`
(x11-apps), a ZPixmap of 32 bits per pixel.

Needs python3-dbus (Debian's /usr/bin/python3). The pixels KWin writes into the pipe are
QImage::Format_ARGB32_Premultiplied rows (format 6), BGRA in memory; the window content is
opaque, so premultiplication changes nothing the tests read."""
import os
import struct
import subprocess
import sys
import zlib



def write_png(out, width, height, rows):
    """rows: each row's RGB bytes."""
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    data = b"".join(b"\x00" + row for row in rows)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(data, 1))
    png += chunk(b"IEND", b"")
    with open(out + ".tmp", "wb") as f:
        f.write(png)
    os.replace(out + ".tmp", out)


def x11(display, out):
    xwd = subprocess.run(["xwd", "-display", display, "-root", "-silent"], capture_output=True)
    if xwd.returncode != 0:
        sys.exit("kwin-screenshot: xwd failed: %s" % xwd.stderr.decode(errors="replace").strip())
    data = xwd.stdout
    fields = struct.unpack(">25I", data[:100])
    header_size, _, pixmap_format, _, width, height = fields[:6]
    byte_order, bits_per_pixel, bytes_per_line = fields[7], fields[11], fields[12]
    ncolors = fields[19]
    if pixmap_format != 2 or bits_per_pixel != 32:
        sys.exit("kwin-screenshot: unexpected xwd image: format %d, %d bits per pixel" % (pixmap_format, bits_per_pixel))
    start = header_size + 12 * ncolors
    # LSBFirst: B, G, R, X in memory; MSBFirst: X, R, G, B (masks ff0000, ff00, ff).
    order = (2, 1, 0) if byte_order == 0 else (1, 2, 3)
    rows = []
    for y in range(height):
        row = data[start + y * bytes_per_line:start + y * bytes_per_line + width * 4]
        rgb = bytearray(width * 3)
        rgb[0::3] = row[order[0]::4]
        rgb[1::3] = row[order[1]::4]
        rgb[2::3] = row[order[2]::4]
        rows.append(bytes(rgb))
    write_png(out, width, height, rows)


def main():
    if sys.argv[1] == "--x11":
        x11(sys.argv[2], sys.argv[3])
        return
    import dbus

    address, out = sys.argv[1], sys.argv[2]
    bus = dbus.bus.BusConnection(address)
    proxy = bus.get_object("org.kde.KWin", "/org/kde/KWin/ScreenShot2")
    screenshot = dbus.Interface(proxy, "org.kde.KWin.ScreenShot2")
    read_end, write_end = os.pipe()
    result = screenshot.CaptureWorkspace({"native-resolution": True}, dbus.types.UnixFd(write_end))
    os.close(write_end)
    chunks = []
    while True:
        chunk = os.read(read_end, 1 << 20)
        if not chunk:
            break
        chunks.append(chunk)
    data = b"".join(chunks)
    width, height, stride = int(result["width"]), int(result["height"]), int(result["stride"])
    if int(result.get("format", 6)) not in (4, 5, 6) or len(data) < stride * height:
        sys.exit("kwin-screenshot: unexpected image: %s, %d bytes" % (dict(result), len(data)))
    rows = []
    for y in range(height):
        row = data[y * stride:y * stride + width * 4]
        rgb = bytearray(width * 3)
        rgb[0::3] = row[2::4]
        rgb[1::3] = row[1::4]
        rgb[2::3] = row[0::4]
        rows.append(bytes(rgb))
    write_png(out, width, height, rows)


main()
