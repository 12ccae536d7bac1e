#!/usr/bin/env bash
# Galley against Hugo and bare cmark-gfm on one generated corpus (issue 12).
#
# bench/corpus.py writes PAGES pages (default 1,000) in 20 sections and again
# 5 x PAGES: front matter, a table, a task list, `python` and `json` code
# blocks (no Swift: Galley compiles nothing, so this measures rendering, not
# the compiler), headings, links to other pages' anchors. The same files are
# built, in one hyperfine run per size (a warmup, then several runs):
#
#   galley     `galley build` (release build), the built-in theme
#   hugo       Debian's `hugo` with bench/hugo/: the same navigation as Galley's
#              on a site of over 100 pages (home, the current section's pages,
#              one link per other section, all-pages.html), a table of contents,
#              previous and next links, a JSON search index, 404.html; links
#              between pages and their anchors checked by a render hook
#   cmark-gfm  one `cmark-gfm -e table -e tasklist -e strikethrough -e autolink`
#              process per page writing one HTML file per page, the pages
#              spread over as many parallel lanes as there are cores (Galley
#              and Hugo use every core too); the floor of "Markdown in, a file
#              per page out". Also shown, not a target: one cmark-gfm process
#              over all pages at once, to /dev/null (parsing alone).
#
# Each tool is timed twice per size: a rebuild over its existing output, and
# a first build with its output folder removed before every run (hyperfine
# --prepare; what CI does on every push). Prints, with PASS/MISS against the
# targets of issue 17 (part 2): first build and rebuild each <= 0.5 x Hugo's
# time at PAGES and 5 x PAGES, Galley's CPU time (user + system) per page of a
# first build <= 0.2 ms; and peak memory (GNU time's maximum resident set
# size) of a first build and a rebuild of each tool. Also the targets of issue
# 12: Galley <= 5 x cmark-gfm (PAGES), Galley (5 x PAGES) <= 6 x Galley (PAGES).
# For comparison, not a target: Galley's CPU per page of a first build of
# PAGES on tmpfs (/dev/shm), without the file system's part of creating files.
#
# Usage: bench/vs-hugo.sh [pages] [work-dir]   (RUNS=n sets hyperfine's runs, default 10; 5 x pages: at most 5)
# Installs hugo, hyperfine, cmark-gfm and GNU time with apt-get when missing.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
pages=${1:-1000}
large=$((pages * 5))
work=${2:-$(mktemp -d /tmp/galley-vs-hugo-XXXX)}
mkdir -p "$work"
runs=${RUNS:-10}
cores=$(nproc)

source "$repo/bench/lib.sh"
bench_install hugo hyperfine cmark-gfm /usr/bin/time=time
bench_galley

# One cmark-gfm per page, in $cores lanes; an HTML file per page under out/.
cat > "$work/cmark-gfm-pages.sh" <<'SH'
#!/usr/bin/env bash
set -e
cd "$1"; lanes=$2
rm -rf out
mapfile -t files < <(cd content && find . -name '*.md' | sort)
for f in "${files[@]}"; do d=${f%/*}; [ -d "out/$d" ] || mkdir -p "out/$d"; done
for ((lane = 0; lane < lanes; lane++)); do
  (for ((i = lane; i < ${#files[@]}; i += lanes)); do
     f=${files[i]}
     cmark-gfm -e table -e tasklist -e strikethrough -e autolink "content/$f" > "out/${f%.md}.html"
   done) &
done
wait
SH
chmod +x "$work/cmark-gfm-pages.sh"

for size in "$pages" "$large"; do
  dir="$work/$size"
  rm -rf "$dir"; mkdir -p "$dir"
  python3 "$repo/bench/corpus.py" "$size" "$dir"
  cp -r "$repo/bench/hugo/." "$dir/hugo/"
  printf 'title: Bench\n' > "$dir/galley/galley.yml"
  # Both must build the corpus without an error before they are timed.
  (cd "$dir/galley" && "$galley" build >/dev/null) || { echo "galley build failed on $size pages"; exit 1; }
  (cd "$dir/hugo" && hugo --quiet -d public) || { echo "hugo failed on $size pages"; exit 1; }
  echo "$size pages: galley wrote $(find "$dir/galley/public" -name '*.html' | wc -l) HTML files," \
       "hugo $(find "$dir/hugo/public" -name '*.html' | wc -l) (its 20 section list pages included)"
done

large_runs=$(( runs > 5 ? 5 : runs ))
for size in "$pages" "$large"; do
  n=$([ "$size" = "$pages" ] && echo "$runs" || echo "$large_runs")
  g="$work/$size/galley" h="$work/$size/hugo"
  echo "timing $size pages, rebuilds over the existing output ($n runs) ..."
  extra=()
  if [ "$size" = "$pages" ]; then
    extra=(-n cmark-gfm "$work/cmark-gfm-pages.sh $g $cores"
           -n "cmark-gfm, one process, parse only"
           "cd $g/content && find . -name '*.md' | sort | xargs cmark-gfm -e table -e tasklist -e strikethrough -e autolink > /dev/null")
  fi
  # --force: every galley run renders the site, as every Hugo run does (unforced, an unchanged build replays the last one).
  hyperfine --style basic --warmup 1 --runs "$n" --export-json "$work/hyperfine-$size.json" \
    -n galley "cd $g && $galley build --force" \
    -n hugo "cd $h && hugo --quiet -d public" \
    "${extra[@]}"
  echo "timing $size pages, first builds: no output folder ($n runs) ..."
  hyperfine --style basic --warmup 1 --runs "$n" --export-json "$work/hyperfine-first-$size.json" \
    --prepare "rm -rf $g/public" -n galley "cd $g && $galley build" \
    --prepare "rm -rf $h/public" -n hugo "cd $h && hugo --quiet -d public"
done

# For comparison, not a target: Galley's first build of the PAGES corpus on
# tmpfs (/dev/shm), where creating files skips no recently freed inodes (an
# ext4 without a journal checks every new inode against those freed in the
# last minutes, and each run here follows an `rm -rf public`).
shm=""
if [ -d /dev/shm ] && [ -w /dev/shm ]; then
  shm=$(mktemp -d /dev/shm/galley-vs-hugo-XXXX)
  cp -r "$work/$pages/galley/." "$shm/"
  echo "timing $pages pages, first builds on tmpfs ($runs runs) ..."
  hyperfine --style basic --warmup 1 --runs "$runs" --export-json "$work/hyperfine-first-tmpfs-$pages.json" \
    --prepare "rm -rf $shm/public" -n galley "cd $shm && $galley build"
  rm -rf "$shm"
fi

peak() { # dir, command... -> KB
  local dir=$1; shift
  (cd "$dir" && /usr/bin/time -v "$@" 2>&1 >/dev/null | awk -F': ' '/Maximum resident set size/ {print $2}')
}
memory=()
for size in "$pages" "$large"; do
  g="$work/$size/galley" h="$work/$size/hugo"
  rm -rf "$g/public"; memory+=("$(peak "$g" "$galley" build)")    # first build
  memory+=("$(peak "$g" "$galley" build)")                         # rebuild
  rm -rf "$h/public"; memory+=("$(peak "$h" hugo --quiet -d public)")
  memory+=("$(peak "$h" hugo --quiet -d public)")
done

python3 - "$work" "$pages" "$large" "$cores" "${memory[@]}" <<'PY'
import json, sys
work, pages, large, cores = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
mb = [int(v) / 1024 for v in sys.argv[5:13]]
memory = {pages: mb[0:4], large: mb[4:8]}  # galley first, galley rebuild, hugo first, hugo rebuild
def load(name):
    return {r["command"]: r for r in json.load(open(f"{work}/{name}.json"))["results"]}
rebuild = {size: load(f"hyperfine-{size}") for size in (pages, large)}
first = {size: load(f"hyperfine-first-{size}") for size in (pages, large)}
print(f"\ncorpus: {pages} and {large} pages in 20 sections, {cores} cores; median of hyperfine's runs;")
print("CPU: user + system, mean of the runs; peak memory: GNU time's maximum resident set size, one run")
print(f"{'':44} {'median':>8} {'mean ± σ':>17} {'CPU':>7} {'CPU/page':>9} {'peak memory':>12}")
def row(label, r, size=None, mem=None):
    cpu = r["user"] + r["system"]
    per = f"{cpu / size * 1000:6.3f} ms" if size else ""
    m = f"{mem:9.0f} MB" if mem is not None else ""
    print(f"{label:44} {r['median']:7.3f}s {r['mean']:8.3f} ± {r['stddev']:.3f}s {cpu:6.2f}s {per:>9} {m:>12}")
for size in (pages, large):
    gf, gr, hf, hr = memory[size]
    row(f"galley, {size} pages, first build", first[size]["galley"], size, gf)
    row(f"hugo, {size} pages, first build", first[size]["hugo"], size, hf)
    row(f"galley, {size} pages, rebuild", rebuild[size]["galley"], size, gr)
    row(f"hugo, {size} pages, rebuild", rebuild[size]["hugo"], size, hr)
    if size == pages:
        row(f"cmark-gfm per page, {pages} pages", rebuild[size]["cmark-gfm"], size)
        row(f"cmark-gfm one process, parse only", rebuild[size]["cmark-gfm, one process, parse only"], size)
def cpu_per_page(r, size):
    return (r["user"] + r["system"]) / size * 1000
targets = []
for size in (pages, large):
    targets += [
        (f"first build, Galley / Hugo, {size} pages", first[size]["galley"]["median"] / first[size]["hugo"]["median"], 0.5, "x"),
        (f"rebuild, Galley / Hugo, {size} pages", rebuild[size]["galley"]["median"] / rebuild[size]["hugo"]["median"], 0.5, "x"),
        (f"Galley CPU per page, first build, {size}", cpu_per_page(first[size]["galley"], size), 0.2, " ms"),
    ]
g = rebuild[pages]["galley"]["median"]
targets += [
    (f"Galley / cmark-gfm at {pages} pages", g / rebuild[pages]["cmark-gfm"]["median"], 5.0, "x"),
    (f"Galley {large} / {pages} pages", rebuild[large]["galley"]["median"] / g, 6.0, "x"),
]
print()
for label, value, limit, unit in targets:
    print(f"{label:44} {value:6.3f}{unit:3} (target <= {limit}{unit.strip()})  {'PASS' if value <= limit else 'MISS'}")
print(f"{'Hugo ' + str(large) + ' / ' + str(pages) + ' pages (rebuild)':44} {rebuild[large]['hugo']['median'] / rebuild[pages]['hugo']['median']:6.2f}x  (for comparison)")
try:
    tmpfs = load(f"hyperfine-first-tmpfs-{pages}")["galley"]
    print(f"{'Galley CPU per page, first build on tmpfs':44} {cpu_per_page(tmpfs, pages):6.3f} ms (user {tmpfs['user'] / pages * 1000:.3f} + system {tmpfs['system'] / pages * 1000:.3f}; for comparison)")
except FileNotFoundError:
    pass
print(f"hyperfine's JSON: {work}/hyperfine-{{,first-}}{{{pages},{large}}}.json")
PY
