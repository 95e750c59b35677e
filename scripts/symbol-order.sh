#!/usr/bin/env bash
# The release build's function order: the functions a session runs, placed together.
#
#   scripts/symbol-order.sh write   rewrites scripts/release-symbol-order.txt (make symbol-order)
#   scripts/symbol-order.sh check   fails when the session runs more than CHECK_LIMIT_KB of
#                                   code the file does not list (make test)
#
# Why: the kernel maps a program's code in 64 KB blocks around each page it runs
# (fault-around), and the linker lays functions out by source file, so the 0.75 MB a session
# runs was spread over 4.7 MB of the 10 MB of code, all of it counted in the process's memory.
# lld puts the functions this file lists first, in its order (`--symbol-ordering-file`; the
# Makefile's ORDER_FLAGS, with `-function-sections` so that each of the app's functions can be
# moved): 1.5 MiB less peak memory in the cards scene (BENCHMARKS.md, session 39). A stale
# file only costs memory: names it lists that the program lacks are skipped.
#
# The session: the release build (SWIFT_FLAGS, the Makefile's RELEASE_FLAGS) under
# valgrind's callgrind on a headless Weston 10 or later with the test module: the cards scene
# started, a card dragged with a finger and one with the mouse, the photos scene pinched and
# turned with two fingers, the cards scene again, Ctrl+Q. Every function of the program's
# own file that callgrind saw run, by its symbol name, sorted, is the file.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
MODE=${1:-check}
ORDER=$ROOT/scripts/release-symbol-order.txt
CHECK_LIMIT_KB=${CHECK_LIMIT_KB:-24}
SWIFT_FLAGS=${SWIFT_FLAGS:--c release --static-swift-stdlib}
case $MODE in write | check) ;; *) echo "symbol-order: unknown mode '$MODE' (write or check)" >&2; exit 64 ;; esac

scripts/install-deps.sh test >&2
command -v valgrind > /dev/null || { echo "symbol-order: valgrind is missing (apt-get install valgrind)" >&2; exit 1; }
make -s -C Tests/WestonModule >&2
# shellcheck disable=SC2086 # the flags are words
swift build $SWIFT_FLAGS --product gesture-playground >&2
BIN="$(swift build -c release --show-bin-path)/gesture-playground"

WORK=$(mktemp -d)
WESTON_PID=
APP_PID=
cleanup() {
  for pid in $APP_PID $WESTON_PID; do
    kill "$pid" 2> /dev/null || true
    wait "$pid" 2> /dev/null || true
  done
  rm -rf "$WORK"
}
trap cleanup EXIT
# valgrind 3.19 (Debian 12) cannot read Swift 6's DWARF 5: the symbol table is enough.
objcopy --strip-debug "$BIN" "$WORK/gesture-playground"

mkdir -m 700 "$WORK/runtime"
unset DISPLAY DBUS_SESSION_BUS_ADDRESS WAYLAND_SOCKET
export XDG_RUNTIME_DIR=$WORK/runtime WAYLAND_DISPLAY=gp-order
weston --backend=headless-backend.so --use-pixman --shell=kiosk-shell.so --idle-time=0 \
  --width=960 --height=728 --socket=gp-order --no-config \
  --modules="$ROOT/Tests/WestonModule/build/gesture-playground-test.so" > "$WORK/weston.log" 2>&1 &
WESTON_PID=$!
for _ in $(seq 500); do [ -S "$WORK/runtime/gp-order" ] && break; sleep 0.01; done
[ -S "$WORK/runtime/gp-order" ] || { echo "symbol-order: Weston did not start: $(tail -1 "$WORK/weston.log")" >&2; exit 1; }

valgrind --tool=callgrind --demangle=no --dump-instr=no --compress-strings=no \
  --callgrind-out-file="$WORK/callgrind.out" "$WORK/gesture-playground" run --scene cards \
  > "$WORK/app.log" 2>&1 &
APP_PID=$!
python3 - "$WORK/session.txt" << 'PY'
import math, sys
lines = ["timeout 120000", "wait-window", "wait-repaint"]
def touch(frames):  # one 120 Hz frame each: a list of (down|motion|up, id, x, y)
    for n, frame in enumerate(frames):
        for kind, finger, x, y in frame:
            lines.append(f"sequence-touch {n} {kind} {finger}" + ("" if kind == "up" else f" {x:.1f} {y:.1f}"))
    lines.extend(["sequence-play 8.333", "wait-repaint"])
# A finger drags the red card right and back.
frames = [[("down", 0, 170, 240)]]
frames += [[("motion", 0, 170 + 3 * (i if i < 60 else 120 - i), 240 + i % 30)] for i in range(1, 120)]
touch(frames + [[("up", 0, 0, 0)]])
# The mouse drags the green card.
lines += ["pointer-motion 320 300", "pointer-frame", "pointer-button left pressed", "pointer-frame"]
for i in range(1, 60):
    lines += [f"pointer-motion {320 + 2 * i} {300 + i}", "pointer-frame"]
lines += ["pointer-button left released", "pointer-frame", "wait-repaint"]
# The photos scene (key 3): two fingers pinch and turn the first photo.
lines += ["key 4 pressed", "key 4 released", "wait-repaint", "wait-repaint"]
frames = [[("down", 0, 170, 200), ("down", 1, 250, 200)]]
for i in range(1, 100):
    a, r = 0.01 * i, 40 + i * 0.6
    frames.append([("motion", 0, 210 - r * math.cos(a), 200 - r * math.sin(a)),
                   ("motion", 1, 210 + r * math.cos(a), 200 + r * math.sin(a))])
touch(frames + [[("up", 0, 0, 0), ("up", 1, 0, 0)]])
# Back to the cards (key 1), then Ctrl+Q.
lines += ["key 2 pressed", "key 2 released", "wait-repaint", "wait-repaint"]
lines += ["key 29 pressed", "key 16 pressed", "key 16 released", "key 29 released"]
open(sys.argv[1], "w").write("\n".join(lines) + "\n")
PY
Tests/WestonModule/build/gp-inject < "$WORK/session.txt" > "$WORK/inject.log" 2>&1 ||
  { echo "symbol-order: the session failed: $(grep -m1 error "$WORK/inject.log")" >&2; exit 1; }
status=0
wait "$APP_PID" || status=$?
APP_PID=
[ "$status" -eq 0 ] || { echo "symbol-order: the app exited with status $status: $(tail -1 "$WORK/app.log")" >&2; exit 1; }

# The functions of the program's own file that ran (callgrind's `ob=` is the file, `fn=` the
# function; a name valgrind made unique ends in 'N) and their sizes from the symbol table.
nm -S --defined-only "$WORK/gesture-playground" > "$WORK/symbols.txt"
linked_in_order=no
case " $SWIFT_FLAGS " in *" --symbol-ordering-file="*) linked_in_order=yes ;; esac
python3 - "$MODE" "$WORK/callgrind.out" "$WORK/symbols.txt" "$ORDER" "$CHECK_LIMIT_KB" "$linked_in_order" << 'PY'
import os, sys
mode, profile, symbols, order, limit_kb, linked_in_order = sys.argv[1:]
sizes, addresses = {}, {}
for line in open(symbols):
    parts = line.split()
    if len(parts) == 4 and parts[2] in "tTwW":
        sizes[parts[3]] = max(sizes.get(parts[3], 0), int(parts[1], 16))
        addresses[parts[3]] = int(parts[0], 16)
ran, ours = set(), False
for line in open(profile, errors="replace"):
    if line.startswith("ob="):
        ours = line.rstrip("\n").endswith("/gesture-playground")
    elif line.startswith("fn=") and ours:
        name = line[3:].rstrip("\n").split("'")[0]
        if name in sizes:
            ran.add(name)
if len(ran) < 500:
    sys.exit(f"symbol-order: only {len(ran)} functions ran; is the session right?")
if mode == "write":
    temporary = order + ".tmp"
    with open(temporary, "w") as out:
        out.write("".join(name + "\n" for name in sorted(ran)))
    os.replace(temporary, order)
    print(f"symbol-order: {len(ran)} functions, {sum(sizes[n] for n in ran) // 1024} KB, in {order}")
else:
    listed = set(open(order).read().split())
    missing = sorted(ran - listed, key=lambda n: -sizes[n])
    kb = sum(sizes[n] for n in missing) / 1024
    print(f"symbol-order: {len(ran)} functions ran, {len(missing)} of them ({kb:.1f} KB) not in {os.path.basename(order)}")
    if kb > float(limit_kb):
        print("  the largest: " + ", ".join(missing[:5]))
        sys.exit(f"symbol-order: more than {limit_kb} KB of the code the session runs is not ordered; run `make symbol-order`")
    if linked_in_order == "yes":
        # Each of the app's own functions has a section of its own, so the listed ones must
        # come out together, with none of the others between them.
        own = ("$s10GestureKit", "$s10Playground", "$s14WaylandBackend", "$s13CairoRenderer")
        first_listed = min(addresses[n] for n in listed if n in addresses and n.startswith(own))
        last_listed = max(addresses[n] for n in listed if n in addresses and n.startswith(own))
        between = [n for n in addresses if n.startswith(own) and n not in listed
                   and first_listed <= addresses[n] <= last_listed]
        print(f"symbol-order: {len(between)} of the app's other functions lie among its listed ones")
        if len(between) > 20:
            sys.exit("symbol-order: the release build did not lay the listed functions out together: its objects were "
                     "built without -function-sections (a release build from before ORDER_FLAGS: remove "
                     ".build/*/release and run again)")
PY
if [ "$MODE" = write ]; then
  # The next release build links again with the new order.
  rm -f "$BIN"
fi
