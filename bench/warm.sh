#!/usr/bin/env bash
# Warm runs on this repository (issue 12): `galley build` and `galley verify`
# in the repository root when nothing changed since the last run. The first
# run of each (untimed) builds the sample library and fills the result cache;
# then hyperfine times 10 more runs of each (after one warmup) and this prints
# the medians with PASS/MISS against the targets (release build of galley):
# an unchanged `galley build` at most 0.1 s (issue 49: it replays the last
# build, BuildStamp), `galley verify` < 0.3 s; and, for the record, the same
# build with `--force` (everything read, verified from the caches, rendered
# and compared with the output again: the work an edit starts from).
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
# A file saved in the last tenth of a second keeps a build from recording its stamp.
sleep 0.2
"$galley" build | tail -1
hyperfine --style basic --warmup 1 --runs "$runs" --export-json "$work/warm.json" \
  -n "galley build (warm)" "$galley build" \
  -n "galley verify (warm)" "$galley verify" \
  -n "galley build --force (warm)" "$galley build --force"

python3 - "$work/warm.json" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
print()
targets = {"galley build (warm)": ("<= 0.1 s", lambda m: m <= 0.1), "galley verify (warm)": ("< 0.3 s", lambda m: m < 0.3)}
for r in results:
    median = r["median"]
    line = f"{r['command']:28} median {median:.3f} s (min {r['min']:.3f}, max {r['max']:.3f}; {len(r['times'])} runs)"
    if r["command"] in targets:
        text, met = targets[r["command"]]
        line += f"  target {text}  {'PASS' if met(median) else 'MISS'}"
    print(line)
print(f"hyperfine's JSON: {sys.argv[1]}")
PY
