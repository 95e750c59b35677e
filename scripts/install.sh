#!/usr/bin/env bash
# Installs (or removes) the playground under a prefix, as `make install` / `make uninstall` do:
#
#   scripts/install.sh BINARY PREFIX        install BINARY and the runtime files
#   scripts/install.sh --uninstall PREFIX   remove what an install put there
#
# PREFIX (absolute, or made absolute) gets:
#   bin/gesture-playground                                  the program
#   share/gesture-playground/{scenes,images}/               the bundled scenes and their pictures,
#                                                           where SceneLibrary looks next to bin/
#   share/applications/org.gestureplayground.GesturePlayground.desktop   (Exec = the absolute path)
#   share/icons/hicolor/{256x256,scalable}/apps/org.gestureplayground.GesturePlayground.{png,svg}
#   share/bash-completion/completions/gesture-playground, share/zsh/site-functions/_gesture-playground,
#   share/fish/vendor_completions.d/gesture-playground.fish    shell completion, from the program
#
# $DESTDIR, when set, is put in front of every path written (for packaging); the desktop
# file still names PREFIX/bin/gesture-playground, where the program will be at run time.
set -euo pipefail

app_id=org.gestureplayground.GesturePlayground
root=$(cd "$(dirname "$0")/.." && pwd)

usage() {
  echo "usage: scripts/install.sh BINARY PREFIX | scripts/install.sh --uninstall PREFIX" >&2
  exit 64
}

absolute() {
  case "$1" in
    /*) printf '%s\n' "${1%/}" ;;
    *) printf '%s/%s\n' "$(pwd)" "${1%/}" ;;
  esac
}

files_under() {
  # The files an install creates, relative to the prefix (the data folder as a whole).
  printf '%s\n' bin/gesture-playground share/gesture-playground \
    "share/applications/$app_id.desktop" \
    "share/icons/hicolor/256x256/apps/$app_id.png" \
    "share/icons/hicolor/scalable/apps/$app_id.svg" \
    share/bash-completion/completions/gesture-playground \
    share/zsh/site-functions/_gesture-playground \
    share/fish/vendor_completions.d/gesture-playground.fish
}

refresh_caches() {
  # Best effort: launchers watch share/applications themselves; a system-wide hicolor theme
  # has an icon cache to refresh. Skipped when staging into DESTDIR.
  [ -z "${DESTDIR:-}" ] || return 0
  if command -v gtk-update-icon-cache > /dev/null 2>&1 && [ -f "$prefix/share/icons/hicolor/index.theme" ]; then
    gtk-update-icon-cache -q -t "$prefix/share/icons/hicolor" 2> /dev/null || true
  fi
}

if [ "${1:-}" = "--uninstall" ]; then
  [ $# -eq 2 ] || usage
  prefix=$(absolute "$2")
  dest=${DESTDIR:-}$prefix
  while read -r file; do
    rm -rf "${dest:?}/$file"
  done < <(files_under)
  refresh_caches
  echo "install: removed the playground from $dest"
  exit 0
fi

[ $# -eq 2 ] || usage
binary=$1
prefix=$(absolute "$2")
dest=${DESTDIR:-}$prefix
[ -x "$binary" ] || { echo "install: $binary is not an executable" >&2; exit 66; }

# Exec and TryExec name the installed program by its absolute path (Exec quoted when the path
# has a space; characters the desktop entry spec would need escaped are refused).
program=$prefix/bin/gesture-playground
case "$program" in
  *[\"\`\$\\\|\&%]*)
    echo "install: the prefix $prefix has a character a desktop file cannot name plainly" >&2
    exit 64
    ;;
  *[[:space:]]*) exec_value="\"$program\"" ;;
  *) exec_value=$program ;;
esac

install -d "$dest/bin" "$dest/share/gesture-playground/scenes" "$dest/share/gesture-playground/images" \
  "$dest/share/applications" "$dest/share/icons/hicolor/256x256/apps" "$dest/share/icons/hicolor/scalable/apps"
install -m 0755 "$binary" "$dest/bin/gesture-playground"
# A reinstall replaces the data: scenes removed from the source tree do not linger.
rm -f "$dest/share/gesture-playground/scenes/"*.json "$dest/share/gesture-playground/images/"*.png
install -m 0644 "$root"/assets/scenes/*.json "$dest/share/gesture-playground/scenes/"
install -m 0644 "$root"/assets/images/*.png "$dest/share/gesture-playground/images/"
install -m 0644 "$root/assets/icons/$app_id.png" "$dest/share/icons/hicolor/256x256/apps/$app_id.png"
install -m 0644 "$root/assets/icons/$app_id.svg" "$dest/share/icons/hicolor/scalable/apps/$app_id.svg"

# Shell completion scripts, as the program writes them (swift-argument-parser's).
install -d "$dest/share/bash-completion/completions" "$dest/share/zsh/site-functions" \
  "$dest/share/fish/vendor_completions.d"
"$binary" --generate-completion-script bash > "$dest/share/bash-completion/completions/gesture-playground"
"$binary" --generate-completion-script zsh > "$dest/share/zsh/site-functions/_gesture-playground"
"$binary" --generate-completion-script fish > "$dest/share/fish/vendor_completions.d/gesture-playground.fish"

desktop="$dest/share/applications/$app_id.desktop"
sed -e "s|^Exec=.*|Exec=$exec_value|" -e "/^Exec=/a TryExec=$program" \
  "$root/assets/$app_id.desktop" > "$desktop.tmp"
chmod 0644 "$desktop.tmp"
mv "$desktop.tmp" "$desktop"

refresh_caches
echo "install: installed gesture-playground in $dest (run $program, or find Gesture Playground in the launcher)"
