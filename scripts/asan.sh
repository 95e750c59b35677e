#!/usr/bin/env bash
# The whole test suite under AddressSanitizer and LeakSanitizer (`make asan`): builds every
# target, the C shims and the gesture-playground executable included, with
# `--sanitize=address` in its own scratch path, runs `swift test` there (the end-to-end tests
# launch the ASan-built gesture-playground that sits next to the test binary, see
# Tests/EndToEndTests/RepositoryLayout.swift), then reads the reports of every process.
#
#   scripts/asan.sh [SWIFT-TEST-ARGUMENTS...]   e.g. --filter EndToEndTests
#
# Every sanitized process (the test runner, each app launch) writes its log to
# LOGS/asan.EXE.PID (log_path, log_exe_name; verbosity=1 so that a process that ran its
# leak check at exit says so: LSan only runs at a normal exit, not after SIGKILL).
# Leaks entirely inside system libraries are suppressed by scripts/lsan.supp (each entry
# says why it is not ours).
# Fails when the tests fail, on any invalid access, or on any leak that was not suppressed
# (a leak with a frame in Sources/, Tests/ or one of our modules is marked as ours).
#
# Environment:
#   ASAN_SCRATCH   scratch path (default .build-asan)
#   ASAN_LOGS      log folder (default ASAN_SCRATCH/asan-logs, emptied first)
#   SWIFT          the swift driver (default swift)
#   GP_FUZZ_CASE_LIMIT  seconds one parser-fuzzer case may take (default here 60, not 5:
#                  AddressSanitizer makes the debug build many times slower)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
SWIFT=${SWIFT:-swift}
SCRATCH=${ASAN_SCRATCH:-$ROOT/.build-asan}
LOGS=${ASAN_LOGS:-$SCRATCH/asan-logs}
SUPPRESSIONS=$ROOT/scripts/lsan.supp
started=$(date +%s)

# ---- build ---------------------------------------------------------------------------
# gold warns once per ASan runtime symbol at every link: not ours, not useful.
$SWIFT build --build-tests --sanitize=address --scratch-path "$SCRATCH" 2>&1 \
  | { grep -v "ld.gold: warning: Cannot export local symbol '__asan" || true; }
bin=$($SWIFT build --sanitize=address --scratch-path "$SCRATCH" --show-bin-path)
if ! nm "$bin/gesture-playground" 2> /dev/null | grep ' __asan_init$' > /dev/null; then
  echo "asan: $bin/gesture-playground is not built with AddressSanitizer" >&2
  exit 1
fi

# ---- run -----------------------------------------------------------------------------
rm -rf "$LOGS"
mkdir -p "$LOGS"
# The sway test runs the app as `nobody` when run as root: it must be able to write here.
chmod 1777 "$LOGS"
export ASAN_OPTIONS="log_path=$LOGS/asan:log_exe_name=1:detect_leaks=1:verbosity=1"
export LSAN_OPTIONS="suppressions=$SUPPRESSIONS:print_suppressions=1"
symbolizer=$(command -v llvm-symbolizer || true)
if [ -x "$(dirname "$(command -v "$SWIFT")")/llvm-symbolizer" ]; then
  symbolizer=$(dirname "$(command -v "$SWIFT")")/llvm-symbolizer
fi
if [ -n "$symbolizer" ]; then export ASAN_SYMBOLIZER_PATH=$symbolizer; fi
# The parser fuzzer's per-case limit (5 s) is for a plain debug build.
export GP_FUZZ_CASE_LIMIT=${GP_FUZZ_CASE_LIMIT:-60}
echo "asan: running the tests; logs in $LOGS"
tests=0
$SWIFT test --skip-build --sanitize=address --scratch-path "$SCRATCH" "$@" || tests=$?

# ---- summary -------------------------------------------------------------------------
# Our code: a source path of this repository or a Swift symbol of one of our modules
# (mangled as length + name), or a C shim (gp_*).
ours="$ROOT/(Sources|Tests)/|[^0-9](10GestureKit|14WaylandBackend|13CairoRenderer|10Playground|18gesture_playground|15GestureKitTests|19WaylandBackendTests|15PlaygroundTests|13EndToEndTests|23GestureKitPropertyTests)|in gp_[a-z_]+ "
# Frames that say nothing about who allocated (the allocator, Swift's object and collection
# allocation), skipped when naming where a foreign report comes from.
plumbing="asan_|in (malloc|calloc|realloc|strdup|operator new)|swift_(slowAlloc|allocObject)|_ContiguousArrayBuffer|Array|_NativeDictionary|_NativeSet|Storage"
demangle=cat
if command -v swift-demangle > /dev/null; then demangle="swift-demangle --simplified"; fi
shopt -s nullglob
summary=$(
  for file in "$LOGS"/asan.*; do
    base=${file##*/asan.}
    awk -v exe="${base%.*}" -v file="${file##*/}" -v ours="$ours" -v plumbing="$plumbing" '
      function frame(line) {
        sub(/^ *#[0-9]+ 0x[0-9a-f]+ (in )?/, "", line)
        sub(/ \(BuildId: [0-9a-f]+\)/, "", line)
        sub(/:[0-9]+:[0-9]+$/, "", line)
        return line
      }
      function report() {
        print "report\t" kind "\t" (mine != "" ? mine : other) "\t" exe "\t" file
        kind = ""
      }
      /AddressSanitizer Init done/ { init = 1 }
      /LeakSanitizer: checking for leaks/ { checked = 1 }
      /ERROR: AddressSanitizer/ {
        if (kind != "") report()
        kind = "invalid"; mine = ""; other = $0; sub(/^=+[^=]*==[0-9]+==ERROR: AddressSanitizer: /, "", other)
        what = other; next
      }
      /^(Direct|Indirect) leak of/ { if (kind != "") report(); kind = "leak"; mine = ""; other = ""; next }
      kind != "" && /^ *#[0-9]+ / {
        if (mine == "" && $0 ~ ours) mine = (kind == "invalid" ? what " at " : "") frame($0)
        if (kind == "leak" && other == "" && $0 !~ plumbing) other = frame($0)
        if (kind == "invalid" && other == what && $0 !~ /asan_/) other = what " at " frame($0)
        next
      }
      kind != "" && /^$/ { report() }
      /^Suppressions used:/ { insupp = 1; next }
      insupp && /^ *count/ { next }
      insupp && /^ *[0-9]+ +[0-9]+ / { print "suppressed\t" $1 "\t" $2 "\t" $3; next }
      insupp { insupp = 0 }
      END {
        if (kind != "") report()
        print "process\t" exe "\t" init "\t" checked
      }
    ' "$file"
  done | awk -F'\t' -v ours="$ours" 'BEGIN { OFS = "\t" }
    $1 == "report" { $2 = ($2 == "invalid" ? "invalid" : ($3 ~ ours ? "ours" : "foreign")) } { print }'
)
echo
echo "asan: ---- summary (logs in $LOGS) ----"
processes=$(grep -c '^process' <<< "$summary" || true)
echo "asan: $processes sanitized processes:"
grep '^process' <<< "$summary" | awk -F'\t' '
  { n[$2]++; if ($4 == 1) c[$2]++ }
  END {
    for (e in n)
      printf "asan:   %s: %d, %d of them ran the leak check at exit, %d ended without it (SIGKILL)\n",
        e, n[e], c[e], n[e] - c[e]
  }' | sort
invalid=$(grep -c $'^report\tinvalid' <<< "$summary" || true)
mine=$(grep -c $'^report\tours' <<< "$summary" || true)
foreign=$(grep -c $'^report\tforeign' <<< "$summary" || true)
dirty=$(grep $'^report' <<< "$summary" | cut -f5 | sort -u | grep -c . || true)
echo "asan: reports: $invalid invalid accesses, $mine leaks in our code, $foreign leaks elsewhere, in $dirty processes"
if [ $((invalid + mine + foreign)) -gt 0 ]; then
  echo "asan: by first frame (count, kind, frame, one log):"
  grep $'^report' <<< "$summary" | awk -F'\t' '{ n[$2 "\t" $3]++; f[$2 "\t" $3] = $5 }
    END { for (k in n) { split(k, p, "\t"); printf "%6d  %-8s %s  (%s)\n", n[k], p[1], p[2], f[k] } }' \
    | sort -rn | head -n 40 | $demangle | sed "s|$ROOT/||g; s/^/asan: /"
fi
if grep -q '^suppressed' <<< "$summary"; then
  echo "asan: suppressed by scripts/lsan.supp (leaks, bytes, over all processes):"
  grep '^suppressed' <<< "$summary" | awk -F'\t' '{ c[$4] += $2; b[$4] += $3; p[$4]++ }
    END { for (t in c) printf "asan:   %-24s %6d leaks %9d bytes in %d processes\n", t, c[t], b[t], p[t] }' | sort
fi
elapsed=$(($(date +%s) - started))
echo "asan: tests $([ "$tests" -eq 0 ] && echo passed || echo "FAILED (status $tests)"), $((elapsed / 60)) min $((elapsed % 60)) s in all"
if [ "$tests" -ne 0 ] || [ "$invalid" -ne 0 ] || [ "$mine" -ne 0 ] || [ "$foreign" -ne 0 ]; then
  echo "asan: FAILED (only a leak entirely inside a system library may be suppressed in scripts/lsan.supp, with the reason)" >&2
  exit 1
fi
echo "asan: no invalid access, no leak"
