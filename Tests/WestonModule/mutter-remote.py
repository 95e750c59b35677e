#!/usr/bin/python3
"""Drives mutter (GNOME's compositor, headless) for the end-to-end tests: input through its
remote-desktop D-Bus interface, screenshots through a screen cast of the monitor Meta-0 (one
frame of its PipeWire stream, through gst-launch-1.0). Commands on standard input, one per
line, each answered "ok COMMAND" on standard output once done:

    motion X Y                  pointer to (X, Y) in the screen cast stream's pixels: the
                                monitor's device pixels (logical pixels at scale 1, as the
                                tests run it; at 125 % with GNOME's fractional scaling, 200
                                moves 160 logical pixels)
    button CODE pressed|released   (evdev: 272 is the left button)
    key CODE pressed|released      (evdev key code)
    scroll AXIS CLICKS          a wheel's clicks (axis 0 vertical, 1 horizontal; down/right > 0)
    wheel DX DY                 a high-resolution wheel's motion, 10 a whole click (dy = 1.25:
                                an eighth of a click down)
    wait MS
    shot PATH.png               the monitor, as a PNG

Needs DBUS_SESSION_BUS_ADDRESS (mutter's bus), python3-dbus and python3-gi, PipeWire and
WirePlumber running. mutter creates each virtual device on its first event and drops that
event: a Shift press and release and a pointer move to (0, 0) are sent first."""
import os
import subprocess
import sys
import time

import dbus
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

DBusGMainLoop(set_as_default=True)
bus = dbus.bus.BusConnection(os.environ["DBUS_SESSION_BUS_ADDRESS"])
REMOTE = "org.gnome.Mutter.RemoteDesktop"
CAST = "org.gnome.Mutter.ScreenCast"
remote = dbus.Interface(bus.get_object(REMOTE, "/org/gnome/Mutter/RemoteDesktop"), REMOTE)
session_path = remote.CreateSession()
session_object = bus.get_object(REMOTE, session_path)
session = dbus.Interface(session_object, REMOTE + ".Session")
session_id = session_object.Get(REMOTE + ".Session", "SessionId", dbus_interface="org.freedesktop.DBus.Properties")
cast = dbus.Interface(bus.get_object(CAST, "/org/gnome/Mutter/ScreenCast"), CAST)
cast_session = dbus.Interface(
    bus.get_object(CAST, cast.CreateSession({"remote-desktop-session-id": session_id})), CAST + ".Session")
stream = cast_session.RecordMonitor("Meta-0", {})
node = {}
loop = GLib.MainLoop()


def added(node_id):
    node["id"] = int(node_id)
    loop.quit()


bus.add_signal_receiver(added, signal_name="PipeWireStreamAdded", dbus_interface=CAST + ".Stream", path=stream)
session.Start()
GLib.timeout_add(10000, loop.quit)
loop.run()
if "id" not in node:
    sys.exit("mutter-remote: the screen cast never started")
# The throwaway events that create the virtual devices.
session.NotifyKeyboardKeycode(42, True)
session.NotifyKeyboardKeycode(42, False)
session.NotifyPointerMotionAbsolute(stream, 0.0, 0.0)
time.sleep(0.3)
print("ready", flush=True)

for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    command = words[0]
    if command == "motion":
        session.NotifyPointerMotionAbsolute(stream, float(words[1]), float(words[2]))
    elif command == "button":
        session.NotifyPointerButton(int(words[1]), words[2] == "pressed")
    elif command == "scroll":
        # A wheel's clicks: the axis (0 vertical, 1 horizontal), the clicks (down/right > 0).
        session.NotifyPointerAxisDiscrete(dbus.UInt32(int(words[1])), dbus.Int32(int(words[2])))
    elif command == "wheel":
        # NotifyPointerAxis with flag 2 (source_wheel): a smooth wheel event, 10.0 a click, which
        # mutter sends a version 8 client as axis_value120 (dy * 12) and axis (dy).
        session.NotifyPointerAxis(float(words[1]), float(words[2]), dbus.UInt32(2))
    elif command == "key":
        session.NotifyKeyboardKeycode(int(words[1]), words[2] == "pressed")
    elif command == "wait":
        time.sleep(int(words[1]) / 1000)
    elif command == "shot":
        subprocess.run(
            ["gst-launch-1.0", "-q", "pipewiresrc", "path=%d" % node["id"], "num-buffers=1", "!", "videoconvert",
             "!", "pngenc", "!", "filesink", "location=" + words[1]], check=True, timeout=30)
    else:
        print("error unknown command: " + line.strip(), flush=True)
        continue
    print("ok " + command, flush=True)
