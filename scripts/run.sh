#!/usr/bin/env bash
# Runs the playground on the desktop the user has:
# - a Wayland compositor ($WAYLAND_DISPLAY, or a wayland-0 socket): the window opens there;
# - otherwise an X11 display ($DISPLAY): Weston is started in an X11 window and the
#   playground runs inside it; closing the playground stops that Weston;
# - neither: says what is missing and exits 2.
# Usage: scripts/run.sh BINARY [ARGS...]
set -euo pipefail
bin=$1; shift

# The desktop names a window by the desktop file of its app id (GNOME's top bar, task
# switchers): when the app is not installed, one for this user points at this build. A file
# that `make install` wrote is left alone; one this script wrote is kept up to date.
app_id=org.gestureplayground.GesturePlayground
root=$(cd "$(dirname "$0")/.." && pwd)
applications=
if [ -n "${XDG_DATA_HOME:-}" ]; then
  applications=$XDG_DATA_HOME/applications
elif [ -n "${HOME:-}" ]; then
  applications=$HOME/.local/share/applications
fi
desktop=$applications/$app_id.desktop
if [ -n "$applications" ] && { [ ! -e "$desktop" ] || grep -q '^X-GesturePlayground-Written-By=make run$' "$desktop"; }; then
  absolute_bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
  case "$absolute_bin$root" in
    *[[:space:]\\\"\'\$\`%\|]*) ;;  # a path the Exec and Icon keys cannot name plainly: skipped
    *)
      if mkdir -p "$applications" 2> /dev/null; then
        sed -e "s|^Exec=.*|Exec=$absolute_bin|" \
          -e "s|^Icon=.*|Icon=$root/assets/icons/$app_id.png|" \
          "$root/assets/$app_id.desktop" > "$desktop.tmp" 2> /dev/null \
          && echo "X-GesturePlayground-Written-By=make run" >> "$desktop.tmp" \
          && mv "$desktop.tmp" "$desktop" || rm -f "$desktop.tmp"
      fi
      ;;
  esac
fi

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
  # The nested Weston takes most of the X screen: its width less 10 %, its height less 120 px
  # (the X desktop's panels and Weston's own X11 window frame). The screen's size comes from
  # xdpyinfo, xwininfo or xrandr, whichever is installed; 1024x700 without any of them.
  # (awk stops reading early: the pipes' status is ignored, as set -o pipefail would fail.)
  screen=$(xdpyinfo 2> /dev/null | awk '/dimensions:/ { print $2; exit }' || true)
  [ -n "$screen" ] || screen=$(xwininfo -root 2> /dev/null | awk '/-geometry/ { sub(/[+-].*/, "", $2); print $2; exit }' || true)
  [ -n "$screen" ] || screen=$(xrandr --current 2> /dev/null | awk '/ current / { for (i = 1; i < NF; i++) if ($i == "current") { print $(i+1) "x" $(i+3); exit } }' | tr -d , || true)
  width=1024 height=700
  if [[ "$screen" =~ ^([0-9]+)x([0-9]+)$ ]]; then
    width=$(( BASH_REMATCH[1] * 9 / 10 ))
    height=$(( BASH_REMATCH[2] - 120 ))
    [ "$width" -ge 320 ] || width=320
    [ "$height" -ge 240 ] || height=240
  fi
  echo "run: no Wayland compositor; starting a ${width}x${height} Weston in an X11 window on $DISPLAY"
  weston --backend=x11-backend.so --width="$width" --height="$height" --socket="$name" --idle-time=0 \
    > "$runtime/$name.log" 2>&1 &
  weston_pid=$!
  trap 'kill $weston_pid 2> /dev/null || true; wait $weston_pid 2> /dev/null || true; [ -z "$own_runtime" ] || rm -rf "$own_runtime"' EXIT
  for _ in $(seq 1 100); do
    [ -S "$runtime/$name" ] && break
    kill -0 $weston_pid 2> /dev/null || { echo "run: weston failed to start:" >&2; tail -5 "$runtime/$name.log" >&2; exit 2; }
    sleep 0.05
  done
  [ -S "$runtime/$name" ] || { echo "run: weston did not open its socket" >&2; exit 2; }
  # Weston places a new window below its panel only once the panel is up: a window opened
  # before that sits under the panel, its title bar's buttons out of reach (seen on Weston 10
  # and 14 with a shell that is slow to start). The panel is up when weston-desktop-shell,
  # Weston's own client, has asked for it and waits in its event loop (its kernel wait
  # channel, /proc/PID/wchan, is do_epoll_wait, or ep_poll on older kernels; during its
  # start-up it waits in poll instead).
  # - The shell is given 15 s: a busy machine's first start (cold font and shader caches) can
  #   take seconds, and the loop ends as soon as the shell waits.
  # - No weston-desktop-shell 2 s after the socket (another shell, from weston.ini), or a
  #   kernel that hides wait channels (the shell sleeps, its wait channel reads 0, three times
  #   in a row): 2 s at most, as before.
  shell= hidden=0
  for step in $(seq 1 300); do
    [ -n "$shell" ] || shell=$(pgrep -P $weston_pid -f weston-desktop-shell 2> /dev/null | head -1 || true)
    if [ -n "$shell" ]; then
      wchan=$(cat /proc/"$shell"/wchan 2> /dev/null) || break  # the shell has gone
      case "$wchan" in do_epoll_wait | ep_poll) break ;; esac
      state=$(awk '{ print $3 }' /proc/"$shell"/stat 2> /dev/null || true)
      if [ "$wchan" = 0 ] && [ "$state" = S ]; then hidden=$((hidden + 1)); else hidden=0; fi
      [ "$hidden" -lt 3 ] || [ "$step" -lt 40 ] || break
    elif [ "$step" -ge 40 ]; then
      break
    fi
    kill -0 $weston_pid 2> /dev/null || { echo "run: weston stopped:" >&2; tail -5 "$runtime/$name.log" >&2; exit 2; }
    sleep 0.05
  done
  WAYLAND_DISPLAY=$name "$bin" "$@"
  exit $?
fi

echo "run: no display to open a window on: neither a Wayland compositor (WAYLAND_DISPLAY, XDG_RUNTIME_DIR) nor X11 (DISPLAY) is running" >&2
exit 2
