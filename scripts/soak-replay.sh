#!/bin/sh
# `make soak`: a trace of GP_STREAM_MOTIONS finger motions (default 10 million, each with its
# frame: about 1 GB) written to a temporary file and replayed as a stream by the release
# build; reports the time and the peak memory, and fails when the replay fails or its peak
# memory passes 64 MiB (it stays near 16 MiB at any length).
# Usage: scripts/soak-replay.sh PATH-TO-gesture-playground
set -eu
binary=$1
motions=${GP_STREAM_MOTIONS:-10000000}
trace=$(mktemp /tmp/gp-soak-XXXXXX.jsonl)
trap 'rm -f "$trace"' EXIT
awk -v n="$motions" 'BEGIN {
  print "{\"t\":0,\"type\":\"touch.down\",\"id\":0,\"x\":200,\"y\":300}"
  print "{\"t\":0,\"type\":\"touch.frame\"}"
  for (i = 0; i < n; i++) {
    t = sprintf("%.3f", (i + 1) / 1000)
    printf "{\"t\":%s,\"type\":\"touch.motion\",\"id\":0,\"x\":%d,\"y\":300}\n", t, 200 + i % 400
    printf "{\"t\":%s,\"type\":\"touch.frame\"}\n", t
  }
  printf "{\"t\":%.3f,\"type\":\"touch.up\",\"id\":0}\n", (n + 1) / 1000
}' > "$trace"
python3 - "$binary" "$trace" "$motions" <<'PY'
import resource, subprocess, sys, time
binary, trace, motions = sys.argv[1], sys.argv[2], int(sys.argv[3])
start = time.monotonic()
status = subprocess.run([binary, "replay", "--scene", "cards", "--trace", trace, "--log", "/dev/null"]).returncode
elapsed = time.monotonic() - start
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
print(f"soak: replay of {motions} motions streamed from a file: {elapsed:.1f} s, peak memory {peak:.1f} MiB")
sys.exit(1 if status != 0 or peak > 64 else 0)
PY
