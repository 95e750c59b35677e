#!/usr/bin/env bash
# The end-to-end benchmark (`make bench`): gesture-playground against its peers on one
# headless Weston (10 on Debian 12, 14 on Debian 13) with the test module (Tests/WestonModule), driven by
# Benchmarks/EndToEnd/gp-bench. See BENCHMARKS.md for what is measured and how. On Weston 13
# and later (tablets) the clients on the cards scene are also dragged by a pen.
#
#   scripts/bench.sh [OUT-DIR]      (default .build/bench-e2e; results.md there)
#
# Environment:
#   BENCH_REPS=N              measured launches per client (default 8), after
#   BENCH_WARMUP=N            warm-up launches per client (default 1)
#   BENCH_CLIENTS="a b"       a subset of: gesture-playground gesture-playground-turning
#                             weston-simple-touch gtk4-drawingarea gtk4-gestures qt5-fingerpaint
#   BENCH_REPAINT_WINDOW=MS   run Weston with [core] repaint-window=MS (default: Weston's
#                             own, as in the peer figures of issue 6: about 40 Hz headless)
#   BENCH_REPAINT_ALWAYS=1    keep the output repainting every cycle and sweep each sequence's
#                             start over the cycle from launch to launch (default 0: the output
#                             idles between gestures, as in the figures so far)
#   BENCH_WIDTH, BENCH_HEIGHT output size (default 960x728: the cards scene's 960x640 and the
#                             app's 88 px strip, so the app shows the scene at scale 1 as
#                             the traces expect; every client gets that window)
#   BENCH_SCRATCH             swift build scratch path (default .build-bench-release)
#   BENCH_SWIFT_FLAGS         swift build flags of gesture-playground (default: the Makefile's
#                             RELEASE_FLAGS, the build `make run` and `make install` make)
#   BENCH_BASELINE=PATH       another gesture-playground binary (an earlier commit's release
#                             build) as one more client, `gesture-playground-baseline`, on the
#                             cards scene, interleaved with the others: a change measured
#                             against what it changes in one run
# Missing Debian packages are installed by scripts/install-deps.sh bench. Only the processes
# this script starts (its Weston and the clients gp-bench forks) are ever stopped.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=${1:-$ROOT/.build/bench-e2e}
REPS=${BENCH_REPS:-8}
WARMUP=${BENCH_WARMUP:-1}
WIDTH=${BENCH_WIDTH:-960}
HEIGHT=${BENCH_HEIGHT:-728}
SCRATCH=${BENCH_SCRATCH:-$ROOT/.build-bench-release}
SWIFT_FLAGS=${BENCH_SWIFT_FLAGS:--c release --static-swift-stdlib}
CLIENTS=${BENCH_CLIENTS:-gesture-playground gesture-playground-turning weston-simple-touch gtk4-drawingarea gtk4-gestures qt5-fingerpaint}

# ---- packages ------------------------------------------------------------------------
scripts/install-deps.sh bench >&2
FINGERPAINT=$(dpkg -L qtbase5-examples | grep '/fingerpaint/fingerpaint$' | head -1)
[ -x "$FINGERPAINT" ] || { echo "bench: no fingerpaint binary in qtbase5-examples" >&2; exit 1; }

# ---- builds --------------------------------------------------------------------------
make -s -C Tests/WestonModule >&2
make -s -C Benchmarks/EndToEnd >&2
# shellcheck disable=SC2086 # the flags are words
swift build $SWIFT_FLAGS --product gesture-playground --scratch-path "$SCRATCH" >&2
APP="$(swift build -c release --scratch-path "$SCRATCH" --show-bin-path)/gesture-playground"

# ---- Weston ----------------------------------------------------------------------------
mkdir -p "$OUT"
rm -f "$OUT"/trace-*.txt "$OUT"/*.log
RUNTIME=$(mktemp -d)   # 0700, as XDG_RUNTIME_DIR must be
SOCKET=gp-bench
WESTON_PID=
cleanup() {
  if [ -n "$WESTON_PID" ]; then
    kill "$WESTON_PID" 2>/dev/null || true
    wait "$WESTON_PID" 2>/dev/null || true
  fi
  rm -rf "$RUNTIME"
}
trap cleanup EXIT
config=(--no-config)
if [ -n "${BENCH_REPAINT_WINDOW:-}" ]; then
  printf '[core]\nrepaint-window=%s\n' "$BENCH_REPAINT_WINDOW" > "$RUNTIME/weston.ini"
  config=(--config="$RUNTIME/weston.ini")
fi
unset DISPLAY DBUS_SESSION_BUS_ADDRESS WAYLAND_SOCKET
export XDG_RUNTIME_DIR=$RUNTIME WAYLAND_DISPLAY=$SOCKET
# BENCH_REPAINT_ALWAYS=1: the output repaints every cycle (the module's
# GP_TEST_REPAINT_ALWAYS), as a desktop where something else moves does, and gp-bench sweeps
# each sequence's start over the repaint cycle from launch to launch. By default (0) the
# output idles between gestures, and the touch-down's commit restarts its cycle at the same
# phase in every launch (BENCHMARKS.md, session 24); the figures so far were taken that way.
export GP_TEST_REPAINT_ALWAYS=${BENCH_REPAINT_ALWAYS:-0}
weston --backend=headless-backend.so --use-pixman --shell=kiosk-shell.so --idle-time=0 \
  --width="$WIDTH" --height="$HEIGHT" --socket="$SOCKET" "${config[@]}" \
  --modules="$ROOT/Tests/WestonModule/build/gesture-playground-test.so" \
  > "$OUT/weston.log" 2>&1 &
WESTON_PID=$!
for _ in $(seq 500); do [ -S "$RUNTIME/$SOCKET" ] && break; sleep 0.01; done
[ -S "$RUNTIME/$SOCKET" ] || { echo "bench: Weston did not start (see $OUT/weston.log)" >&2; exit 1; }

# ---- the clients (NAME TARGET ENV COMMAND, tab-separated) --------------------------------
T=$'\t'
list="$OUT/clients.tsv"
: > "$list"
if [ -n "${BENCH_BASELINE:-}" ]; then
  [ -x "$BENCH_BASELINE" ] || { echo "bench: BENCH_BASELINE=$BENCH_BASELINE is not an executable" >&2; exit 2; }
  CLIENTS="$CLIENTS gesture-playground-baseline"
fi
for c in $CLIENTS; do
  case $c in
    gesture-playground-baseline) echo "gesture-playground-baseline${T}cards${T}-${T}$BENCH_BASELINE run --scene $ROOT/assets/scenes/cards.json" ;;
    gesture-playground)  echo "gesture-playground${T}cards${T}-${T}$APP run --scene $ROOT/assets/scenes/cards.json" ;;
    # The cards scene with a purple card that pinches and turns as well as pans
    # (Benchmarks/EndToEnd/bench-scene.json): the pinch-rotate scales and turns its layer.
    gesture-playground-turning) echo "gesture-playground-turning${T}cards${T}-${T}$APP run --scene $ROOT/Benchmarks/EndToEnd/bench-scene.json" ;;
    weston-simple-touch) echo "weston-simple-touch${T}centre${T}-${T}weston-simple-touch" ;;
    gtk4-drawingarea)    echo "gtk4-drawingarea${T}lower${T}GDK_BACKEND=wayland GSK_RENDERER=cairo${T}gtk4-demo --run=drawingarea" ;;
    gtk4-gestures)       echo "gtk4-gestures${T}centre${T}GDK_BACKEND=wayland GSK_RENDERER=cairo${T}gtk4-demo --run=gestures" ;;
    qt5-fingerpaint)     echo "qt5-fingerpaint${T}centre${T}QT_QPA_PLATFORM=wayland${T}$FINGERPAINT" ;;
    *) echo "bench: unknown client $c" >&2; exit 2 ;;
  esac >> "$list"
done

{
  echo "Weston $(weston --version 2>&1 | awk '{print $2}') headless (pixman, kiosk-shell), ${WIDTH}x${HEIGHT}," \
       "repaint-window ${BENCH_REPAINT_WINDOW:-default}; $(nproc) CPUs: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //');" \
       "load average before the run: $(cut -d' ' -f1-3 /proc/loadavg)."
  echo
} > "$OUT/header.md"
# A pen drag too where Weston has tablets (13 and later: Debian 13's 14): gp-bench --pen.
pen=()
weston_major=$(weston --version 2>&1 | awk '{print $2}' | cut -d. -f1)
if [ "${weston_major:-0}" -ge 13 ] 2> /dev/null; then pen=(--pen); fi
Benchmarks/EndToEnd/build/gp-bench --reps "$REPS" --warmup "$WARMUP" "${pen[@]}" --out "$OUT" "$list"
cat "$OUT/header.md" "$OUT/results.md" > "$OUT/report.md"
echo "bench: tables in $OUT/report.md, every launch in $OUT/runs.csv, raw traces in $OUT/trace-*.txt" >&2
