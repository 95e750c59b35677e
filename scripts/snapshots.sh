#!/usr/bin/env bash
# Regenerates the scene gallery: for every bundled scene NAME (in the picker's order, as
# `gesture-playground scenes` lists them) replays its showcase trace
#   Tests/PlaygroundTests/Fixtures/scenes/NAME.trace.jsonl
# into assets/snapshots/NAME.png, then rewrites the README's list of scenes (between the
# `<!-- scenes:begin -->` and `<!-- scenes:end -->` lines) with each scene's number key,
# name, title, hint (read from assets/scenes/NAME.json) and picture. Then the delivery lab's
# double tap under each flag (Tests/PlaygroundTests/Fixtures/timelines/delivery-FLAG.trace.jsonl)
# into assets/timelines/delivery-FLAG.png (its timeline) and delivery-FLAG-window.png (the
# window at its end), and the README's table of them (between `<!-- timelines:begin -->` and
# `<!-- timelines:end -->`).
# A scene without a showcase trace, or whose replay fails, is named on standard error and
# the script exits 1 after doing the others.
# Usage: scripts/snapshots.sh BINARY   (run from the repository root; `make snapshots` does)
set -euo pipefail
bin=$1
traces=Tests/PlaygroundTests/Fixtures/scenes
out=assets/snapshots
mkdir -p "$out"

listing=$("$bin" scenes)
failed=0
section=$(mktemp)
trap 'rm -f "$section"' EXIT
index=0
while IFS= read -r line; do
  name=${line%% *}
  title=$(printf '%s' "${line#"$name"}" | sed 's/^ *//')
  index=$((index + 1))
  trace=$traces/$name.trace.jsonl
  if [ ! -f "$trace" ]; then
    echo "snapshots: $name has no showcase trace ($trace)" >&2
    failed=1
  elif ! "$bin" replay --scene "$name" --trace "$trace" --snapshot "$out/$name.png" --log /dev/null; then
    echo "snapshots: replaying $trace on $name failed" >&2
    failed=1
  else
    echo "snapshots: $out/$name.png"
  fi
  # The hint, as written in the scene file (one key per line, JSON escapes kept).
  hint=$(sed -n 's/^ *"hint": *"\(.*\)", *$/\1/p; s/^ *"hint": *"\(.*\)" *$/\1/p' "assets/scenes/$name.json" 2> /dev/null | head -n 1)
  key=""
  if [ "$index" -le 10 ]; then key=" (key $((index % 10)))"; fi
  {
    echo "### $index. \`$name\`: $title$key"
    echo
    if [ -n "$hint" ]; then
      echo "$hint"
      echo
    fi
    echo "<img src=\"assets/snapshots/$name.png\" width=\"480\" alt=\"The $name scene\">"
    echo
  } >> "$section"
done <<< "$listing"

# Replace the generated part of the README.
if grep -q '^<!-- scenes:begin -->$' README.md && grep -q '^<!-- scenes:end -->$' README.md; then
  readme=$(mktemp)
  awk -v section="$section" '
    /^<!-- scenes:begin -->$/ { print; while ((getline line < section) > 0) print line; skipping = 1; next }
    /^<!-- scenes:end -->$/ { skipping = 0 }
    !skipping { print }
  ' README.md > "$readme"
  cat "$readme" > README.md
  rm -f "$readme"
  echo "snapshots: README.md scene list rewritten"
else
  echo "snapshots: README.md has no <!-- scenes:begin --> / <!-- scenes:end --> lines; list not written" >&2
  failed=1
fi
# The delivery lab's double tap under each flag: its timeline next to the window.
timelines=assets/timelines
mkdir -p "$timelines"
table=$(mktemp)
{
  echo "| flag set on the pad's double tap | the window at the end | the timeline |"
  echo "| --- | --- | --- |"
} > "$table"
for flag in defaults cancels-off began-on ended-off; do
  trace=Tests/PlaygroundTests/Fixtures/timelines/delivery-$flag.trace.jsonl
  if ! "$bin" replay --scene delivery --trace "$trace" --log /dev/null \
    --snapshot "$timelines/delivery-$flag-window.png" --timeline "$timelines/delivery-$flag.png"; then
    echo "snapshots: replaying $trace failed" >&2
    failed=1
    continue
  fi
  echo "snapshots: $timelines/delivery-$flag.png"
  case $flag in
    defaults) words="the defaults: \`cancelsTouchesInView\`, \`delaysTouchesEnded\`" ;;
    cancels-off) words="\`cancelsTouchesInView\` off" ;;
    began-on) words="\`delaysTouchesBegan\` on" ;;
    ended-off) words="\`delaysTouchesEnded\` off" ;;
  esac
  echo "| $words | <img src=\"$timelines/delivery-$flag-window.png\" width=\"240\" alt=\"The delivery lab, $flag\"> | <img src=\"$timelines/delivery-$flag.png\" width=\"560\" alt=\"Timeline of a double tap, $flag\"> |" >> "$table"
done
if grep -q '^<!-- timelines:begin -->$' README.md && grep -q '^<!-- timelines:end -->$' README.md; then
  readme=$(mktemp)
  awk -v section="$table" '
    /^<!-- timelines:begin -->$/ { print; while ((getline line < section) > 0) print line; skipping = 1; next }
    /^<!-- timelines:end -->$/ { skipping = 0 }
    !skipping { print }
  ' README.md > "$readme"
  cat "$readme" > README.md
  rm -f "$readme"
  echo "snapshots: README.md timelines rewritten"
else
  echo "snapshots: README.md has no <!-- timelines:begin --> / <!-- timelines:end --> lines" >&2
  failed=1
fi
rm -f "$table"
exit "$failed"
