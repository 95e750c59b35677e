#!/usr/bin/env bash
# `make test-debian13`: the README's `make test` on a fresh clone of this repository's HEAD,
# inside a Debian 13 (trixie) root made with debootstrap, so that every landing is proven on
# the current Debian as well as on the machine's own release.
#
#   scripts/test-debian13.sh [MAKE-ARGUMENT...]   default: test
#   e.g. scripts/test-debian13.sh test SWIFT_TEST_ARGS="--skip KWinEndToEndTests"
#
# - The root is made once and kept between runs in a cache outside the clone
#   (GP_DEBIAN13_ROOT, default ~/.cache/gesture-playground/debian13-trixie); a root whose
#   making was cut short is made again. debootstrap is installed if missing.
# - Inside it, `make test` installs what it needs itself (scripts/install-deps.sh knows
#   trixie's package names), as a user on a new Debian 13 machine would.
# - The Swift toolchain found on PATH is mounted at the same path (Swift is not a Debian
#   package). Swift packages are resolved on the host first; where git redirects GitHub to a
#   local folder (`git config --system --get-regexp insteadof`), that folder is mounted too,
#   read-only, and the same redirection is set inside.
# - /dev and /sys are bound recursively and made rslave, so that unmounting them, here or
#   inside, never touches the host's mounts. Everything is unmounted on exit.
# - The clone sits under /work in the root, readable by `nobody` (the sway suite runs there
#   as `nobody`, since sway refuses root).
#
# Needs root (debootstrap, chroot, mount). Exits with make's status inside the root, 1 when
# the root cannot be made or entered, 64 on a usage error.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$PWD
SUITE=trixie
ROOT=${GP_DEBIAN13_ROOT:-$HOME/.cache/gesture-playground/debian13-$SUITE}
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(test)

fail() { echo "test-debian13: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || fail "must run as root (debootstrap, chroot and mount need it)"
swift_bin=$(command -v swift) || fail "'swift' is not on PATH"
# The toolchain: the folder two levels above the real driver (…/usr/bin/swift-driver).
TOOLCHAIN=$(dirname "$(dirname "$(dirname "$(readlink -f "$swift_bin")")")")
[ -x "$TOOLCHAIN/usr/bin/swift" ] || fail "cannot find the Swift toolchain above $swift_bin"

# ---- the root ----------------------------------------------------------------------------
# What Swift 6 built for Debian 12 needs to run in trixie, and what `make test` needs before
# install-deps.sh can run (git for the clone, make, sudo-less apt as root).
ROOT_PACKAGES=git,make,gcc,g++,libc6-dev,binutils,libstdc++-14-dev,libcurl4t64,libxml2,libsqlite3-0,libncurses6,libedit2,zlib1g-dev,python3,ca-certificates,pkg-config

mirror() {
  # The machine's own Debian mirror, so that the root comes from where the host's packages do.
  local uri
  uri=$(grep -h -m1 '^URIs:' /etc/apt/sources.list.d/*.sources 2> /dev/null | awk '{print $2}' | head -1 || true)
  if [ -z "$uri" ]; then
    uri=$(grep -h -m1 '^deb ' /etc/apt/sources.list 2> /dev/null | awk '{print $2}' | head -1 || true)
  fi
  echo "${uri:-http://deb.debian.org/debian}"
}

if [ ! -f "$ROOT/.gesture-playground-root" ]; then
  command -v debootstrap > /dev/null 2>&1 || {
    echo "test-debian13: installing debootstrap"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap > /dev/null
  } || fail "cannot install debootstrap"
  rm -rf "$ROOT.partial"
  mkdir -p "$(dirname "$ROOT")"
  echo "test-debian13: making a Debian $SUITE root in $ROOT (a few minutes, once)"
  debootstrap --variant=minbase --include="$ROOT_PACKAGES" "$SUITE" "$ROOT.partial" "$(mirror)" \
    > "$ROOT.debootstrap.log" 2>&1 || fail "debootstrap failed; see $ROOT.debootstrap.log"
  # The host's apt settings (a mirror's quirks, no AppStream) carry over; not its sources.
  cp /etc/apt/apt.conf.d/99* "$ROOT.partial/etc/apt/apt.conf.d/" 2> /dev/null || true
  rm -rf "$ROOT"
  mv "$ROOT.partial" "$ROOT"
  touch "$ROOT/.gesture-playground-root"
fi
cp /etc/resolv.conf "$ROOT/etc/resolv.conf" 2> /dev/null || true

# ---- the clone, its packages resolved on the host ------------------------------------------
CLONE=/work/gesture-playground
rm -rf "$ROOT$CLONE"
mkdir -p "$ROOT/work"
chmod 755 "$ROOT/work"
git clone -q --no-hardlinks "$REPO" "$ROOT$CLONE"
git -C "$ROOT$CLONE" checkout -q "$(git -C "$REPO" rev-parse HEAD)"
(cd "$ROOT$CLONE" && "$swift_bin" package resolve > /dev/null) || fail "swift package resolve failed on the host"
chmod -R a+rX "$ROOT$CLONE"

# ---- mounts ------------------------------------------------------------------------------
mounted=()
cleanup() {
  local i
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
    umount -R "${mounted[i]}" 2> /dev/null || umount -R -l "${mounted[i]}" 2> /dev/null || true
  done
}
trap cleanup EXIT
bind() { # bind SOURCE TARGET [ro]
  mkdir -p "$2"
  mount --rbind "$1" "$2"
  mount --make-rslave "$2"
  mounted+=("$2")
  if [ "${3:-}" = ro ]; then mount -o remount,bind,ro "$2" 2> /dev/null || true; fi
}
mkdir -p "$ROOT/proc"
mount -t proc proc "$ROOT/proc"
mounted+=("$ROOT/proc")
bind /dev "$ROOT/dev"
bind /sys "$ROOT/sys"
bind "$TOOLCHAIN" "$ROOT$TOOLCHAIN" ro
mkdir -p "$ROOT/tmp" && chmod 1777 "$ROOT/tmp"

# git's redirections of GitHub to a local folder: the folder, and the same setting inside.
: > "$ROOT/etc/gitconfig"
while read -r key value; do
  [ -n "$key" ] || continue
  folder=${key#url.}
  folder=${folder%.insteadof}
  if [ -d "$folder" ]; then
    [ -d "$ROOT$folder" ] && mountpoint -q "$ROOT$folder" || bind "$folder" "$ROOT$folder" ro
  fi
  chroot "$ROOT" git config --system --add "$key" "$value"
done < <(git config --system --get-regexp insteadof 2> /dev/null || true)

# ---- make test inside ----------------------------------------------------------------------
echo "test-debian13: make ${targets[*]} in Debian $SUITE ($(cat "$ROOT/etc/debian_version")), $CLONE"
status=0
chroot "$ROOT" /usr/bin/env -i \
  PATH="$(dirname "$swift_bin"):/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
  HOME=/root LANG=C.UTF-8 TERM=dumb CI="${CI:-}" \
  bash -c "cd $CLONE && make $(printf '%q ' "${targets[@]}")" || status=$?
echo "test-debian13: make ${targets[*]} in Debian $SUITE exited $status"
exit $status
