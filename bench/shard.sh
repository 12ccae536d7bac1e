#!/usr/bin/env bash
# Sharded `galley verify` (issue 12): 400 quick runnable samples over 40 pages,
# verified unsharded and as `--shard 1/2` and `--shard 2/2`, every run cold
# (`--no-cache`: no result is read from or written to the cache), each timed
# alone by hyperfine (on a 2-core machine the shards of a CI matrix would run
# on machines of their own, so they are not run at the same time here).
# Then the shards' JSON reports are merged with `--merge-reports` and the
# merged report must equal the unsharded one (JSON, the run's `seconds`
# aside; and the human report, its timing aside).
# Prints each shard's time / the unsharded time: target <= 0.6 (PASS/MISS).
# Usage: bench/shard.sh [work-dir]   (RUNS=n sets hyperfine's runs, default 3)
# Installs hyperfine with apt-get when missing.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$(mktemp -d /tmp/galley-shard-XXXX)}
runs=${RUNS:-3}
pages=40
per_page=10
source "$repo/bench/lib.sh"
bench_install hyperfine
bench_galley

rm -rf "$work/content" "$work/.build"
mkdir -p "$work/content"
for p in $(seq 1 $pages); do
  {
    printf -- '---\ntitle: Page %d\n---\n# Page %d\n\n' "$p" "$p"
    for s in $(seq 1 $per_page); do
      printf 'Sample %d of page %d.\n\n```swift\n' "$s" "$p"
      printf 'struct Model { var value = %d }\n' "$((p * 100 + s))"
      printf 'var model = Model()\nmodel.value += 1\n'
      printf 'print(model.value) // Prints "%d"\n```\n\n' "$((p * 100 + s + 1))"
    done
  } > "$work/content/page$p.md"
done
cd "$work"

# The reports, checked before anything is timed.
"$galley" verify --no-cache --format json > full.json
"$galley" verify --no-cache --shard 1/2 --format json > shard1.json
"$galley" verify --no-cache --shard 2/2 --format json > shard2.json
"$galley" verify --merge-reports shard1.json shard2.json --format json > merged.json
"$galley" verify --no-cache > full.txt
"$galley" verify --merge-reports shard1.json shard2.json > merged.txt
python3 - <<'PY'
import json, re, sys
def normal(path):
    report = json.load(open(path))
    report.pop("seconds", None)
    return report
full, merged = normal("full.json"), normal("merged.json")
shards = [json.load(open(f"shard{i}.json")) for i in (1, 2)]
print(f"unsharded: {full['passed']} passed, {full['failed']} failed, {full['skipped']} skipped;"
      f" shards: {shards[0]['passed']} + {shards[1]['passed']} passed"
      f" ({len({s['page'] for s in shards[0]['samples']})} + {len({s['page'] for s in shards[1]['samples']})} pages)")
if full != merged:
    print("MISMATCH: the merged JSON report differs from the unsharded one"); sys.exit(1)
timing = lambda text: re.sub(r"\d+(\.\d+)? ?(s|ms)\b", "<time>", text)
if timing(open("full.txt").read()) != timing(open("merged.txt").read()):
    print("MISMATCH: the merged human report differs from the unsharded one"); sys.exit(1)
print("merged report == unsharded report (JSON without `seconds`, and the human report)")
PY

hyperfine --style basic --warmup 1 --runs "$runs" --export-json "$work/shard.json" \
  -n unsharded "$galley verify --no-cache" \
  -n "shard 1/2" "$galley verify --no-cache --shard 1/2" \
  -n "shard 2/2" "$galley verify --no-cache --shard 2/2"

python3 - "$work/shard.json" "$(nproc)" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
full = results[0]["median"]
print(f"\n400 samples over 40 pages, cold (--no-cache), {sys.argv[2]} cores, median of {len(results[0]['times'])} runs")
print(f"unsharded   {full:6.2f} s")
for label, x in zip(["shard 1/2", "shard 2/2"], results[1:]):
    ratio = x["median"] / full
    print(f"{label}   {x['median']:6.2f} s  {ratio:.2f}x unsharded  (target <= 0.6x)  {'PASS' if ratio <= 0.6 else 'MISS'}")
print(f"hyperfine's JSON: {sys.argv[1]}")
PY
