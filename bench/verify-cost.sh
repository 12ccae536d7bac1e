#!/usr/bin/env bash
# What the sandbox and merging cost a cold `galley verify`: a generated book
# of about 700 runnable samples (70 pages of 10), verified with --no-cache
# (every sample compiled and run) in four configurations:
#   sandbox on  + merged      sandbox off + merged
#   sandbox on  + --no-merge  sandbox off + --no-merge
# Each configuration runs RUNS times (default 1); the median wall time is
# reported, with the sandbox's share of the cold verify.
#
# Usage: bench/verify-cost.sh [work-dir]      (default: a fresh temporary folder)
#   PAGES=70 PER_PAGE=10   the book's size
#   RUNS=3                 repetitions per configuration
#   MERGE=merged,single    which merge modes to time (--no-merge compiles
#                          every sample alone: about 1 s of CPU each)
#   GALLEY=/path/to/galley time that binary instead of this checkout's release build
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
source "$repo/bench/lib.sh"
work=${1:-$(mktemp -d /tmp/galley-verify-cost-XXXX)}
pages=${PAGES:-70}
per_page=${PER_PAGE:-10}
runs=${RUNS:-1}
merge_modes=${MERGE:-merged,single}

bench_install bwrap=bubblewrap
bench_galley

# The book: every sample runs, prints and checks its output; a third use
# Foundation (the runtime's largest libraries), a third start with a struct
# of their own (the merge makes those fileprivate), the rest are plain.
rm -rf "$work/content" "$work/.build"
mkdir -p "$work/content"
for p in $(seq 1 "$pages"); do
  {
    printf -- '---\ntitle: Page %d\n---\n# Page %d\n\n' "$p" "$p"
    for s in $(seq 1 "$per_page"); do
      n=$((p * 100 + s))
      printf 'Sample %d of page %d.\n\n```swift\n' "$s" "$p"
      case $((s % 3)) in
        0) printf 'import Foundation\nlet words = "a b c %d".split(separator: " ")\n' "$n"
           printf 'print(words.count, String(format: "%%.1f", Double(%d) / 2)) // Prints "4 %s"\n' "$n" "$(python3 -c "print(f'{$n/2:.1f}')")" ;;
        1) printf 'struct Model { var value = %d }\nvar model = Model()\nmodel.value += 1\n' "$n"
           printf 'print(model.value, [model.value].map { $0 * 2 }) // Prints "%d [%d]"\n' "$((n + 1))" "$(((n + 1) * 2))" ;;
        2) printf 'let total = (1...%d).reduce(0, +)\nprint(total) // Prints "%d"\n' "$s" "$((s * (s + 1) / 2))" ;;
      esac
      printf '```\n\n'
    done
  } > "$work/content/page$p.md"
done
samples=$((pages * per_page))
cd "$work"

now() { python3 -c 'import time; print(f"{time.time():.3f}")'; }
# time_verify SANDBOX MERGE: the median of $runs cold verifies, in seconds.
time_verify() {
  local sandbox=$1 merge=$2 times=() start end
  printf 'verify:\n  sandbox: %s\n' "$sandbox" > galley.yml
  local args=(--no-cache)
  [ "$merge" = single ] && args+=(--no-merge)
  for _ in $(seq 1 "$runs"); do
    start=$(now)
    "$galley" verify "${args[@]}" > "$work/verify-$sandbox-$merge.log" 2>&1 \
      || { echo "verify failed (sandbox $sandbox, $merge):" >&2; tail -20 "$work/verify-$sandbox-$merge.log" >&2; exit 1; }
    end=$(now)
    times+=("$(python3 -c "print($end - $start)")")
  done
  if [ "$sandbox" = on ] && ! grep -q "sandboxed" "$work/verify-$sandbox-$merge.log"; then
    echo "sandbox: on, but the report does not say the samples ran sandboxed" >&2; exit 1
  fi
  python3 -c 'import statistics, sys; print(f"{statistics.median(map(float, sys.argv[1:])):.2f}")' "${times[@]}"
}

echo "book: $samples runnable samples over $pages pages; $(nproc) cores; $runs run(s) each, median; galley: $galley"
for merge in ${merge_modes//,/ }; do
  on=$(time_verify on "$merge")
  off=$(time_verify off "$merge")
  python3 - "$merge" "$on" "$off" "$samples" <<'PY'
import sys
merge, on, off, samples = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
label = "merged" if merge == "merged" else "--no-merge"
print(f"cold, {label:10}  sandbox on {on:7.2f} s   off {off:7.2f} s   "
      f"sandbox costs {on - off:6.2f} s = {(on - off) / on:5.1%} of the sandboxed verify, "
      f"{(on - off) / samples * 1000:5.1f} ms per sample")
PY
done
