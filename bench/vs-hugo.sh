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
# Prints the ratios and PASS/MISS for the targets of issue 12:
#   Galley <= 0.5 x Hugo (PAGES), Galley <= 5 x cmark-gfm (PAGES),
#   Galley (5 x PAGES) <= 6 x Galley (PAGES);
# and peak memory (GNU time's maximum resident set size) of one build each.
#
# Usage: bench/vs-hugo.sh [pages] [work-dir]   (RUNS=n sets hyperfine's runs, default 10)
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

echo "timing $pages pages ($runs runs) ..."
hyperfine --style basic --warmup 1 --runs "$runs" --export-json "$work/hyperfine-$pages.json" \
  -n galley "cd $work/$pages/galley && $galley build" \
  -n hugo "cd $work/$pages/hugo && hugo --quiet -d public" \
  -n cmark-gfm "$work/cmark-gfm-pages.sh $work/$pages/galley $cores" \
  -n "cmark-gfm, one process, parse only" \
     "cd $work/$pages/galley/content && find . -name '*.md' | sort | xargs cmark-gfm -e table -e tasklist -e strikethrough -e autolink > /dev/null"
large_runs=$(( runs > 5 ? 5 : runs ))
echo "timing $large pages ($large_runs runs) ..."
hyperfine --style basic --warmup 1 --runs "$large_runs" --export-json "$work/hyperfine-$large.json" \
  -n galley "cd $work/$large/galley && $galley build" \
  -n hugo "cd $work/$large/hugo && hugo --quiet -d public"

peak() { # dir, command... -> KB
  local dir=$1; shift
  (cd "$dir" && /usr/bin/time -v "$@" 2>&1 >/dev/null | awk -F': ' '/Maximum resident set size/ {print $2}')
}
mem_galley=$(peak "$work/$pages/galley" "$galley" build)
mem_hugo=$(peak "$work/$pages/hugo" hugo --quiet -d public)
mem_galley_large=$(peak "$work/$large/galley" "$galley" build)
mem_hugo_large=$(peak "$work/$large/hugo" hugo --quiet -d public)

python3 - "$work" "$pages" "$large" "$cores" "$mem_galley" "$mem_hugo" "$mem_galley_large" "$mem_hugo_large" <<'PY'
import json, sys
work, pages, large, cores = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
mg, mh, mgl, mhl = (int(v) / 1024 for v in sys.argv[5:9])
def load(size):
    return {r["command"]: r for r in json.load(open(f"{work}/hyperfine-{size}.json"))["results"]}
small, big = load(pages), load(large)
print(f"\ncorpus: {pages} and {large} pages in 20 sections, {cores} cores; median of hyperfine's runs")
print(f"{'':36} {'median':>8} {'mean ± σ':>16} {'peak memory':>12}")
def row(label, r, mem=None):
    m = f"{mem:9.0f} MB" if mem is not None else ""
    print(f"{label:36} {r['median']:7.3f}s {r['mean']:8.3f} ± {r['stddev']:.3f}s {m:>12}")
row(f"galley, {pages} pages", small["galley"], mg)
row(f"hugo, {pages} pages", small["hugo"], mh)
row(f"cmark-gfm per page, {pages} pages", small["cmark-gfm"])
row(f"cmark-gfm one process, parse only", small["cmark-gfm, one process, parse only"])
row(f"galley, {large} pages", big["galley"], mgl)
row(f"hugo, {large} pages", big["hugo"], mhl)
g, h, c = small["galley"]["median"], small["hugo"]["median"], small["cmark-gfm"]["median"]
gl = big["galley"]["median"]
targets = [
    (f"Galley / Hugo at {pages} pages", g / h, 0.5),
    (f"Galley / cmark-gfm at {pages} pages", g / c, 5.0),
    (f"Galley {large} / {pages} pages", gl / g, 6.0),
]
print()
for label, ratio, limit in targets:
    print(f"{label:36} {ratio:6.2f}x  (target <= {limit}x)  {'PASS' if ratio <= limit else 'MISS'}")
print(f"{'Hugo ' + str(large) + ' / ' + str(pages) + ' pages':36} {big['hugo']['median'] / h:6.2f}x  (for comparison)")
print(f"hyperfine's JSON: {work}/hyperfine-{pages}.json, {work}/hyperfine-{large}.json")
PY
