#!/usr/bin/env bash
# Installs the Debian packages a task needs, only those that are missing.
#
#   scripts/install-deps.sh build   libraries the package builds against
#   scripts/install-deps.sh run     build + a Weston to nest in when only X11 is running
#   scripts/install-deps.sh bench   test + the peers `make bench` measures (GTK 4's and Qt 5's
#                                   examples, Qt's Wayland platform)
#   scripts/install-deps.sh test    build + Weston headless and its headers for the test module,
#                                   sway and grim (the sway headless test), desktop-file-utils
#                                   (the install test validates the desktop file), KWin headless
#                                   with its fake-input protocol, a session bus and python3-dbus
#                                   (the KWin tests: fractional scales, server-side decorations),
#                                   mutter with PipeWire, WirePlumber and GStreamer (the GNOME
#                                   tests: remote-desktop input, screen-cast screenshots), Xvfb,
#                                   x11-utils and x11-apps (make run's nested Weston on an X11
#                                   screen; KWin 6 nested in Xvfb, screenshots with xwd), and
#                                   WenQuanYi Micro Hei and Noto Color Emoji (Chinese characters
#                                   and colour emoji, which DejaVu lacks: the renderer's font
#                                   fallback tests)
#
# Works as root or through sudo. Swift itself is not a Debian package: it must be on PATH.
#
# Package names by release, from /etc/os-release (checked: Debian 12 bookworm and Debian 13
# trixie; the names are the same on Ubuntu 24.04 but for libweston):
#   libweston-N-dev   the release's Weston: 10 on Debian 12, 14 on Debian 13, 13 on Ubuntu
#                     24.04; on another Debian or Ubuntu release, the newest one apt knows.
# On a distribution without apt it installs nothing and says in one line what to install.
set -euo pipefail

# The release, for the names that differ between releases.
os_id=unknown
os_version=
os_like=
if [ -r /etc/os-release ]; then
  os_id=$(. /etc/os-release && echo "${ID:-unknown}")
  os_version=$(. /etc/os-release && echo "${VERSION_ID:-}")
  os_like=$(. /etc/os-release && echo "${ID_LIKE:-}")
fi
if ! command -v apt-get > /dev/null 2>&1 || ! command -v dpkg-query > /dev/null 2>&1; then
  case "$os_id $os_like" in
    *fedora*) hint="see README.md, Set-up on Fedora (dnf)" ;;
    *arch*) hint="see README.md, Set-up on Arch Linux (pacman)" ;;
    *) hint="see README.md, Set-up, for the libraries and tools to install" ;;
  esac
  echo "install-deps: $os_id ${os_version} has no apt; nothing installed: $hint" >&2
  exit 0
fi
libweston_dev() {
  case "$os_id:$os_version" in
    debian:12) echo libweston-10-dev ;;
    debian:13) echo libweston-14-dev ;;
    ubuntu:24.04) echo libweston-13-dev ;;
    *)
      # Another Debian or Ubuntu release: the newest libweston apt knows (the package lists
      # may need an update first).
      local newest
      newest=$(apt-cache search --names-only '^libweston-[0-9]+-dev$' 2> /dev/null | cut -d' ' -f1 | sort -V | tail -1)
      echo "${newest:-libweston-dev}"
      ;;
  esac
}

build=(pkg-config libwayland-dev wayland-protocols libxkbcommon-dev libcairo2-dev libharfbuzz-dev libfribidi-dev
  fonts-dejavu-core)
case "${1:-build}" in
  build) wanted=("${build[@]}") ;;
  run) wanted=("${build[@]}" weston) ;;
  test) wanted=("${build[@]}" weston "$(libweston_dev)" libpixman-1-dev make gcc sway grim desktop-file-utils
    kwin-wayland kwin-style-breeze plasma-wayland-protocols libwayland-bin dbus-daemon python3-dbus
    mutter pipewire wireplumber gstreamer1.0-tools gstreamer1.0-plugins-good gstreamer1.0-pipewire
    python3-gi xvfb x11-utils x11-apps fonts-wqy-microhei fonts-noto-color-emoji valgrind binutils) ;;
  bench) wanted=("${build[@]}" weston "$(libweston_dev)" libpixman-1-dev make gcc gtk-4-examples qtbase5-examples
    qtwayland5) ;;
  *) echo "install-deps: unknown set '$1' (expected build, run, test or bench)" >&2; exit 64 ;;
esac

if ! command -v swift > /dev/null 2>&1; then
  echo "install-deps: 'swift' is not on PATH; install Swift 6 from swift.org (it is not a Debian package)" >&2
  exit 1
fi

missing=()
for pkg in "${wanted[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$pkg" 2> /dev/null || true)
  [ "$status" = "install ok installed" ] || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
  sudo=()
elif command -v sudo > /dev/null 2>&1; then
  sudo=(sudo)
else
  echo "install-deps: missing packages: ${missing[*]}; run as root or install sudo" >&2
  exit 1
fi
echo "install-deps: installing ${missing[*]}"
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" > /dev/null
