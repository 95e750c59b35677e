#!/usr/bin/env bash
# Runs the playground on the desktop the user has:
# - a Wayland compositor ($WAYLAND_DISPLAY, or a wayland-0 socket): the window opens there;
# - otherwise an X11 display ($DISPLAY): Weston is started in an X11 window and the
#   playground runs inside it; closing the playground stops that Weston;
# - neither: says what is missing and exits 2.
# Usage: scripts/run.sh BINARY [ARGS...]
set -euo pipefail
bin=$1; shift

runtime=${XDG_RUNTIME_DIR:-}
socket=${WAYLAND_DISPLAY:-wayland-0}
case "$socket" in
  /*) path=$socket ;;
  *) path=${runtime:+$runtime/$socket} ;;
esac
if [ -n "$path" ] && [ -S "$path" ]; then
  exec "$bin" "$@"
fi

if [ -n "${DISPLAY:-}" ]; then
  if ! command -v weston > /dev/null 2>&1; then
    echo "run: no Wayland compositor, and weston (to nest one in X11) is not installed" >&2
    exit 2
  fi
  own_runtime=
  if [ -z "$runtime" ]; then
    runtime=$(mktemp -d /tmp/gesture-playground-runtime.XXXXXX)
    chmod 700 "$runtime"
    export XDG_RUNTIME_DIR=$runtime
    own_runtime=$runtime
  fi
  name=gesture-playground-$$
  echo "run: no Wayland compositor; starting Weston in an X11 window on $DISPLAY"
  weston --backend=x11-backend.so --width=1024 --height=700 --socket="$name" --idle-time=0 \
    > "$runtime/$name.log" 2>&1 &
  weston_pid=$!
  trap 'kill $weston_pid 2> /dev/null || true; wait $weston_pid 2> /dev/null || true; [ -z "$own_runtime" ] || rm -rf "$own_runtime"' EXIT
  for _ in $(seq 1 100); do
    [ -S "$runtime/$name" ] && break
    kill -0 $weston_pid 2> /dev/null || { echo "run: weston failed to start:" >&2; tail -5 "$runtime/$name.log" >&2; exit 2; }
    sleep 0.05
  done
  [ -S "$runtime/$name" ] || { echo "run: weston did not open its socket" >&2; exit 2; }
  WAYLAND_DISPLAY=$name "$bin" "$@"
  exit $?
fi

echo "run: no display to open a window on: neither a Wayland compositor (WAYLAND_DISPLAY, XDG_RUNTIME_DIR) nor X11 (DISPLAY) is running" >&2
exit 2
