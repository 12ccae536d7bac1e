#!/usr/bin/env bash
# Benchmark of `galley verify` on a generated corpus: 200 runnable samples over
# 20 pages. Measures, in one run on this machine:
#   1. cold verify, merged compilation (empty cache)
#   2. cold verify, one swiftc per sample (--no-merge --no-cache: the baseline of
#      tools that compile each doc sample on its own)
#   3. warm verify, nothing changed
#   4. verify after editing one sample
# and prints the ratios against the targets of issue 4.
# Usage: bench/verify.sh [work-dir]     (default: a fresh temporary folder)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$(mktemp -d /tmp/galley-bench-XXXX)}
pages=20
per_page=10

swift build -c release --product galley --package-path "$repo" >/dev/null
galley="$(swift build -c release --show-bin-path --package-path "$repo")/galley"

rm -rf "$work/content" "$work/.build"
mkdir -p "$work/content"
for p in $(seq 1 $pages); do
  {
    printf -- '---\ntitle: Page %d\n---\n# Page %d\n\n' "$p" "$p"
    for s in $(seq 1 $per_page); do
      printf 'Sample %d of page %d.\n\n```swift\n' "$s" "$p"
      printf 'struct Model { var value = %d }\n' "$((p * 100 + s))"
      printf 'var model = Model()\nmodel.value += 1\n'
      printf 'let doubled = [model.value].map { $0 * 2 }\n'
      printf 'print(model.value, doubled) // Prints "%d [%d]"\n```\n\n' "$((p * 100 + s + 1))" "$(((p * 100 + s + 1) * 2))"
    done
  } > "$work/content/page$p.md"
done
cd "$work"

seconds() { python3 -c 'import sys,time; print(f"{time.time():.3f}")'; }
run() { # label, args...
  local label=$1; shift
  local start end
  start=$(seconds)
  "$galley" verify "$@" > "$work/$label.log" 2>&1 || { echo "verify failed ($label):"; tail -20 "$work/$label.log"; exit 1; }
  end=$(seconds)
  python3 -c "print(f'{$end - $start:.2f}')"
}

cold_merged=$(run cold-merged)
cold_single=$(run cold-single --no-merge --no-cache)
warm=$(run warm)
sed -i 's/struct Model { var value = 101 }/struct Model { var value = 1101 }/; s/Prints "102 \[204\]"/Prints "1102 [2204]"/' content/page1.md
edit=$(run edit-one)

# What compiling one sample alone costs, for the edit target.
mkdir -p one/content && cp content/page1.md one/content/ && python3 - one/content/page1.md <<'PY'
import sys, re
text = open(sys.argv[1]).read()
blocks = text.split("```swift")
open(sys.argv[1], "w").write(blocks[0] + "```swift" + blocks[1].split("```\n")[0] + "```\n")
PY
one=$(cd one && run one-sample --no-cache)

python3 - "$cold_merged" "$cold_single" "$warm" "$edit" "$one" <<'PY'
import sys
cm, cs, warm, edit, one = map(float, sys.argv[1:])
print(f"corpus: 200 runnable samples over 20 pages, {__import__('os').cpu_count()} cores")
print(f"cold, merged          {cm:7.2f} s")
print(f"cold, one swiftc each {cs:7.2f} s   merged is {cs / cm:.1f}x faster (target >= 5x)")
print(f"warm, nothing changed {warm:7.2f} s   (target < 1 s)")
print(f"one sample edited     {edit:7.2f} s   one sample alone costs {one:.2f} s (target <= {one + 1:.2f} s)")
ok = cs / cm >= 5 and warm < 1 and edit <= one + 1
print("targets met" if ok else "TARGETS MISSED")
PY
