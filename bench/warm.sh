#!/usr/bin/env bash
# Warm runs on this repository (issue 12): `galley build` and `galley verify`
# in the repository root when nothing changed since the last run. The first
# run of each (untimed) builds the sample library and fills the result cache;
# then hyperfine times 10 more runs of each (after one warmup) and this prints
# the medians with PASS/MISS against the target, < 0.3 s each (release build
# of galley).
# Usage: bench/warm.sh   (RUNS=n sets hyperfine's runs, default 10)
# Installs hyperfine with apt-get when missing.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/galley-warm-XXXX)
runs=${RUNS:-10}
source "$repo/bench/lib.sh"
bench_install hyperfine
bench_galley

cd "$repo"
echo "first runs (the sample library is built, the cache filled) ..."
"$galley" build | tail -1
"$galley" verify | tail -1
hyperfine --style basic --warmup 1 --runs "$runs" --export-json "$work/warm.json" \
  -n "galley build (warm)" "$galley build" \
  -n "galley verify (warm)" "$galley verify"

python3 - "$work/warm.json" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
print()
for r in results:
    median = r["median"]
    print(f"{r['command']:24} median {median:.3f} s (min {r['min']:.3f}, max {r['max']:.3f}; {len(r['times'])} runs)"
          f"  target < 0.3 s  {'PASS' if median < 0.3 else 'MISS'}")
print(f"hyperfine's JSON: {sys.argv[1]}")
PY
