#!/usr/bin/python3
"""Writes a screenshot of KWin's whole workspace at the outputs' native resolution as a PNG,
through KWin's D-Bus screenshot interface (org.kde.KWin.ScreenShot2.CaptureWorkspace; KWin
must run with KWIN_SCREENSHOT_NO_PERMISSION_CHECKS=1). For the end-to-end tests on KWin.

    kwin-screenshot.py BUS_ADDRESS OUT.png

Needs python3-dbus (Debian's /usr/bin/python3). The pixels KWin writes into the pipe are
QImage::Format_ARGB32_Premultiplied rows (format 6), BGRA in memory; the window content is
opaque, so premultiplication changes nothing the tests read."""
import os
import struct
import sys
import zlib

import dbus


def main():
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
        rows.append(b"\x00" + bytes(rgb))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows), 1))
    png += chunk(b"IEND", b"")
    with open(out + ".tmp", "wb") as f:
        f.write(png)
    os.replace(out + ".tmp", out)


main()
