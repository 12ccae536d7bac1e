#!/usr/bin/env bash
# What hovers cost (issue 20): cold `galley build` of this repository with
# hovers and without (`hovers: false`), each from an empty result cache (the
# sample library stays built), then a warm build; prints the figures and the
# ratio against the budget (cold with hovers at most 1.5 × without). Then the
# share of identifiers in visible sample code that have a declaration
# annotation (target >= 95 %), from the GalleySiteTests test that counts them.
# Usage: bench/hovers.sh   (GALLEY=/path/to/galley times that binary; default:
# this checkout's release build; RUNS=n cold runs of each, default 1)
# It empties .build/galley/cache (a cache: the next build fills it again).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
runs=${RUNS:-1}
source "$repo/bench/lib.sh"
bench_galley
cd "$repo"
work=$(mktemp -d /tmp/galley-hovers-XXXX)
mkdir -p .build/galley-bench
sed 's/^language: en$/language: en\nhovers: false/' galley.yml > .build/galley-bench/no-hovers.yml
grep -q '^hovers: false' .build/galley-bench/no-hovers.yml || echo "hovers: false" >> .build/galley-bench/no-hovers.yml

"$galley" build --output "$work/public" >/dev/null   # the sample library built, outside the timings
cold() {   # cold CONFIG: seconds (wall, user+sys) of a build from an empty cache
  rm -rf .build/galley/cache
  /usr/bin/time -f "%e %U %S" -o "$work/time" "$galley" build --config "$1" --output "$work/public" >/dev/null
  awk '{printf "%s %.2f\n", $1, $2 + $3}' "$work/time"
}
for i in $(seq "$runs"); do
  read -r off_wall off_cpu < <(cold .build/galley-bench/no-hovers.yml)
  read -r on_wall on_cpu < <(cold galley.yml)
  echo "run $i: cold without hovers ${off_wall} s (cpu ${off_cpu} s), with hovers ${on_wall} s (cpu ${on_cpu} s)"
  echo "$off_wall $on_wall $off_cpu $on_cpu" >> "$work/cold"
done
/usr/bin/time -f "%e" -o "$work/warm" "$galley" build --output "$work/public" >/dev/null
python3 - "$work/cold" "$work/warm" <<'PY'
import statistics, sys
rows = [list(map(float, line.split())) for line in open(sys.argv[1])]
off, on, off_cpu, on_cpu = (statistics.median(column) for column in zip(*rows))
warm = float(open(sys.argv[2]).read().split()[0])
ratio = on / off
print(f"cold galley build without hovers  {off:7.2f} s  (cpu {off_cpu:.2f} s)")
print(f"cold galley build with hovers     {on:7.2f} s  (cpu {on_cpu:.2f} s)")
print(f"ratio (wall)                      {ratio:7.2f}   budget <= 1.50  {'PASS' if ratio <= 1.5 else 'MISS'}   (cpu ratio {on_cpu / off_cpu:.2f})")
print(f"warm galley build (with hovers)   {warm:7.2f} s")
PY
echo "coverage (swift test --filter HoverCoverage, warm: reads the cache the build filled) ..."
swift build --build-tests --package-path "$repo" >/dev/null
GALLEY_HOVER_COVERAGE=1 swift test --skip-build --package-path "$repo" --filter HoverCoverage 2>&1 | grep -E "hover coverage|most missed|passed after|failed after"
